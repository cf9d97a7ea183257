import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest, orderStatuses } from '../../../shared/transport';
import { invalidInput, readList, requireMaxLength } from '../../../shared/validation';
import { MAX_ORDER_ID_LENGTH } from '../../helpers/claimFields';
import { programIdField, readProgramId } from '../../helpers/fields';
import { ID_DROPDOWNS_SINCE } from '../../helpers/versions';
import { byIdInput } from '../../../shared/partnerIds';

/** The service answers at most this many order IDs per request (spec 8). */
export const ORDER_IDS_PER_REQUEST = 20;

const properties: INodeProperties[] = [
	...byIdInput(ID_DROPDOWNS_SINCE, (input) => [programIdField(input, { placeholder: '6115' })]),
	{
		displayName: 'Order IDs',
		name: 'orderIds',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: '61150001, 61150002',
		description:
			'Order numbers to look up, separated by commas or new lines, or an array from an expression. Any number of them; they are sent 20 per request.',
		hint: 'One output item per order ID, in the order given. An ID given twice is looked up and output once.',
	},
];

const displayOptions = { show: { resource: ['lostOrder'], operation: ['getOrderStatus'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface OrderInfo {
	order_info: IDataObject[];
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const programId = readProgramId(this, itemIndex);
	// Duplicates ask the same question twice: each ID is looked up and output once, where it first appears.
	const orderIds = [...new Set(readList(this, itemIndex, 'Order IDs', this.getNodeParameter('orderIds', itemIndex)))];
	if (orderIds.length === 0) throw invalidInput(this, itemIndex, 'Order IDs', 'at least one order ID is required');
	for (const orderId of orderIds) requireMaxLength(this, itemIndex, 'Order IDs', orderId, MAX_ORDER_ID_LENGTH);

	const answers = new Map<string, IDataObject>();
	for (let start = 0; start < orderIds.length; start += ORDER_IDS_PER_REQUEST) {
		const batch = orderIds.slice(start, start + ORDER_IDS_PER_REQUEST);
		const response = await apiRequest<OrderInfo>(this, 'partner', {
			method: 'GET',
			path: '/lost_orders/payments_info/',
			expect: orderStatuses,
			qs: { advcampaign: programId, order_id: batch },
			itemIndex,
		});
		// The transport has checked that the answer holds one entry for each ID of the batch.
		for (const info of response.order_info) answers.set(String(info.order_id), info);
	}
	// From version 1.1 every item has the same fields, so that the columns of a sheet do not
	// change from row to row: payment_id and payment_status are null when the order is not yours.
	const sameColumns = this.getNode().typeVersion >= 1.1;
	return toItems(
		orderIds.map((orderId) => {
			const info = answers.get(orderId) as IDataObject;
			return sameColumns ? { ...info, payment_id: info.payment_id ?? null, payment_status: info.payment_status ?? null } : info;
		}),
		itemIndex,
	);
}
