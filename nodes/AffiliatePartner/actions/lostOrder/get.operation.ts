import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { recordIdField } from '../../helpers/claims';
import { claimOutputOptions, claimRecords } from '../../helpers/claimOutput';

const show = { resource: ['lostOrder'], operation: ['get'] };

export const description: INodeProperties[] = [
	recordIdField('lostOrderId', 'Lost Order ID', show, 'lost order'),
	claimOutputOptions(show, 'lostOrder'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireId(this, itemIndex, 'Lost Order ID', this.getNodeParameter('lostOrderId', itemIndex));
	const record = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: `/lost_orders/${id}/`,
		itemIndex,
		notFound: `Lost order ${id}`,
	});
	return toItems(claimRecords(this, itemIndex, [record], 'lostOrder'), itemIndex);
}
