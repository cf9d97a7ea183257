// Control endpoints for the conversions of both services (docs/sandbox.md, "Conversions over time"):
//   GET   /_sandbox/actions/{partner|click}            every action as a read sees it now
//   POST  /_sandbox/actions/{partner|click}            {"actions": [{...}]}: new actions, visible now
//   PATCH /_sandbox/actions/{partner|click}/{id}       {"status", "stampedAgoMs"?, ...}: a change, visible now
//   PATCH /_sandbox/actions/{partner|click}            {"updates": [{"id", "status", ...}]}: many changes
// `stampedAgoMs` stamps the change that long before it becomes visible: a late write.

import { json, Reply } from '../reply';
import type { SandboxState } from '../state';
import { PARTNER_STATUSES, partnerViewAt, partnerViews, type PartnerBase, type PartnerStatus } from './partnerActions';
import { seedBase } from './seedPartnerActions';
import { takeadsBase } from './seedTakeads';
import { TAKEADS_STATUSES, takeadsViewAt, takeadsViews, type TakeadsBase, type TakeadsStatus } from './takeadsActions';

export const ACTIONS_CONTROL = /^(GET|POST|PATCH) \/_sandbox\/actions\/(partner|click)(?:\/([^/]+))?$/;
type Service = 'partner' | 'click';
type Input = Record<string, unknown>;

const PARTNER_FIELDS = ['advcampaign_id', 'website_id', 'action_type', 'payment', 'cart', 'order_id', 'subid', 'subid1', 'subid2', 'subid3', 'subid4', 'keyword', 'source'];
const CLICK_FIELDS = ['actionId', 'adspaceId', 'merchantId', 'subId', 'publisherRevenue', 'orderAmount', 'currencyCode', 'type', 'countryCode', 'clickId', 'couponId'];
const CHANGE_FIELDS: Record<Service, string[]> = { partner: ['status', 'stampedAgoMs', 'paid'], click: ['status', 'stampedAgoMs', 'publisherRevenue'] };

const isObject = (v: unknown): v is Input => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkKeys(input: Input, allowed: string[]): void {
	const unknown = Object.keys(input).filter((k) => !allowed.includes(k));
	if (unknown.length) throw new Error(`unknown field(s) ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`);
}

/** Stamp and visibility of a change made now: `stampedAgoMs` before now for a late write. */
function timesOf(input: Input, nowMs: number, resolutionMs: number): { stampMs: number; visibleMs: number } {
	const ago = input.stampedAgoMs ?? 0;
	if (typeof ago !== 'number' || !Number.isFinite(ago) || ago < 0) throw new Error('stampedAgoMs must be a non-negative number of milliseconds');
	return { stampMs: Math.floor((nowMs - ago) / resolutionMs) * resolutionMs, visibleMs: nowMs };
}

function statusOf<S extends string>(input: Input, allowed: readonly S[], fallback?: S): S {
	const status = input.status ?? fallback;
	if (!allowed.includes(status as S)) throw new Error(`status must be one of ${allowed.join(', ')}`);
	return status as S;
}

const clockOf = (state: SandboxState, service: Service) => (service === 'click' ? state.clickNow() : state.now()).getTime();

export function listActions(state: SandboxState, service: Service): unknown[] {
	const nowMs = clockOf(state, service);
	const c = state.conversions;
	return service === 'click' ? takeadsViews(c.takeads, nowMs).map((v) => v.action) : partnerViews(c.partner, nowMs).map((v) => v.item);
}

function createPartner(state: SandboxState, input: Input): unknown {
	checkKeys(input, [...PARTNER_FIELDS, 'status', 'stampedAgoMs']);
	const c = state.conversions;
	const times = timesOf(input, clockOf(state, 'partner'), 1000);
	const program = input.advcampaign_id === undefined ? c.programs[0] : c.programs.find((p) => p.id === input.advcampaign_id);
	const website = input.website_id === undefined ? c.websites[0] : c.websites.find((w) => w.id === input.website_id);
	if (!program) throw new Error('advcampaign_id must be one of the seeded programs');
	if (!website) throw new Error('website_id must be one of the seeded ad spaces');
	const { advcampaign_id: _p, website_id: _w, status: _s, stampedAgoMs: _a, ...fields } = input;
	const base = { ...seedBase(c.rng, c.nextPartnerId++, times.stampMs, program, website), ...fields } as PartnerBase;
	const status = statusOf<PartnerStatus>(input, PARTNER_STATUSES, 'pending');
	c.partner.add({ base, changes: [{ status, ...times }] });
	return partnerViewAt(c.partner.get(base.id), times.visibleMs)?.item;
}

function createClick(state: SandboxState, input: Input): unknown {
	checkKeys(input, [...CLICK_FIELDS, 'status', 'stampedAgoMs']);
	const c = state.conversions;
	const times = timesOf(input, clockOf(state, 'click'), 1);
	const { actionId, status: _s, stampedAgoMs: _a, ...fields } = input;
	const drawn = takeadsBase(c.rng, c.nextTakeadsNumericId++, times.stampMs, c.clickCatalog);
	const base = { ...drawn, ...fields, id: actionId ?? drawn.id } as TakeadsBase;
	if (typeof base.id !== 'string' || typeof base.adspaceId !== 'string') throw new Error('actionId and adspaceId must be strings');
	if (!Number.isInteger(base.merchantId)) throw new Error('merchantId must be an integer');
	const status = statusOf<TakeadsStatus>(input, TAKEADS_STATUSES, 'PENDING');
	c.takeads.add({ base, changes: [{ status, ...times }] });
	return takeadsViewAt(c.takeads.get(base.id), times.visibleMs)?.action;
}

export function createActions(state: SandboxState, service: Service, inputs: unknown): unknown[] {
	if (!Array.isArray(inputs) || !inputs.every(isObject)) throw new Error('body must be {"actions": [{...}, ...]}');
	return inputs.map((input) => (service === 'click' ? createClick(state, input) : createPartner(state, input)));
}

export function changeAction(state: SandboxState, service: Service, id: string, input: unknown): unknown {
	if (!isObject(input)) throw new Error('body must be a JSON object');
	checkKeys(input, service === 'click' ? CHANGE_FIELDS.click : [...CHANGE_FIELDS.partner]);
	const c = state.conversions;
	const nowMs = clockOf(state, service);
	if (service === 'click') {
		const revenue = input.publisherRevenue;
		if (revenue !== undefined && (typeof revenue !== 'number' || !Number.isFinite(revenue))) throw new Error('publisherRevenue must be a number');
		const current = takeadsViewAt(c.takeads.get(id), nowMs);
		const status = statusOf<TakeadsStatus>(input, TAKEADS_STATUSES, current?.action.status);
		c.takeads.change(id, { status, ...timesOf(input, nowMs, 1), patch: revenue === undefined ? undefined : { publisherRevenue: revenue } }, nowMs);
		return takeadsViewAt(c.takeads.get(id), nowMs)?.action;
	}
	const numericId = Number(id);
	const paid = input.paid;
	if (paid !== undefined && paid !== 0 && paid !== 1) throw new Error('paid must be 0 or 1');
	const current = partnerViewAt(c.partner.get(numericId), nowMs);
	const status = statusOf<PartnerStatus>(input, PARTNER_STATUSES, current?.status);
	c.partner.change(numericId, { status, ...timesOf(input, nowMs, 1000), patch: paid === undefined ? undefined : { paid } }, nowMs);
	return partnerViewAt(c.partner.get(numericId), nowMs)?.item;
}

/** The control endpoints of the conversions; undefined when the route is not one of them. */
export function actionsControl(state: SandboxState, route: string, input: unknown): Reply | undefined {
	const m = ACTIONS_CONTROL.exec(route);
	if (!m) return undefined;
	const [, method, service, id] = m as unknown as [string, string, Service, string | undefined];
	if (method === 'GET' && !id) return json(200, { data: listActions(state, service) });
	if (method === 'POST' && !id) return json(201, { data: createActions(state, service, (input as Input)?.actions) });
	if (method === 'PATCH' && id) return json(200, changeAction(state, service, decodeURIComponent(id), input));
	if (method === 'PATCH') {
		const updates = (input as Input)?.updates;
		if (!Array.isArray(updates) || !updates.every(isObject)) throw new Error('body must be {"updates": [{"id": ..., "status": ...}, ...]}');
		for (const { id: each, ...change } of updates) changeAction(state, service, String(each), change);
		return json(200, { updated: updates.length });
	}
	return undefined;
}
