import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList } from '../../../shared/transport';
import { claimFilters, readClaimFilters } from '../../helpers/claims';
import { claimOutputOptions, claimRecords } from '../../helpers/claimOutput';

const show = { resource: ['appeal'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	...returnAllAndLimit(show),
	claimFilters(show, false),
	claimOutputOptions(show, 'appeal'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const qs = readClaimFilters(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const records = await fetchPartnerList(this, { path: '/appeals/', qs, limit, itemIndex });
	return toItems(claimRecords(this, itemIndex, records, 'appeal'), itemIndex);
}
