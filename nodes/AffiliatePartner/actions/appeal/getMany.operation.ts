import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { readClaimFilters, versionedClaimFilters } from '../../helpers/claimFilters';
import { claimOutputOptions, claimShaping } from '../../helpers/claimOutput';

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	...versionedClaimFilters(false),
	claimOutputOptions('appeal'),
];

const displayOptions = { show: { resource: ['appeal'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const qs = readClaimFilters(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const shape = claimShaping(this, itemIndex, 'appeal');
	const records = await fetchPartnerList(this, { path: '/appeals/', expect: listOf('id', 'a list of appeal claims'), qs, limit, itemIndex });
	return toItems(shape(records), itemIndex);
}
