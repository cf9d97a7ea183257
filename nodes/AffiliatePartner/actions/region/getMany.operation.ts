import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { regionName } from '../../helpers/regions';

const properties: INodeProperties[] = [returnAll(), limit()];

const displayOptions = { show: { resource: ['region'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const codes = await fetchPartnerList(this, {
		path: '/websites/regions/',
		expect: listOf('plainString', 'a list of regions'),
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	// The service lists plain codes; each becomes an object with a readable name.
	const records = (codes as unknown[]).map((code) => ({ code: String(code), name: regionName(String(code)) }));
	return toItems(records, itemIndex);
}
