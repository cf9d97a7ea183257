// The click service's routes (Takeads style): GET /v2/api/stats/click, the click report, and
// GET /v3/api/stats/action, the actions (sandbox/conversions/clickActions.ts).

import { clickBadRequest, clickError, json, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { ClickItem } from '../types';
import { CLICK_ACTIONS_PATH, listClickActions } from '../conversions/clickActions';
import { matchesOutsideUpdatedAt, parseClickQuery } from './clickQuery';

export const CLICK_REPORT_PATH = '/v2/api/stats/click';

export function routeClick(ctx: RequestContext): Reply {
	if (ctx.path !== CLICK_REPORT_PATH && ctx.path !== CLICK_ACTIONS_PATH) return clickError(404);
	const m = /^Bearer\s+(\S+)\s*$/i.exec(String(ctx.headers.authorization ?? ''));
	if (!m || m[1] !== ctx.state.publicKey) return clickError(401);
	if (ctx.method !== 'GET') return clickError(405, { Allow: 'GET' });
	return ctx.path === CLICK_ACTIONS_PATH ? listClickActions(ctx) : clickReport(ctx);
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
