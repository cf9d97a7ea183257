// Shift faults: data that moves while a client pages through it. Applied right after the matching
// list request was answered, to the part of the data that the request's own filters select.

import { matchesClickQuery, parseClickQuery } from './click/clickQuery';
import type { StoredClick } from './click/clickStore';
import { CLICK_ACTIONS_PATH } from './conversions/clickActions';
import { shiftClickActions, shiftPartnerActions } from './conversions/shiftActions';
import { DAY_MS, formatDateTime, formatYmd } from './dates';
import { FaultRequest, shiftListOf } from './faults';
import { ClaimFilter, claimMatcher, ClaimQuery, parseClaimQuery } from './partner/claims';
import { sortNewestFirst } from './partner/lostOrders';
import { FieldErrors } from './partner/params';
import type { SandboxState } from './state';
import type { Appeal, ClaimStatus, FaultSpec, LostOrder } from './types';

type ShiftFault = Extract<FaultSpec, { kind: 'shift' }>;

/** Applies the shift to the list the request read; a request whose filters are invalid changes nothing. */
export function applyShift(state: SandboxState, fault: ShiftFault, req: FaultRequest): void {
	const list = shiftListOf(fault.action, req);
	if (list?.path === '/lost_orders/') {
		shiftClaims(state, state.data.lostOrders, fault, req.query, (q, createdAt) => newLostOrder(state, q, createdAt));
	} else if (list?.path === '/appeals/') {
		shiftClaims(state, state.data.appeals, fault, req.query, (q, createdAt) => newAppeal(state, q, createdAt));
	} else if (list?.path === '/statistics/actions/') {
		shiftPartnerActions(state, fault, req.query);
	} else if (list?.path === CLICK_ACTIONS_PATH) {
		shiftClickActions(state, fault, req.query);
	} else if (list) {
		shiftClicks(state, fault, req.query);
	}
}

function shiftClaims<T extends LostOrder | Appeal>(
	state: SandboxState,
	items: T[],
	fault: ShiftFault,
	query: URLSearchParams,
	build: (q: ClaimQuery, createdAt: string) => T,
): void {
	const errors = new FieldErrors();
	const q = parseClaimQuery(query, errors);
	if (errors.any) return;
	const filter = claimMatcher(q);
	if (fault.action === 'remove') {
		// Items are newest first: the first matching ones are the newest, ahead of every read position.
		const doomed = new Set(items.filter(filter).slice(0, fault.records));
		const kept = items.filter((item) => !doomed.has(item));
		items.splice(0, items.length, ...kept);
		return;
	}
	const createdAt = newestCreation(state, items, filter, q);
	for (let i = 0; i < fault.records; i++) {
		const claim = build(q, createdAt);
		// Filters that nothing can meet (start after end) get nothing.
		if (!filter(claim)) return;
		items.push(claim);
	}
	sortNewestFirst(items);
}

/**
 * date_created of inserted claims: now, kept inside the request's date filter, and never older than the newest
 * claim the filter selects, so the new claims (with the highest ids) are the first of the list.
 */
function newestCreation(state: SandboxState, items: Array<LostOrder | Appeal>, filter: ClaimFilter, q: ClaimQuery): string {
	let created = formatDateTime(state.now().getTime());
	if (q.endDate !== undefined && created.slice(0, 10) > q.endDate) created = `${q.endDate}T23:59:59`;
	if (q.startDate !== undefined && created.slice(0, 10) < q.startDate) created = `${q.startDate}T00:00:00`;
	const newest = items.find(filter)?.date_created;
	return newest !== undefined && newest > created ? newest : created;
}

/** The fields lost orders and appeals share, in the order the interface sends them; `money` renders amounts. */
function claimFields<M>(state: SandboxState, id: number, q: ClaimQuery, createdAt: string, money: (amount: number) => M, appealId: string) {
	const { programs, websites } = state.data;
	const program = q.advcampaign === undefined ? programs[0] : programs.find((p) => p.id === q.advcampaign);
	const website = q.website === undefined ? websites[0] : websites.find((w) => w.id === q.website);
	const status: ClaimStatus = q.status ?? 'processing';
	return {
		id,
		website: website ? { id: website.id, name: website.name } : { id: q.website ?? 0, name: '' },
		advcampaign: program ? { id: program.id, name: program.name } : { id: q.advcampaign ?? 0, name: '' },
		status,
		order_id: `SHIFT-${id}`,
		order_date: formatDateTime(Date.parse(`${createdAt}Z`) - DAY_MS),
		order_price: money(100),
		currency: program?.currency ?? 'USD',
		date_created: createdAt,
		comment: 'Filed while the list was being read',
		appeal_id: appealId,
		appeal_status: q.appealStatus ?? 'processing',
		estimated_reward: money(5),
	};
}

function newLostOrder(state: SandboxState, q: ClaimQuery, createdAt: string): LostOrder {
	const claim = claimFields(state, state.nextLostOrderId++, q, createdAt, (amount) => amount, q.appealId ?? '');
	const rejected = claim.status === 'rejected';
	return {
		...claim,
		reject_reason: rejected ? 'order_not_found' : '',
		reject_comment: rejected ? 'The advertiser has no record of this order.' : '',
		reward: claim.status === 'accepted' ? claim.estimated_reward : null,
	};
}

function newAppeal(state: SandboxState, q: ClaimQuery, createdAt: string): Appeal {
	const id = state.nextAppealId++;
	const claim = claimFields(state, id, q, createdAt, (amount) => amount.toFixed(2), q.appealId ?? `AP-${id}`);
	return { ...claim, reward: claim.status === 'accepted' ? claim.estimated_reward : null };
}

function shiftClicks(state: SandboxState, fault: ShiftFault, query: URLSearchParams): void {
	const nowMs = state.clickNow().getTime();
	const parsed = parseClickQuery(query, nowMs);
	if ('problems' in parsed) return;
	const q = parsed.query;
	const store = state.clicks;
	if (fault.action === 'update' || fault.action === 'updateNewest') {
		// `update`: the oldest matching items, which their new updatedAt carries from the last pages
		// to the first. `updateNewest`: the newest, as today's clicks are counted again and again;
		// they stay on top, but leave a read pinned to an updatedAt before the update.
		const chosen: StoredClick[] = [];
		const order = fault.action === 'update' ? [...store.sorted].reverse() : store.sorted;
		for (const stored of order) {
			if (chosen.length >= fault.records) break;
			if (matchesClickQuery(q, stored)) chosen.push(stored);
		}
		// One more click counted: a real update, not only a new timestamp.
		for (const s of chosen) store.update(s.item.id, { count: s.item.count + 1 });
		return;
	}
	// Late statistics: today's date, kept inside the request's date window.
	const dayMs = Math.min(Math.max(nowMs, q.firstDay * DAY_MS), q.lastDay * DAY_MS);
	const merchant = q.merchant !== undefined && !Number.isNaN(q.merchant) ? q.merchant : undefined;
	store.insert(
		Array.from({ length: fault.records }, () => ({
			adspaceId: q.adspace,
			merchantId: merchant,
			subId: q.subId ?? null,
			date: formatYmd(dayMs),
		})),
	);
}
