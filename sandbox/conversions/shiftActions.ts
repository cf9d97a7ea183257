// Shift faults on the action lists: right after a read was answered, `records` actions that match its
// filters change status (update) or arrive (insert), so data moves between the pages of a read.

import type { FaultSpec } from '../types';
import type { SandboxState } from '../state';
import { FieldErrors } from '../partner/params';
import { parseActionFilter, STATUS_NUMBERS } from '../partner/actionQuery';
import { changeAction, createActions } from './actionControl';
import { matchesClickAction, parseClickActionQuery } from './clickActions';
import { partnerViewAt, partnerViews, type PartnerStatus } from './partnerActions';
import { takeadsViews, type TakeadsStatus } from './takeadsActions';

type ShiftFault = Extract<FaultSpec, { kind: 'shift' }>;

/** The status an updated action moves to: the next step of its life (a decided one is decided again). */
const NEXT_PARTNER: Record<PartnerStatus, PartnerStatus> = {
	pending: 'approved',
	approved: 'approved_but_stalled',
	approved_but_stalled: 'approved',
	declined: 'approved',
};
const NEXT_TAKEADS: Record<TakeadsStatus, TakeadsStatus> = { PENDING: 'CONFIRMED', CONFIRMED: 'CANCELED', CANCELED: 'CONFIRMED', SETTLED: 'SETTLED' };

export function shiftPartnerActions(state: SandboxState, fault: ShiftFault, query: URLSearchParams): void {
	const errors = new FieldErrors();
	const filter = parseActionFilter(query, errors);
	if (errors.any) return;
	const nowMs = state.now().getTime();
	if (fault.action === 'update') {
		// The least recently updated ones: a new status_updated carries them across every page order by it.
		const chosen = partnerViews(state.conversions.partner, nowMs)
			.filter(filter)
			.sort((a, b) => a.statusUpdatedMs - b.statusUpdatedMs || a.base.id - b.base.id)
			.slice(0, fault.records);
		for (const v of chosen) changeAction(state, 'partner', String(v.base.id), { status: NEXT_PARTNER[v.status] });
		return;
	}
	const first = (name: string) => query.getAll(name).find((v) => v !== '');
	const status = first('status');
	const fields: Record<string, unknown> = {
		...(first('website') ? { website_id: Number(first('website')) } : {}),
		...(first('campaign') ? { advcampaign_id: Number(first('campaign')) } : {}),
		...(status ? { status: STATUS_NUMBERS[status] ?? status } : {}),
	};
	for (const name of ['action_type', 'subid', 'subid1', 'subid2', 'subid3', 'subid4', 'keyword', 'source']) {
		if (first(name)) fields[name] = first(name);
	}
	for (let i = 0; i < fault.records; i++) {
		const [created] = createActions(state, 'partner', [fields]) as Array<{ id: number }>;
		const view = partnerViewAt(state.conversions.partner.get(created.id), state.now().getTime());
		// Filters that no new action can meet (a date window in the past) get nothing more.
		if (!view || !filter(view)) return;
	}
}

export function shiftClickActions(state: SandboxState, fault: ShiftFault, query: URLSearchParams): void {
	const parsed = parseClickActionQuery(query, state.conversions.cursors, state.config.cursorLimitMax);
	if ('problems' in parsed) return;
	const q = parsed.query;
	const nowMs = state.clickNow().getTime();
	if (fault.action === 'update') {
		const chosen = takeadsViews(state.conversions.takeads, nowMs)
			.filter((v) => matchesClickAction(q, v) && v.action.status !== 'SETTLED')
			.slice(0, fault.records);
		for (const v of chosen) changeAction(state, 'click', v.action.actionId, { status: NEXT_TAKEADS[v.action.status] });
		return;
	}
	const fields = {
		...(q.adspaceId ? { adspaceId: q.adspaceId } : {}),
		...(q.merchantId !== undefined && !Number.isNaN(q.merchantId) ? { merchantId: q.merchantId } : {}),
		...(q.subId !== undefined ? { subId: q.subId } : {}),
		...(q.status ? { status: q.status } : {}),
	};
	createActions(state, 'click', Array.from({ length: fault.records }, () => ({ ...fields })));
}
