import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest, recordWithId } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { recordIdField } from '../../helpers/claimFields';
import { claimOutputOptions, claimShaping } from '../../helpers/claimOutput';

const properties: INodeProperties[] = [
	recordIdField('lostOrderId', 'Lost Order ID', 'lost order'),
	claimOutputOptions('lostOrder'),
];

const displayOptions = { show: { resource: ['lostOrder'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireId(this, itemIndex, 'Lost Order ID', this.getNodeParameter('lostOrderId', itemIndex));
	const shape = claimShaping(this, itemIndex, 'lostOrder');
	const record = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: `/lost_orders/${id}/`,
		expect: recordWithId(id, 'a lost order'),
		itemIndex,
		notFound: `Lost order ${id}`,
	});
	return toItems(shape([record]), itemIndex);
}
