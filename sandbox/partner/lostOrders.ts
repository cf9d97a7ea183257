// GET /lost_orders/, GET /lost_orders/{id}/, POST /lost_orders/create/

import { formatDateTime } from '../dates';
import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { LostOrder } from '../types';
import { claimFilter, FormReader, isReply, readForm } from './claims';
import { FieldErrors, MSG, pageParams, paginate } from './params';

export function listLostOrders(ctx: RequestContext): Reply {
	const errors = new FieldErrors();
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	const filter = claimFilter(ctx.query, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, paginate(ctx.state.data.lostOrders.filter(filter), page));
}

export function getLostOrder(ctx: RequestContext): Reply {
	const order = ctx.state.data.lostOrders.find((o) => o.id === Number(ctx.params.id));
	return order ? json(200, order) : partnerError.notFound();
}

/**
 * Required: advcampaign, website, order_id, order_date, order_price (the spec leaves this open;
 * a lost-order claim without the order's date and amount cannot be checked by an advertiser).
 * Optional: comment, appeal_id, estimated_reward, receipt.
 */
export function createLostOrder(ctx: RequestContext): Reply {
	const form = readForm(ctx);
	if (isReply(form)) return form;
	const { state } = ctx;
	const read = new FormReader(form, new FieldErrors());
	const program = read.program(state.data.programs);
	const websiteId = read.integer('website', true);
	const website = websiteId === undefined ? undefined : state.data.websites.find((w) => w.id === websiteId);
	if (websiteId !== undefined && !website) read.errors.add('website', MSG.pk(String(websiteId)));
	const orderId = read.text('order_id', 100, true);
	const orderDate = read.date('order_date', true);
	const orderPrice = read.float('order_price', true);
	const comment = read.text('comment', 512, false);
	const appealId = read.text('appeal_id', 100, false);
	const estimatedReward = read.float('estimated_reward', false);
	read.receipt();
	if (read.errors.any || !program || !website || orderId === undefined || !orderDate || orderPrice === undefined) {
		return partnerError.validation(read.errors.errors);
	}

	const order: LostOrder = {
		id: state.nextLostOrderId++,
		website: { id: website.id, name: website.name },
		advcampaign: { id: program.id, name: program.name },
		status: 'processing',
		order_id: orderId,
		order_date: `${orderDate}T00:00:00`,
		order_price: orderPrice,
		currency: program.currency,
		date_created: formatDateTime(state.now().getTime()),
		comment: comment ?? '',
		appeal_id: appealId ?? '',
		appeal_status: 'processing',
		estimated_reward: estimatedReward ?? null,
		reject_reason: '',
		reject_comment: '',
		reward: null,
	};
	state.data.lostOrders.unshift(order);
	sortNewestFirst(state.data.lostOrders);
	// The create answer lists exactly the fields named by the spec (no reject_* / reward).
	return json(201, {
		id: order.id,
		status: order.status,
		website: order.website,
		advcampaign: order.advcampaign,
		currency: order.currency,
		order_id: order.order_id,
		order_price: order.order_price,
		order_date: order.order_date,
		date_created: order.date_created,
		comment: order.comment,
		appeal_id: order.appeal_id,
		appeal_status: order.appeal_status,
		estimated_reward: order.estimated_reward,
	});
}

/** Newest first by date_created, then id desc (a clock that goes back must not break list order). */
export function sortNewestFirst<T extends { date_created: string; id: number }>(items: T[]): void {
	items.sort((a, b) => (a.date_created < b.date_created ? 1 : a.date_created > b.date_created ? -1 : b.id - a.id));
}
