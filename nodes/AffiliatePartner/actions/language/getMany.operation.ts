import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';

const properties: INodeProperties[] = [returnAll(), limit()];

const displayOptions = { show: { resource: ['language'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const records = await fetchPartnerList(this, {
		path: '/languages/',
		expect: listOf('language_code', 'a list of languages'),
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return toItems(records, itemIndex);
}
