import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { applyDecimalsAsNumbers, decimalsAsNumbersOptions } from '../../../shared/numbers';
import { fetchPartnerList } from '../../../shared/transport';

const show = { resource: ['currency'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	...returnAllAndLimit(show),
	decimalsAsNumbersOptions(show),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const records = await fetchPartnerList(this, {
		path: '/currencies/',
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	// min_sum is a decimal string ("10.00"); kept as it comes unless asked otherwise.
	return toItems(applyDecimalsAsNumbers(this, itemIndex, records, ['min_sum']), itemIndex);
}
