import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest, oneRecord } from '../../../shared/transport';
import { readLanguageCode } from '../../helpers/reference';

const properties: INodeProperties[] = [
	{
		displayName: 'Language Name or ID',
		name: 'languageCode',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getLanguages' },
		required: true,
		default: '',
		description:
			'The language to get, by its code (such as en). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
];

const displayOptions = { show: { resource: ['language'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const code = readLanguageCode(this, itemIndex, 'Language Name or ID', this.getNodeParameter('languageCode', itemIndex), true)!;
	const language = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: `/languages/${encodeURIComponent(code)}/`,
		expect: oneRecord('language_code', 'a language', { value: code, type: 'text' }),
		itemIndex,
		notFound: `Language "${code}"`,
	});
	return toItems([language], itemIndex);
}
