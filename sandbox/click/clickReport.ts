// The click service's routes (Takeads style): GET /v2/api/stats/click, the click report;
// GET /v3/api/stats/action, the actions (sandbox/conversions/clickActions.ts); and the monetize
// API's merchants, link resolve and coupons (../shared/spec/published-api-facts.md, sections 9-11).

import { clickBadRequest, clickError, json, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { ClickItem } from '../types';
import { CLICK_ACTIONS_PATH, listClickActions } from '../conversions/clickActions';
import { matchesOutsideUpdatedAt, parseClickQuery } from './clickQuery';
import { listMonetizeCoupons, searchCoupons } from './coupons';
import { listMerchants } from './merchants';
import { resolveLinks } from './resolve';

export const CLICK_REPORT_PATH = '/v2/api/stats/click';

/** Each path with its one method and handler. */
const CLICK_ROUTES: Record<string, { method: string; handle: (ctx: RequestContext) => Reply }> = {
	[CLICK_REPORT_PATH]: { method: 'GET', handle: clickReport },
	[CLICK_ACTIONS_PATH]: { method: 'GET', handle: listClickActions },
	'/v1/product/monetize-api/v2/merchant': { method: 'GET', handle: listMerchants },
	'/v1/product/monetize-api/v2/resolve': { method: 'PUT', handle: resolveLinks },
	'/v1/product/monetize-api/v1/coupon': { method: 'GET', handle: listMonetizeCoupons },
	'/v1/product/monetize-api/v1/coupon/search': { method: 'POST', handle: searchCoupons },
};

export function routeClick(ctx: RequestContext): Reply {
	const route = Object.hasOwn(CLICK_ROUTES, ctx.path) ? CLICK_ROUTES[ctx.path] : undefined;
	if (!route) return clickError(404);
	const m = /^Bearer\s+(\S+)\s*$/i.exec(String(ctx.headers.authorization ?? ''));
	if (!m || m[1] !== ctx.state.publicKey) return clickError(401);
	if (ctx.method !== route.method) return clickError(405, { Allow: route.method });
	return route.handle(ctx);
}

function clickReport(ctx: RequestContext): Reply {
	const parsed = parseClickQuery(ctx.query, ctx.state.clickNow().getTime());
	if ('problems' in parsed) return clickBadRequest(parsed.problems);
	const q = parsed.query;
	const store = ctx.state.clicks;
	const sorted = store.sorted;
	// Items are kept updatedAt desc, so the updatedAt window is one contiguous run found by binary search.
	let i = q.updTo === undefined ? 0 : store.firstAtOrBefore(q.updTo);
	const data: ClickItem[] = [];
	let total = 0;
	for (; i < sorted.length; i++) {
		const s = sorted[i];
		if (q.updFrom !== undefined && s.ms < q.updFrom) break;
		if (!matchesOutsideUpdatedAt(q, s)) continue;
		if (total >= q.offset && data.length < q.limit) data.push(s.item);
		total++;
	}
	return json(200, { meta: { limit: q.limit, offset: q.offset, total }, data });
}
