// GET /lost_orders/payments_info/: status of orders in one affiliate program.

import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import { FieldErrors, integerParam, MSG } from './params';

const MAX_ORDER_IDS = 20;

/** order_id is declared integer but order numbers are often alphanumeric; any non-blank value ≤100 chars is taken. */
export function paymentsInfo(ctx: RequestContext): Reply {
	const { data } = ctx.state;
	const errors = new FieldErrors();
	const programId = integerParam(ctx.query, 'advcampaign', errors);
	if (programId === undefined && !errors.errors.advcampaign) errors.add('advcampaign', MSG.required);
	if (programId !== undefined && !data.programs.some((p) => p.id === programId)) errors.add('advcampaign', MSG.pk(String(programId)));
	const orderIds = ctx.query.getAll('order_id');
	if (orderIds.length === 0) errors.add('order_id', MSG.required);
	else if (orderIds.length > MAX_ORDER_IDS) errors.add('order_id', `Ensure this field has no more than ${MAX_ORDER_IDS} elements.`);
	else if (orderIds.some((id) => id.trim() === '')) errors.add('order_id', MSG.blank);
	else if (orderIds.some((id) => [...id].length > 100)) errors.add('order_id', MSG.maxLength(100));
	if (errors.any) return partnerError.validation(errors.errors);

	const order_info = orderIds.map((orderId) => {
		const known = data.knownOrders.find((k) => k.advcampaign === programId && k.order_id === orderId.trim());
		if (!known) return { order_id: orderId, status: 'does_not_exist' };
		if (!known.owner) return { order_id: orderId, status: 'already_counted' };
		return { order_id: orderId, status: 'owner', payment_id: known.payment_id, payment_status: known.payment_status };
	});
	return json(200, { order_info });
}
