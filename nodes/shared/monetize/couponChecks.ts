/**
 * Each coupon the click service sends held to what was asked (docs/nodes.md, Click Report,
 * Coupon): a coupon outside a filter (one the service ignored, or a proxy's cached page of another
 * query) is an error naming the filter, never data. Coupons are kept as sent: `code`, `endDate`
 * and `description` may be null (../shared/spec/published-api-facts.md, section 11).
 */
import type { IDataObject } from 'n8n-workflow';

import { instantMs, shown } from '../clickActions/actionChecks';
import type { AskedFor, RecordCheck } from '../transport';
import { activeProblem } from './merchants';
import { queryArray } from './queryArrays';

/**
 * The record's client sends these dates as days (`Y-m-d`) though the docs say ISO 8601, so the
 * service may compare by day, in its own time zone: a coupon is held to a date filter with a
 * day's slack. A filter the service ignores still shows, on all but the coupons near its edge.
 */
export const COUPON_DATE_SLACK_MS = 24 * 3_600_000;

/** The list filters and the coupon field each is about, with the panel's label. */
const LIST_FILTERS = [
	{ field: 'languageCodes', label: 'Language Codes', same: (value: unknown) => String(value).toLowerCase() },
	{ field: 'categoryIds', label: 'Category IDs', same: (value: unknown) => String(value) },
	{ field: 'countryCodes', label: 'Country Codes', same: (value: unknown) => String(value).toUpperCase() },
] as const;

/**
 * A coupon that shares none of the codes or IDs a list filter asked for. An empty list on the
 * coupon passes: the record shows `countryCodes: []`, which may mean everywhere.
 */
export function listFilterProblem(coupon: IDataObject, asked: Partial<Record<(typeof LIST_FILTERS)[number]['field'], string[]>>): string | undefined {
	for (const { field, label, same } of LIST_FILTERS) {
		const wanted = asked[field];
		if (wanted === undefined || wanted.length === 0) continue;
		const has = coupon[field];
		if (!Array.isArray(has)) return `has no "${field}" list to hold to the ${label} filter (it is ${shown(has)})`;
		if (has.length === 0) continue;
		const wantedSet = new Set(wanted.map(same));
		if (!has.some((value) => wantedSet.has(same(value)))) return `has "${field}" ${shown(has)}, none of which the ${label} filter asked for (${wanted.join(', ')})`;
	}
	return undefined;
}

/** A coupon date outside a bound, with the slack; `endDate: null` (no end) ends after any date. */
function dateProblem(coupon: IDataObject, qs: IDataObject): string | undefined {
	const bounds = [
		{ param: 'updatedAtFrom', field: 'updatedAt', label: 'Updated At From', after: true, nullPasses: false },
		{ param: 'updatedAtTo', field: 'updatedAt', label: 'Updated At To', after: false, nullPasses: false },
		{ param: 'startDateBefore', field: 'startDate', label: 'Starts Before', after: false, nullPasses: false },
		{ param: 'endDateAfter', field: 'endDate', label: 'Ends After', after: true, nullPasses: true },
	];
	for (const { param, field, label, after, nullPasses } of bounds) {
		if (qs[param] === undefined) continue;
		if (coupon[field] === null && nullPasses) continue;
		const ms = instantMs(coupon[field]);
		if (ms === undefined) return `has no "${field}" date-time to hold to ${label} (it is ${shown(coupon[field])})`;
		const bound = Date.parse(String(qs[param]));
		const outside = after ? ms < bound - COUPON_DATE_SLACK_MS : ms > bound + COUPON_DATE_SLACK_MS;
		if (outside) return `has "${field}" ${shown(coupon[field])}, ${after ? 'before' : 'after'} ${label} (${String(qs[param])}) by more than a day`;
	}
	return undefined;
}

/** A `couponId` as text, by which the read tells coupons apart (21 letters and digits in the record). */
export function couponIdProblem(coupon: IDataObject): string | undefined {
	return typeof coupon.couponId === 'string' && coupon.couponId !== '' ? undefined : `has no "couponId" as text (it is ${shown(coupon.couponId)})`;
}

/** A coupon of Coupon → Get Many: its ID, then Active Only, the dates and the list filters of the query. */
export const couponProblem: RecordCheck = (coupon: IDataObject, asked: AskedFor) => {
	const qs = asked.qs ?? {};
	return (
		couponIdProblem(coupon) ??
		activeProblem(coupon, qs, 'coupons') ??
		dateProblem(coupon, qs) ??
		listFilterProblem(coupon, {
			languageCodes: queryArray(qs, 'languageCodes'),
			categoryIds: queryArray(qs, 'categoryIds'),
			countryCodes: queryArray(qs, 'countryCodes'),
		})
	);
};
