// The click report's parameters: validation (rules of the specification) and the filter they make.

import { DAY_MS, formatYmd, parseIsoDateTime, parseYmd } from '../dates';
import type { StoredClick } from './clickStore';

const MAX_LIMIT = 500;
/**
 * "The period cannot exceed 120 days" is read as 120 calendar days counted inclusively:
 * dateTo - dateFrom may be at most 119 days (2026-01-01..2026-04-30 is fine, ..2026-05-01 is not).
 */
const MAX_PERIOD_DAYS = 120;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface ClickProblem {
	property: string;
	title: string;
}

export interface ClickQuery {
	limit: number;
	offset: number;
	/** updatedAt window, epoch ms, inclusive. */
	updFrom?: number;
	updTo?: number;
	/** Days since epoch, inclusive; infinite when open. */
	firstDay: number;
	lastDay: number;
	/** Lower-case adspace id. */
	adspace?: string;
	/** NaN when the spelling is not canonical: matches nothing. */
	merchant?: number;
	subId?: string;
}

export function parseClickQuery(q: URLSearchParams, nowMs: number): { problems: ClickProblem[] } | { query: ClickQuery } {
	const get = (name: string) => q.get(name) ?? undefined;
	const problems: ClickProblem[] = [];
	const problem = (property: string, title: string) => problems.push({ property, title });

	const count = (name: string, min: number, max: number, fallback: number) => {
		const raw = get(name);
		if (raw === undefined) return fallback;
		const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
		if (!(n >= min && n <= max)) {
			problem(name, `${name} must be an integer between ${min} and ${max}`);
			return fallback;
		}
		return n;
	};
	const limit = count('limit', 1, MAX_LIMIT, MAX_LIMIT);
	const offset = count('offset', 0, Number.MAX_SAFE_INTEGER, 0);

	const adspaceId = get('adspaceId');
	if (adspaceId !== undefined && !UUID_V4.test(adspaceId)) problem('adspaceId', 'adspaceId must be a UUIDv4');

	const rawDateFrom = get('dateFrom');
	const rawDateTo = get('dateTo');
	const rawUpdFrom = get('updatedAtFrom');
	const rawUpdTo = get('updatedAtTo');
	const dateFrom = rawDateFrom === undefined ? undefined : parseYmd(rawDateFrom);
	const dateTo = rawDateTo === undefined ? undefined : parseYmd(rawDateTo);
	const updFrom = rawUpdFrom === undefined ? undefined : parseIsoDateTime(rawUpdFrom);
	const updTo = rawUpdTo === undefined ? undefined : parseIsoDateTime(rawUpdTo);
	if (rawDateFrom !== undefined && !dateFrom) problem('dateFrom', 'dateFrom must be a date in the format YYYY-MM-DD');
	if (rawDateTo !== undefined && !dateTo) problem('dateTo', 'dateTo must be a date in the format YYYY-MM-DD');
	if (rawUpdFrom !== undefined && updFrom === undefined) problem('updatedAtFrom', 'updatedAtFrom must be an ISO 8601 date-time');
	if (rawUpdTo !== undefined && updTo === undefined) problem('updatedAtTo', 'updatedAtTo must be an ISO 8601 date-time');

	// Rule 2: a pair member alone is refused; the error names the member that was given.
	const pair = (a: string, b: string, rawA?: string, rawB?: string) => {
		if (rawA !== undefined && rawB === undefined) problem(a, `${a} must be used together with ${b}`);
		if (rawB !== undefined && rawA === undefined) problem(b, `${b} must be used together with ${a}`);
	};
	pair('dateFrom', 'dateTo', rawDateFrom, rawDateTo);
	pair('updatedAtFrom', 'updatedAtTo', rawUpdFrom, rawUpdTo);

	if (dateFrom && dateTo) {
		const days = (Date.parse(dateTo) - Date.parse(dateFrom)) / DAY_MS;
		if (days < 0) problem('dateTo', 'dateTo must not be before dateFrom');
		else if (days > MAX_PERIOD_DAYS - 1) problem('dateTo', `The period dateFrom..dateTo cannot exceed ${MAX_PERIOD_DAYS} days`);
	}
	if (updFrom !== undefined && updTo !== undefined && updTo < updFrom) {
		problem('updatedAtTo', 'updatedAtTo must not be before updatedAtFrom');
	}
	if (problems.length) return { problems };

	// Rule 5: no period at all means today's clicks (UTC). Rule 4: updatedAt alone does not filter by date.
	let fromDay = dateFrom;
	let toDay = dateTo;
	if (rawDateFrom === undefined && rawUpdFrom === undefined) fromDay = toDay = formatYmd(nowMs);
	const merchantId = get('merchantId');
	const dayOf = (ymd: string) => Date.parse(ymd) / DAY_MS;
	return {
		query: {
			limit,
			offset,
			updFrom,
			updTo,
			firstDay: fromDay === undefined ? -Infinity : dayOf(fromDay),
			lastDay: toDay === undefined ? Infinity : dayOf(toDay),
			adspace: adspaceId?.toLowerCase(),
			// merchantId is compared as a string with the item's number; only the number's canonical spelling
			// can be equal, so compare numbers (NaN when the spelling is not canonical: matches nothing).
			merchant: merchantId === undefined ? undefined : String(Number(merchantId)) === merchantId ? Number(merchantId) : NaN,
			subId: get('subId'),
		},
	};
}

/** Every filter but the updatedAt window (the report finds that run by binary search). */
export function matchesOutsideUpdatedAt(q: ClickQuery, s: StoredClick): boolean {
	if (s.day < q.firstDay || s.day > q.lastDay) return false;
	const item = s.item;
	if (q.adspace !== undefined && item.adspaceId !== q.adspace && item.adspaceId.toLowerCase() !== q.adspace) return false;
	if (q.merchant !== undefined && item.merchantId !== q.merchant) return false;
	return q.subId === undefined || item.subId === q.subId;
}

export function matchesClickQuery(q: ClickQuery, s: StoredClick): boolean {
	if (q.updFrom !== undefined && s.ms < q.updFrom) return false;
	if (q.updTo !== undefined && s.ms > q.updTo) return false;
	return matchesOutsideUpdatedAt(q, s);
}
