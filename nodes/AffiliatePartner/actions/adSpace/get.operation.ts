import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest, recordWithId } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Ad Space Name or ID',
		name: 'adSpaceId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getAdSpaces' },
		required: true,
		default: '',
		description:
			'The ad space (website) to get. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];

const displayOptions = { show: { resource: ['adSpace'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireId(this, itemIndex, 'Ad Space Name or ID', this.getNodeParameter('adSpaceId', itemIndex));
	const record = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: `/websites/v2/${id}/`,
		expect: recordWithId(id, 'an ad space'),
		itemIndex,
		notFound: `Ad space ${id}`,
	});
	return toItems([record], itemIndex);
}
