// GET /v3/api/stats/action of the click service (../shared/spec/published-api-facts.md section 8):
// {meta: {next}, data: [action]}, read with an opaque cursor. The paging is not in the record; the
// sandbox's choice (docs/sandbox.md): `limit` 1-500 (100 by default) and `next`, a cursor that names
// the position after the last action of a page (its updatedAt and actionId), so an action updated
// during a read moves behind the cursor and is read again later in the same read.

import { parseIsoDateTime } from '../dates';
import { clickBadRequest, json, Reply } from '../reply';
import type { RequestContext } from '../state';
import { compareTakeads, TAKEADS_STATUSES, takeadsViews, type TakeadsStatus, type TakeadsView } from './takeadsActions';

export const CLICK_ACTIONS_PATH = '/v3/api/stats/action';
const DEFAULT_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ClickActionQuery {
	limit: number;
	after?: { updatedMs: number; actionId: string };
	updFrom?: number;
	updTo?: number;
	createdFrom?: number;
	createdTo?: number;
	status?: TakeadsStatus;
	subId?: string;
	adspaceId?: string;
	/** NaN when the spelling is not a canonical number: matches nothing. */
	merchantId?: number;
}

/** Cursors the sandbox handed out; any other `next` is refused, as a forged or stale one would be. */
export class CursorBook {
	private readonly issued = new Set<string>();

	issue(position: { updatedMs: number; actionId: string }): string {
		const cursor = Buffer.from(JSON.stringify([position.updatedMs, position.actionId])).toString('base64url');
		this.issued.add(cursor);
		return cursor;
	}

	/**
	 * A cursor that has expired (the expireCursor fault, before its request is handled): from then on
	 * refused as any cursor not issued, so the refusal is this handler's own.
	 */
	expire(cursor: string): void {
		this.issued.delete(cursor);
	}

	read(cursor: string): { updatedMs: number; actionId: string } | undefined {
		if (!this.issued.has(cursor)) return undefined;
		const [updatedMs, actionId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [number, string];
		return { updatedMs, actionId };
	}
}

type Problem = { property: string; title: string };

export function parseClickActionQuery(q: URLSearchParams, cursors: CursorBook, maxLimit: number): { problems: Problem[] } | { query: ClickActionQuery } {
	const problems: Problem[] = [];
	const get = (name: string) => q.get(name) ?? undefined;
	const instant = (name: string) => {
		const raw = get(name);
		if (raw === undefined) return undefined;
		const ms = parseIsoDateTime(raw);
		if (ms === undefined) problems.push({ property: name, title: `${name} must be an ISO 8601 date-time` });
		return ms;
	};
	const rawLimit = get('limit');
	const limit = rawLimit === undefined ? DEFAULT_LIMIT : /^\d+$/.test(rawLimit) ? Number(rawLimit) : NaN;
	if (!(limit >= 1 && limit <= maxLimit)) problems.push({ property: 'limit', title: `limit must be an integer between 1 and ${maxLimit}` });
	const rawNext = get('next');
	const after = rawNext === undefined ? undefined : cursors.read(rawNext);
	if (rawNext !== undefined && !after) problems.push({ property: 'next', title: 'next must be a cursor from meta.next of an earlier page' });
	const status = get('status');
	if (status !== undefined && !(TAKEADS_STATUSES as readonly string[]).includes(status)) {
		problems.push({ property: 'status', title: `status must be one of ${TAKEADS_STATUSES.join(', ')}` });
	}
	const adspaceId = get('adspaceId');
	if (adspaceId !== undefined && !UUID.test(adspaceId)) problems.push({ property: 'adspaceId', title: 'adspaceId must be a UUID' });
	const query: ClickActionQuery = {
		limit,
		after,
		updFrom: instant('updatedAtFrom'),
		updTo: instant('updatedAtTo'),
		createdFrom: instant('createdAtFrom'),
		createdTo: instant('createdAtTo'),
		status: status as TakeadsStatus | undefined,
		subId: get('subId'),
		adspaceId: adspaceId?.toLowerCase(),
	};
	const merchantId = get('merchantId');
	if (merchantId !== undefined) query.merchantId = String(Number(merchantId)) === merchantId ? Number(merchantId) : NaN;
	return problems.length ? { problems } : { query };
}

/** Every filter of the query but the cursor; both ends of a range are inclusive. */
export function matchesClickAction(q: ClickActionQuery, v: TakeadsView): boolean {
	const a = v.action;
	if (q.updFrom !== undefined && v.updatedMs < q.updFrom) return false;
	if (q.updTo !== undefined && v.updatedMs > q.updTo) return false;
	if (q.createdFrom !== undefined && v.createdMs < q.createdFrom) return false;
	if (q.createdTo !== undefined && v.createdMs > q.createdTo) return false;
	if (q.status !== undefined && a.status !== q.status) return false;
	if (q.subId !== undefined && a.subId !== q.subId) return false;
	if (q.adspaceId !== undefined && a.adspaceId.toLowerCase() !== q.adspaceId) return false;
	return q.merchantId === undefined || a.merchantId === q.merchantId;
}

export function listClickActions(ctx: RequestContext): Reply {
	const { conversions } = ctx.state;
	const parsed = parseClickActionQuery(ctx.query, conversions.cursors, ctx.state.config.cursorLimitMax);
	if ('problems' in parsed) return clickBadRequest(parsed.problems);
	const q = parsed.query;
	const after = q.after;
	const matching = takeadsViews(conversions.takeads, ctx.state.clickNow().getTime()).filter(
		(v) => matchesClickAction(q, v) && (!after || compareTakeads(v, { updatedMs: after.updatedMs, action: { actionId: after.actionId } }) > 0),
	);
	const page = matching.slice(0, q.limit);
	const last = page[page.length - 1];
	const next = matching.length > page.length && last ? conversions.cursors.issue({ updatedMs: last.updatedMs, actionId: last.action.actionId }) : null;
	return json(200, { meta: { next }, data: page.map((v) => v.action) });
}
