// GET /statistics/actions/: the conversions list (../shared/spec/published-api-facts.md section 1),
// {results, _meta} pages, or with total=1 a bare array of one {currency, payment_sum, cart} per
// currency (the shape one client declares; the record shows no body: docs/sandbox.md).

import { partnerViews, type PartnerView } from '../conversions/partnerActions';
import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import { parseActionFilter } from './actionQuery';
import { choiceParam, orderBy, OrderKeys } from './ordering';
import { FieldErrors, pageParams, paginate } from './params';

const item = (v: PartnerView) => v.item as Record<string, string | number | null>;

/** The order_by values Admitad's Python client allows, plus status_updated, and date as the docs' example spells datetime. */
const ACTION_ORDER: OrderKeys<PartnerView> = {
	action: (v) => v.base.action,
	banner: () => null,
	banner_id: () => null,
	campaign: (v) => v.base.advcampaign_id,
	cart: (v) => v.base.cart,
	click_date: (v) => v.base.click_date,
	conv_time: (v) => v.base.conversion_time,
	datetime: (v) => v.base.action_date,
	date: (v) => v.base.action_date,
	payment: (v) => v.base.payment,
	status: (v) => v.status,
	status_updated: (v) => v.statusUpdatedMs,
	subid: (v) => v.base.subid,
	subid1: (v) => v.base.subid1,
	subid2: (v) => v.base.subid2,
	subid3: (v) => v.base.subid3,
	subid4: (v) => v.base.subid4,
	website: (v) => v.base.website_name,
};

const cents = (n: number) => Math.round(n * 100) / 100;

function totalsByCurrency(views: PartnerView[]) {
	const sums = new Map<string, { currency: string; payment_sum: number; cart: number }>();
	for (const v of views) {
		const row = sums.get(v.base.currency) ?? { currency: v.base.currency, payment_sum: 0, cart: 0 };
		row.payment_sum = cents(row.payment_sum + v.base.payment);
		row.cart = cents(row.cart + (v.base.cart ?? 0));
		sums.set(v.base.currency, row);
	}
	return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

export function listActions(ctx: RequestContext): Reply {
	const errors = new FieldErrors();
	const filter = parseActionFilter(ctx.query, errors);
	const compare = orderBy(ctx.query, ACTION_ORDER, { key: (v) => v.base.action_date, sign: -1 }, (v) => v.base.id, errors);
	const total = choiceParam(ctx.query, 'total', ['0', '1'], errors);
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	const views = partnerViews(ctx.state.conversions.partner, ctx.state.now().getTime()).filter(filter).sort(compare);
	if (total === '1') return json(200, totalsByCurrency(views));
	return json(200, paginate(views.map(item), page));
}
