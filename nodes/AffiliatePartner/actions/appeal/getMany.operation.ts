import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { claimFilters, readClaimFilters } from '../../helpers/claimFilters';
import { claimOutputOptions, claimShaping } from '../../helpers/claimOutput';
import { byDateInput } from '../../../shared/dateFields';
import { DATES_AS_TEXT_SINCE } from '../../helpers/versions';

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	...byDateInput(DATES_AS_TEXT_SINCE, (input) => [claimFilters({ withAppealStatus: false, input })]),
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
