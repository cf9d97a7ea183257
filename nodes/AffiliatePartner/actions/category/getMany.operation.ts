import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limit, optionsCollection, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { readIdList } from '../../../shared/validation';
import { languageOption, orderByOption, readCategoryOptions } from './fields';

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	filtersCollection([
		{
			displayName: 'Program IDs',
			name: 'programIds',
			type: 'string',
			default: '',
			placeholder: '6115, 7204',
			description:
				'Affiliate program IDs, separated by commas or new lines (or an array from an expression). Lists the categories of any of these programs.',
		},
	]),
	optionsCollection([languageOption, orderByOption]),
];

const displayOptions = { show: { resource: ['category'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const programIds = readIdList(this, itemIndex, 'Program IDs', filters.programIds);
	const qs: IDataObject = {};
	// Sent as repeated parameters: campaign=1&campaign=2.
	if (programIds.length) qs.campaign = programIds;
	Object.assign(qs, readCategoryOptions(this, itemIndex));
	const records = await fetchPartnerList(this, {
		path: '/categories/',
		expect: listOf('id', 'a list of categories'),
		qs,
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return toItems(records, itemIndex);
}
