import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, optionsCollection, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { programIdField, readProgramId } from '../../helpers/fields';
import { ID_DROPDOWNS_SINCE } from '../../helpers/versions';
import { byIdInput } from '../../../shared/partnerIds';
import { languageOption, orderByOption, readCategoryOptions } from './fields';

const properties: INodeProperties[] = [
	...byIdInput(ID_DROPDOWNS_SINCE, (input) => [programIdField(input, { which: 'whose categories to list' })]),
	returnAll(),
	limit(),
	optionsCollection([languageOption, orderByOption]),
];

const displayOptions = { show: { resource: ['category'], operation: ['getManyForProgram'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const programId = readProgramId(this, itemIndex);
	const qs = readCategoryOptions(this, itemIndex);
	const records = await fetchPartnerList(this, {
		path: `/categories/advcampaign/${programId}/`,
		expect: listOf('id', 'a list of categories'),
		qs,
		limit: readLimit(this, itemIndex),
		itemIndex,
		notFound: `Program ${programId}`,
	});
	return toItems(records, itemIndex);
}
