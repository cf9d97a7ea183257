/**
 * Every coupon an answer holds, held to the filters that its own fields can prove or disprove: a
 * coupon of another program, category or type than asked, or valid only outside the days asked,
 * is a filter the service ignored or read otherwise, and fails the run naming that filter instead
 * of passing as data (docs/nodes.md, Coupon). It reads the query as sent.
 *
 * Not checked, because the coupon does not carry what would prove it: Program Category ID (a
 * coupon names its program, not the program's categories), Search (the service's own matching, of
 * texts that may not be in the item), Region (the record does not show how a coupon for every
 * region is written) and Language (the record does not say whether it narrows the coupons or
 * chooses the language of their texts, and a coupon's `language` may be null).
 */
import type { IDataObject } from 'n8n-workflow';

import { readCalendarDate, toIsoDate } from '../dates';
import type { AskedFor, RecordCheck } from '../transport';

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value)));

/** The `id` of each `{id, name}` entry of a list field, or undefined when the field is not such a list. */
function idsOf(list: unknown): string[] | undefined {
	if (!Array.isArray(list)) return undefined;
	const ids = list.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as IDataObject).id : undefined));
	return ids.every((id) => typeof id === 'number' || typeof id === 'string') ? ids.map(String) : undefined;
}

/** A coupon's list of categories or types must hold the one asked for. */
const LISTED: Array<{ query: string; field: string; label: string; what: string }> = [
	{ query: 'category', field: 'categories', label: 'Coupon Category Name or ID', what: 'category' },
	{ query: 'type', field: 'types', label: 'Coupon Type ID', what: 'type' },
];

function notOfProgram(coupon: IDataObject, qs: IDataObject): string | undefined {
	const asked = ([] as unknown[]).concat(qs.campaign ?? []).map(String);
	if (!asked.length) return undefined;
	const program = coupon.campaign as IDataObject | null | undefined;
	const id = typeof program === 'object' && program !== null ? program.id : undefined;
	if (typeof id !== 'number' && typeof id !== 'string') {
		return `has no "campaign" with an "id" to hold to the Program Names or IDs filter (it is ${shown(coupon.campaign)})`;
	}
	if (asked.includes(String(id))) return undefined;
	const name = typeof program?.name === 'string' ? ` (${shown(program.name)})` : '';
	return `is of program ${String(id)}${name}, not of the programs the Program Names or IDs filter asked for (${asked.join(', ')})`;
}

function notListed(coupon: IDataObject, qs: IDataObject): string | undefined {
	for (const { query, field, label, what } of LISTED) {
		const wanted = qs[query];
		if (wanted === undefined || wanted === '') continue;
		const ids = idsOf(coupon[field]);
		if (!ids) return `has no "${field}" list of {id, name} to hold to the ${label} filter (it is ${shown(coupon[field])})`;
		if (!ids.includes(String(wanted))) {
			return `has ${field} ${ids.length ? ids.join(', ') : 'none'}, not the ${what} ${String(wanted)} the ${label} filter asked for`;
		}
	}
	return undefined;
}

/** A day of the query (`DD.MM.YYYY`) or of a coupon (`YYYY-MM-DDTHH:MM:SS`) as `YYYY-MM-DD`. */
function dayOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const date = readCalendarDate(value);
	return date ? toIsoDate(date) : undefined;
}

/**
 * Whatever the service makes of `date_start` and `date_end` (the record does not say), a coupon
 * it keeps for them is valid at some time in the days asked: one that ended before Date From, or
 * starts after Date To, is not. A coupon without an end (`date_end` null) never ended.
 */
function outsideDays(coupon: IDataObject, qs: IDataObject): string | undefined {
	const from = dayOf(qs.date_start);
	const to = dayOf(qs.date_end);
	if (from !== undefined && coupon.date_end !== null) {
		const ended = dayOf(coupon.date_end);
		if (ended === undefined) return `has no "date_end" date-time or null to hold to the Date From filter (it is ${shown(coupon.date_end)})`;
		if (ended < from) return `has "date_end" ${shown(coupon.date_end)}, before Date From (${String(qs.date_start)})`;
	}
	if (to !== undefined) {
		const started = dayOf(coupon.date_start);
		if (started === undefined) return `has no "date_start" date-time to hold to the Date To filter (it is ${shown(coupon.date_start)})`;
		if (started > to) return `has "date_start" ${shown(coupon.date_start)}, after Date To (${String(qs.date_end)})`;
	}
	return undefined;
}

export const couponAnswersQuery: RecordCheck = (coupon: IDataObject, asked: AskedFor) => {
	const qs = asked.qs ?? {};
	return notOfProgram(coupon, qs) ?? notListed(coupon, qs) ?? outsideDays(coupon, qs);
};
