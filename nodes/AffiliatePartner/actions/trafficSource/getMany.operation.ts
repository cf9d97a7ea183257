import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList } from '../../../shared/transport';

export const description: INodeProperties[] = [
	...returnAllAndLimit({ resource: ['trafficSource'], operation: ['getMany'] }),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const records = await fetchPartnerList(this, {
		path: '/traffic/',
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return toItems(records, itemIndex);
}
