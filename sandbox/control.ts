// /_sandbox/* control endpoints, served on both servers so other processes can drive the sandbox.
// No auth, latency, faults or recording here: they are test plumbing, not part of the simulated interfaces.

import { NotFoundError } from './click/clickStore';
import { actionsControl } from './conversions/actionControl';
import { addPartnerCoupons } from './partner/coupons';
import { decideClaim, type ClaimList } from './partner/decisions';
import { json, Reply } from './reply';
import { requestStats } from './requestStats';
import type { SandboxState } from './state';
import type { ClickItem, RecordedRequest, SandboxConfig } from './types';

export const CONTROL_PREFIX = '/_sandbox/';

export function sandboxState(state: SandboxState) {
	return {
		partnerUrl: state.partnerUrl,
		clickUrl: state.clickUrl,
		accessToken: state.accessToken,
		tokens: state.staticTokens,
		clientId: state.clientId,
		clientSecret: state.clientSecret,
		publicKey: state.publicKey,
		config: { ...state.config },
		faults: state.faults.list(),
		clockAheadMs: state.clockAheadMs,
		counts: {
			requests: state.requests.length,
			lostOrders: state.data.lostOrders.length,
			appeals: state.data.appeals.length,
			clicks: state.clicks.sorted.length,
			tokensMinted: state.tokens.minted,
			// Stored actions, the ones still to come included (GET /_sandbox/actions/... lists the visible ones).
			partnerActions: state.conversions.partner.items.length,
			clickActions: state.conversions.takeads.items.length,
		},
	};
}

/** Recorded requests as JSON: file bytes are left out (size, name and type stay). */
export function requestsWithoutBytes(requests: RecordedRequest[]) {
	return requests.map((r) => {
		if (!r.multipart) return r;
		const files = Object.fromEntries(
			Object.entries(r.multipart.files).map(([name, { bytes: _bytes, ...rest }]) => [name, rest]),
		);
		return { ...r, multipart: { fields: r.multipart.fields, files } };
	});
}

const bad = (message: string): Reply => json(400, { error: message });

function parseJson(body: Buffer): unknown {
	if (!body.length) return {};
	return JSON.parse(body.toString('utf8'));
}

export function handleControl(state: SandboxState, method: string, path: string, query: URLSearchParams, body: Buffer): Reply {
	const route = `${method} ${path.replace(/\/+$/, '')}`;
	let input: unknown;
	try {
		input = parseJson(body);
	} catch {
		return bad('body must be JSON');
	}
	try {
		switch (route) {
			case 'GET /_sandbox/state':
				return json(200, sandboxState(state));
			case 'POST /_sandbox/config':
				state.configure(input as Partial<SandboxConfig>);
				return json(200, { config: { ...state.config } });
			case 'GET /_sandbox/faults':
				return json(200, { faults: state.faults.list() });
			case 'POST /_sandbox/faults':
				state.faults.add(input as never);
				return json(201, { faults: state.faults.list() });
			case 'DELETE /_sandbox/faults':
				state.faults.clear();
				return json(200, { faults: [] });
			case 'GET /_sandbox/requests':
				return json(200, { data: requestsWithoutBytes(state.requests) });
			case 'GET /_sandbox/requests/stats':
				return json(200, requestStats(state.requests, Number(query.get('since') ?? 0)));
			case 'DELETE /_sandbox/requests':
				state.requests.length = 0;
				return json(200, { data: [] });
			case 'POST /_sandbox/expire-tokens':
				return json(200, { expired: state.tokens.expireMinted() });
			case 'POST /_sandbox/clock': {
				const { aheadMs } = input as { aheadMs?: unknown };
				if (typeof aheadMs !== 'number') return bad('body must be {"aheadMs": <milliseconds>}');
				return json(200, { clockAheadMs: state.aheadOfClock(aheadMs) });
			}
			case 'GET /_sandbox/clicks/count': {
				const dateFrom = query.get('dateFrom') ?? '';
				const dateTo = query.get('dateTo') ?? '';
				return json(200, { count: state.clicks.sorted.filter(({ item }) => item.date >= dateFrom && item.date <= dateTo).length });
			}
			case 'PATCH /_sandbox/clicks': {
				const updates = (input as { updates?: unknown }).updates;
				if (!Array.isArray(updates)) return bad('body must be {"updates": [{"id": ..., ...}]}');
				for (const { id, ...patch } of updates as Array<Partial<ClickItem> & { id: string }>) state.clicks.update(id, patch);
				return json(200, { updated: updates.length });
			}
			case 'POST /_sandbox/coupons/partner':
				return json(201, addPartnerCoupons(state, input));
			case 'POST /_sandbox/clicks': {
				const items = (input as { items?: unknown }).items;
				if (!Array.isArray(items)) return bad('body must be {"items": [...]}');
				return json(201, { data: state.clicks.insert(items as Partial<ClickItem>[]) });
			}
		}
		const actions = actionsControl(state, route, input);
		if (actions) return actions;
		const patchMatch = /^PATCH \/_sandbox\/clicks\/([^/]+)$/.exec(route);
		if (patchMatch) {
			if (!input || typeof input !== 'object' || Array.isArray(input)) return bad('body must be a JSON object');
			return json(200, state.clicks.update(decodeURIComponent(patchMatch[1]), input as Partial<ClickItem>));
		}
		const claimMatch = /^PATCH \/_sandbox\/claims\/(lost_orders|appeals)\/(\d+)$/.exec(route);
		if (claimMatch) {
			if (!input || typeof input !== 'object' || Array.isArray(input)) return bad('body must be a JSON object');
			return json(200, decideClaim(state, claimMatch[1] as ClaimList, Number(claimMatch[2]), input as Record<string, unknown>));
		}
		return json(404, { error: `no control endpoint ${route}` });
	} catch (e) {
		if (e instanceof NotFoundError) return json(404, { error: e.message });
		return bad((e as Error).message);
	}
}
