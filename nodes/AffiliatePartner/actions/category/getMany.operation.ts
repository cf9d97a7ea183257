import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limit, optionsCollection, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { byIdInput, idField } from '../../../shared/partnerIds';
import type { IdInput } from '../../../shared/partnerIds';
import { readIdList } from '../../../shared/validation';
import { idFieldNameOf } from '../../helpers/fields';
import { ID_DROPDOWNS_SINCE } from '../../helpers/versions';
import { languageOption, orderByOption, readCategoryOptions } from './fields';

const programsFilter = (input: IdInput): INodeProperties =>
	idField('program', input, {
		name: 'programIds',
		several: true,
		placeholder: '6115, 7204',
		textDescription:
			'Affiliate program IDs, separated by commas or new lines (or an array from an expression). Lists the categories of any of these programs.',
		dropdownDescription: 'Lists the categories of any of these affiliate programs',
	});

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	...byIdInput(ID_DROPDOWNS_SINCE, (input) => [filtersCollection([programsFilter(input)])]),
	optionsCollection([languageOption, orderByOption]),
];

const displayOptions = { show: { resource: ['category'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const programIds = readIdList(this, itemIndex, idFieldNameOf(this, 'program', true), filters.programIds);
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
