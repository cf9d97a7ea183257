import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { readCategoryOptions } from './fields';

const show = { resource: ['category'], operation: ['getManyForProgram'] };

// The options collection (language, order) is shared with Get Many and declared there.
export const description: INodeProperties[] = [
	{
		displayName: 'Program ID',
		name: 'programId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of the affiliate program whose categories to list',
		displayOptions: { show },
	},
	...returnAllAndLimit(show),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const programId = requireId(this, itemIndex, 'Program ID', this.getNodeParameter('programId', itemIndex));
	const qs = readCategoryOptions(this, itemIndex);
	const records = await fetchPartnerList(this, {
		path: `/categories/advcampaign/${programId}/`,
		qs,
		limit: readLimit(this, itemIndex),
		itemIndex,
		notFound: `Program ${programId}`,
	});
	return toItems(records, itemIndex);
}
