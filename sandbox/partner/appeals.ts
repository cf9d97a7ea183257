// GET /appeals/, GET /appeals/{id}/, POST /appeals/create/

import { formatDateTime } from '../dates';
import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { Appeal } from '../types';
import { claimFilter, FormReader, isReply, readForm } from './claims';
import { sortNewestFirst } from './lostOrders';
import { FieldErrors, pageParams, paginate } from './params';

export function listAppeals(ctx: RequestContext): Reply {
	const errors = new FieldErrors();
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	const filter = claimFilter(ctx.query, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, paginate(ctx.state.data.appeals.filter(filter), page));
}

export function getAppeal(ctx: RequestContext): Reply {
	const appeal = ctx.state.data.appeals.find((a) => a.id === Number(ctx.params.id));
	return appeal ? json(200, appeal) : partnerError.notFound();
}

/**
 * Required: advcampaign, order_id. Optional: comment, appeal_id, receipt.
 * The form has no ad space, order date or amounts: the claim is filed for the account's first ad space
 * and order_date, order_price and estimated_reward are null until the advertiser fills them in.
 */
export function createAppeal(ctx: RequestContext): Reply {
	const form = readForm(ctx);
	if (isReply(form)) return form;
	const { state } = ctx;
	const read = new FormReader(form, new FieldErrors());
	const program = read.program(state.data.programs);
	const orderId = read.text('order_id', 100, true);
	const comment = read.text('comment', 512, false);
	const appealId = read.text('appeal_id', 100, false);
	read.receipt();
	if (read.errors.any || !program || orderId === undefined) return partnerError.validation(read.errors.errors);

	const website = state.data.websites[0];
	const appeal: Appeal = {
		id: state.nextAppealId++,
		website: { id: website.id, name: website.name },
		advcampaign: { id: program.id, name: program.name },
		status: 'processing',
		order_id: orderId,
		order_date: null,
		order_price: null,
		currency: program.currency,
		date_created: formatDateTime(state.now().getTime()),
		comment: comment ?? '',
		appeal_id: appealId ?? '',
		appeal_status: 'processing',
		estimated_reward: null,
		reward: null,
	};
	state.data.appeals.unshift(appeal);
	sortNewestFirst(state.data.appeals);
	return json(201, appeal);
}
