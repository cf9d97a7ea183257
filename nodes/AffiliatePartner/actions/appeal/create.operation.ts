import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { optionalText, requireId, requireText } from '../../../shared/validation';
import {
	MAX_APPEAL_ID_LENGTH,
	MAX_COMMENT_LENGTH,
	MAX_ORDER_ID_LENGTH,
	appealIdField,
	createClaim,
	commentField,
	orderIdField,
	programIdField,
	receiptField,
} from '../../helpers/claims';
import { claimOutputOptions, claimRecords } from '../../helpers/claimOutput';

const show = { resource: ['appeal'], operation: ['create'] };

export const description: INodeProperties[] = [
	programIdField(show),
	orderIdField(show),
	receiptField(show),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [appealIdField, commentField],
	},
	claimOutputOptions(show, 'appeal'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	// Everything is checked before the receipt is read and before anything is sent.
	const fields: Array<[string, string | number | undefined]> = [
		['advcampaign', requireId(this, itemIndex, 'Program ID', this.getNodeParameter('programId', itemIndex))],
		['order_id', requireText(this, itemIndex, 'Order ID', this.getNodeParameter('orderId', itemIndex), MAX_ORDER_ID_LENGTH)],
		['comment', optionalText(this, itemIndex, 'Comment', extra.comment, MAX_COMMENT_LENGTH)],
		['appeal_id', optionalText(this, itemIndex, 'Appeal ID', extra.appealId, MAX_APPEAL_ID_LENGTH)],
	];
	const record = await createClaim(this, itemIndex, '/appeals/create/', fields);
	return toItems(claimRecords(this, itemIndex, [record], 'appeal'), itemIndex);
}
