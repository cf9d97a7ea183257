// GET /v2/api/stats/click: the click report (Takeads style).

import { DAY_MS, formatYmd, parseIsoDateTime, parseYmd } from '../dates';
import { clickBadRequest, clickError, json, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { ClickItem } from '../types';

export const CLICK_REPORT_PATH = '/v2/api/stats/click';
const MAX_LIMIT = 500;
/**
 * "The period cannot exceed 120 days" is read as 120 calendar days counted inclusively:
 * dateTo - dateFrom may be at most 119 days (2026-01-01..2026-04-30 is fine, ..2026-05-01 is not).
 */
const MAX_PERIOD_DAYS = 120;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function routeClick(ctx: RequestContext): Reply {
	if (ctx.path !== CLICK_REPORT_PATH) return clickError(404);
	const m = /^Bearer\s+(\S+)\s*$/i.exec(String(ctx.headers.authorization ?? ''));
	if (!m || m[1] !== ctx.state.publicKey) return clickError(401);
	if (ctx.method !== 'GET') return clickError(405, { Allow: 'GET' });
	return clickReport(ctx);
}

function clickReport(ctx: RequestContext): Reply {
	const q = ctx.query;
	const get = (name: string) => q.get(name) ?? undefined;
	const problems: Array<{ property: string; title: string }> = [];
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
	if (problems.length) return clickBadRequest(problems);

	// Rule 5: no period at all means today's clicks (UTC). Rule 4: updatedAt alone does not filter by date.
	let fromDay = dateFrom;
	let toDay = dateTo;
	if (rawDateFrom === undefined && rawUpdFrom === undefined) fromDay = toDay = formatYmd(ctx.state.now().getTime());
	const merchantId = get('merchantId');
	const subId = get('subId');

	const dayOf = (ymd: string) => Date.parse(ymd) / DAY_MS;
	const firstDay = fromDay === undefined ? -Infinity : dayOf(fromDay);
	const lastDay = toDay === undefined ? Infinity : dayOf(toDay);
	const wantedAdspace = adspaceId?.toLowerCase();
	// merchantId is compared as a string with the item's number; only the number's canonical spelling
	// can be equal, so compare numbers (NaN when the spelling is not canonical: matches nothing).
	const wantedMerchant = merchantId === undefined ? undefined : String(Number(merchantId)) === merchantId ? Number(merchantId) : NaN;
	const store = ctx.state.clicks;
	const sorted = store.sorted;
	// Items are kept updatedAt desc, so the updatedAt window is one contiguous run found by binary search.
	let i = updTo === undefined ? 0 : store.firstAtOrBefore(updTo);
	const data: ClickItem[] = [];
	let total = 0;
	for (; i < sorted.length; i++) {
		const s = sorted[i];
		if (updFrom !== undefined && s.ms < updFrom) break;
		if (s.day < firstDay || s.day > lastDay) continue;
		const item = s.item;
		if (wantedAdspace !== undefined && item.adspaceId !== wantedAdspace && item.adspaceId.toLowerCase() !== wantedAdspace) continue;
		if (wantedMerchant !== undefined && item.merchantId !== wantedMerchant) continue;
		if (subId !== undefined && item.subId !== subId) continue;
		if (total >= offset && data.length < limit) data.push(item);
		total++;
	}
	return json(200, { meta: { limit, offset, total }, data });
}
