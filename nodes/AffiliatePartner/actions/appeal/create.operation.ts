import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { oneRecord } from '../../../shared/transport';
import { optionalText, requireId, requireText } from '../../../shared/validation';
import { createClaim } from '../../helpers/claimCreate';
import type { ClaimFormFields } from '../../helpers/claimCreate';
import {
	MAX_APPEAL_ID_LENGTH,
	MAX_COMMENT_LENGTH,
	MAX_ORDER_ID_LENGTH,
	additionalFields,
	appealIdField,
	commentField,
	orderIdField,
	programIdField,
} from '../../helpers/claimFields';
import { claimOutputOptions, claimRecords } from '../../helpers/claimOutput';
import { receiptField } from '../../helpers/receipt';

const properties: INodeProperties[] = [
	programIdField(),
	orderIdField(),
	receiptField(),
	additionalFields([appealIdField, commentField]),
	claimOutputOptions('appeal'),
];

const displayOptions = { show: { resource: ['appeal'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	// Everything is checked before the receipt is read and before anything is sent.
	const fields: ClaimFormFields = [
		['advcampaign', requireId(this, itemIndex, 'Program ID', this.getNodeParameter('programId', itemIndex))],
		['order_id', requireText(this, itemIndex, 'Order ID', this.getNodeParameter('orderId', itemIndex), MAX_ORDER_ID_LENGTH)],
		['comment', optionalText(this, itemIndex, 'Comment', extra.comment, MAX_COMMENT_LENGTH)],
		['appeal_id', optionalText(this, itemIndex, 'Appeal ID', extra.appealId, MAX_APPEAL_ID_LENGTH)],
	];
	const record = await createClaim(
		this,
		itemIndex,
		{ path: '/appeals/create/', expect: oneRecord('id', 'the created appeal claim') },
		fields,
	);
	return toItems(claimRecords(this, itemIndex, [record], 'appeal'), itemIndex);
}
