import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList } from '../../../shared/transport';
import { claimFilters, readClaimFilters } from '../../helpers/claims';
import { appealOptions, appealRecords } from './options';

const show = { resource: ['appeal'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	...returnAllAndLimit(show),
	claimFilters(show, false),
	appealOptions(show),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const qs = readClaimFilters(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const records = await fetchPartnerList(this, { path: '/appeals/', qs, limit, itemIndex });
	return toItems(appealRecords(this, itemIndex, records), itemIndex);
}
