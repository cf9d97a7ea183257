import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { recordIdField } from '../../helpers/claims';

export const description: INodeProperties[] = [
	recordIdField('lostOrderId', 'Lost Order ID', { resource: ['lostOrder'], operation: ['get'] }, 'lost order'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireId(this, itemIndex, 'Lost Order ID', this.getNodeParameter('lostOrderId', itemIndex));
	const record = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: `/lost_orders/${id}/`,
		itemIndex,
	});
	return toItems([record], itemIndex);
}
