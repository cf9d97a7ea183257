// The partner service's actions (GET /statistics/actions/): their stored form and how a read renders
// them. Fields, types and formats as ../shared/spec/published-api-facts.md section 1 lists them.

import { ConversionStore, currentOf, Tracked, viewsAt } from './timeline';

export const PARTNER_STATUSES = ['pending', 'approved', 'declined', 'approved_but_stalled'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export interface Position {
	id: number;
	tariff_id: number;
	rate_id: number;
	datetime: string;
	amount: string;
	payment: string;
	rate: string;
	percentage: boolean;
	product_url: string;
	product_id: string;
	product_image: string;
	product_name: string;
	product_category_id: string;
	product_category_name: string;
}

/** What does not change over an action's life. website_id and source are not sent: the filters use them. */
export interface PartnerBase {
	id: number;
	order_id: string;
	tariff_id: number;
	advcampaign_id: number;
	advcampaign_name: string;
	website_id: number;
	website_name: string;
	action: string;
	action_type: 'sale' | 'lead';
	cart: number | null;
	payment: number;
	currency: string;
	conversion_time: number;
	click_date: string;
	action_date: string;
	closing_date: string;
	click_user_ip: string | null;
	click_user_referer: string | null;
	click_country_code: string | null;
	subid: string | null;
	subid1: string | null;
	subid2: string | null;
	subid3: string | null;
	subid4: string | null;
	keyword: string | null;
	/** g (Google Adwords) or y (Yandex.Direct), or null for other traffic. */
	source: 'g' | 'y' | null;
	comment: string | null;
	promocode: string | null;
	positions: Position[];
}

export interface PartnerPatch {
	paid: 0 | 1;
}

export type TrackedPartner = Tracked<PartnerBase, PartnerStatus, PartnerPatch>;
export class PartnerActionStore extends ConversionStore<PartnerBase, PartnerStatus, PartnerPatch> {}

export interface PartnerView {
	base: PartnerBase;
	status: PartnerStatus;
	statusUpdatedMs: number;
	paid: 0 | 1;
	/** As the service sends it. */
	item: Record<string, unknown>;
}

/** `YYYY-MM-DD HH:MM:SS`, the actions' date-time format. */
export const spaced = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export function partnerViewAt(tracked: TrackedPartner, nowMs: number): PartnerView | undefined {
	const current = currentOf(tracked, nowMs);
	if (!current) return undefined;
	const b = tracked.base;
	const { status, stampMs } = current.change;
	const paid = current.patch.paid ?? 0;
	const item = {
		id: b.id,
		action_id: b.id,
		order_id: b.order_id,
		tariff_id: b.tariff_id,
		advcampaign_id: b.advcampaign_id,
		advcampaign_name: b.advcampaign_name,
		website_name: b.website_name,
		action: b.action,
		action_type: b.action_type,
		status,
		processed: status === 'pending' ? 0 : 1,
		paid,
		cart: b.cart,
		payment: b.payment,
		currency: b.currency,
		conversion_time: b.conversion_time,
		click_date: b.click_date,
		action_date: b.action_date,
		closing_date: b.closing_date,
		status_updated: spaced(stampMs),
		click_user_ip: b.click_user_ip,
		click_user_referer: b.click_user_referer,
		click_country_code: b.click_country_code,
		subid: b.subid,
		subid1: b.subid1,
		subid2: b.subid2,
		subid3: b.subid3,
		subid4: b.subid4,
		keyword: b.keyword,
		comment: b.comment,
		promocode: b.promocode,
		positions: b.positions.map((p) => ({ ...p })),
	};
	return { base: b, status, statusUpdatedMs: stampMs, paid, item };
}

export function partnerViews(store: PartnerActionStore, nowMs: number): PartnerView[] {
	return viewsAt(store.items, nowMs, partnerViewAt);
}
