// The click service's actions (GET /v3/api/stats/action): their stored form and how a read renders
// them. Fields and types as ../shared/spec/published-api-facts.md section 8 lists them.

import { ConversionStore, currentOf, Tracked, viewsAt } from './timeline';

export const TAKEADS_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELED', 'SETTLED'] as const;
export type TakeadsStatus = (typeof TAKEADS_STATUSES)[number];
export const TAKEADS_TYPES = ['LEAD', 'SALE', 'CLICK', 'BONUS'] as const;

/** What does not change over an action's life; `id` is the actionId. */
export interface TakeadsBase {
	id: string;
	actionNumericId: number;
	adspaceId: string;
	merchantId: number;
	subId: string | null;
	publisherRevenue: number;
	orderAmount: number;
	currencyCode: string;
	type: (typeof TAKEADS_TYPES)[number];
	orderDate: string;
	countryCode: string;
	clickId: string | null;
	/** The record types it as a string without a null: "" when the order used no coupon (docs/sandbox.md). */
	couponId: string;
	/** CONFIRMED becomes SETTLED this long after the last change, if nothing changed meanwhile (45 to 50 days). */
	settleAfterMs: number;
}

export interface TakeadsPatch {
	publisherRevenue: number;
}

export type TrackedTakeads = Tracked<TakeadsBase, TakeadsStatus, TakeadsPatch>;
export class TakeadsStore extends ConversionStore<TakeadsBase, TakeadsStatus, TakeadsPatch> {}

/** The action as the service sends it, in the record's field order. */
export interface TakeadsAction {
	actionId: string;
	actionNumericId: number;
	adspaceId: string;
	merchantId: number;
	status: TakeadsStatus;
	subId: string | null;
	publisherRevenue: number;
	orderAmount: number;
	currencyCode: string;
	type: string;
	orderDate: string;
	createdAt: string;
	updatedAt: string;
	countryCode: string;
	clickId: string | null;
	couponId: string;
}

export interface TakeadsView {
	action: TakeadsAction;
	updatedMs: number;
	createdMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The action at the click service's clock `nowMs`; undefined while not yet visible. */
export function takeadsViewAt(tracked: TrackedTakeads, nowMs: number): TakeadsView | undefined {
	const current = currentOf(tracked, nowMs);
	if (!current) return undefined;
	const { base } = tracked;
	let { status, stampMs } = current.change;
	// The settlement is the service's own move: no change of status or revenue for 45-50 days.
	if (status === 'CONFIRMED' && nowMs >= stampMs + base.settleAfterMs) {
		status = 'SETTLED';
		stampMs += base.settleAfterMs;
	}
	const createdMs = tracked.changes[0].stampMs;
	return {
		createdMs,
		updatedMs: stampMs,
		action: {
			actionId: base.id,
			actionNumericId: base.actionNumericId,
			adspaceId: base.adspaceId,
			merchantId: base.merchantId,
			status,
			subId: base.subId,
			publisherRevenue: current.patch.publisherRevenue ?? base.publisherRevenue,
			orderAmount: base.orderAmount,
			currencyCode: base.currencyCode,
			type: base.type,
			orderDate: base.orderDate,
			createdAt: iso(createdMs),
			updatedAt: iso(stampMs),
			countryCode: base.countryCode,
			clickId: base.clickId,
			couponId: base.couponId,
		},
	};
}

/** Every visible action at `nowMs`, in the service's read order: updatedAt ascending, then actionId. */
export function takeadsViews(store: TakeadsStore, nowMs: number): TakeadsView[] {
	return viewsAt(store.items, nowMs, takeadsViewAt).sort(compareTakeads);
}

export function compareTakeads(a: { updatedMs: number; action: { actionId: string } }, b: typeof a): number {
	if (a.updatedMs !== b.updatedMs) return a.updatedMs - b.updatedMs;
	return a.action.actionId < b.action.actionId ? -1 : a.action.actionId > b.action.actionId ? 1 : 0;
}
