import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { toItems } from '../../../shared/execution';
import { apiRequest, recordWithId } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { readLanguageCode } from '../../helpers/reference';
import { languageOption } from './fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Category ID',
		name: 'categoryId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of the category to get',
	},
	optionsCollection([languageOption]),
];

const displayOptions = { show: { resource: ['category'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const categoryId = requireId(this, itemIndex, 'Category ID', this.getNodeParameter('categoryId', itemIndex));
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const language = readLanguageCode(this, itemIndex, 'Language Name or ID', options.language, false);
	const category = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: `/categories/${categoryId}/`,
		expect: recordWithId(categoryId, 'a category'),
		qs: language === undefined ? undefined : { language },
		itemIndex,
		notFound: `Category ${categoryId}`,
	});
	return toItems([category], itemIndex);
}
