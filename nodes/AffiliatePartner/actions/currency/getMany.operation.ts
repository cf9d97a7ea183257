import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, optionsCollection, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { decimalsAsNumbers, decimalsAsNumbersOption } from '../../../shared/numbers';
import { fetchPartnerList, listOf } from '../../../shared/transport';

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	optionsCollection([decimalsAsNumbersOption]),
];

const displayOptions = { show: { resource: ['currency'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	// min_sum is a decimal string ("10.00"); kept as it comes unless asked otherwise.
	const shape = decimalsAsNumbers(this, itemIndex, ['min_sum']);
	const records = await fetchPartnerList(this, {
		path: '/currencies/',
		expect: listOf('code', 'a list of currencies'),
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return toItems(shape(records), itemIndex);
}
