// The figures of the aggregated reports, summed per group and currency from the actions (at the
// service's clock) and the seeded traffic. Field sets as ../shared/spec/published-api-facts.md
// section 2 lists them; counts are ints, money and ratios floats. Our choices (docs/sandbox.md):
// approved_but_stalled counts as approved; payment_sum is open + approved (declined money is not
// earned); ctr = clicks / views, cr = actions / clicks, ecpc = payment_sum / clicks, ecpm per 1,000 views.

import type { PartnerView } from '../conversions/partnerActions';

type Split = [open: number, approved: number, declined: number];

export interface Sums {
	currency: string;
	views: number;
	clicks: number;
	leads: Split;
	sales: Split;
	payment: Split;
}

export const emptySums = (currency: string): Sums => ({ currency, views: 0, clicks: 0, leads: [0, 0, 0], sales: [0, 0, 0], payment: [0, 0, 0] });

const SPLIT_INDEX: Record<string, number> = { pending: 0, approved: 1, approved_but_stalled: 1, declined: 2 };

export function addAction(sums: Sums, v: PartnerView): void {
	const at = SPLIT_INDEX[v.status];
	(v.base.action_type === 'sale' ? sums.sales : sums.leads)[at]++;
	sums.payment[at] += v.base.payment;
}

export function addTraffic(sums: Sums, views: number, clicks: number): void {
	sums.views += views;
	sums.clicks += clicks;
}

const money = (n: number) => Math.round(n * 100) / 100;
const ratio = (a: number, b: number, scale = 1) => (b ? Math.round((a / b) * scale * 10_000) / 10_000 : 0);
const total = (s: Split) => s[0] + s[1] + s[2];

/** Every figure any report sends, by its field name. */
export function figures(s: Sums): Record<string, number | string> {
	const paymentSum = money(s.payment[0] + s.payment[1]);
	const actions = total(s.leads) + total(s.sales);
	return {
		views: s.views,
		clicks: s.clicks,
		ctr: ratio(s.clicks, s.views),
		ecpc: ratio(paymentSum, s.clicks),
		ecpm: ratio(paymentSum, s.views, 1000),
		cr: ratio(actions, s.clicks),
		leads_sum: total(s.leads),
		leads_sum_open: s.leads[0],
		leads_sum_approved: s.leads[1],
		leads_sum_declined: s.leads[2],
		sales_sum: total(s.sales),
		sales_sum_open: s.sales[0],
		sales_sum_approved: s.sales[1],
		sales_sum_declined: s.sales[2],
		actions_sum_total: actions,
		payment_sum_open: money(s.payment[0]),
		payment_sum_approved: money(s.payment[1]),
		payment_sum_declined: money(s.payment[2]),
		payment_sum: paymentSum,
		currency: s.currency,
	};
}

const WEB_METRICS = ['views', 'clicks', 'ctr', 'ecpc', 'ecpm', 'cr', 'leads_sum', 'sales_sum', 'payment_sum_open', 'payment_sum_approved', 'payment_sum_declined', 'currency'];
const SOURCE_METRICS = ['clicks', 'ecpc', 'cr', 'leads_sum', 'sales_sum', 'payment_sum_declined', 'payment_sum_open', 'payment_sum_approved', 'currency'];

/** The metric fields of each report's rows after its key fields, in the order of the record. */
export const METRIC_FIELDS = {
	dates: [
		'views', 'clicks', 'ctr', 'ecpc', 'ecpm', 'cr',
		'leads_sum', 'leads_sum_open', 'leads_sum_approved', 'leads_sum_declined',
		'sales_sum', 'sales_sum_open', 'sales_sum_approved', 'sales_sum_declined',
		'payment_sum_open', 'payment_sum_approved', 'payment_sum_declined', 'currency',
	],
	websites: WEB_METRICS,
	subIds: ['clicks', 'ecpc', 'cr', 'leads_sum', 'sales_sum', 'payment_sum_open', 'payment_sum_approved', 'payment_sum_declined', 'payment_sum', 'currency'],
	sources: SOURCE_METRICS,
	/** total=1 of every report (the body captured for /statistics/websites/). */
	total: ['views', 'clicks', 'leads_sum', 'sales_sum', 'actions_sum_total', 'payment_sum_open', 'payment_sum_approved', 'payment_sum_declined', 'payment_sum', 'currency', 'cr', 'ecpc'],
};

export function pick(all: Record<string, unknown>, fields: string[]): Record<string, unknown> {
	return Object.fromEntries(fields.map((f) => [f, all[f]]));
}
