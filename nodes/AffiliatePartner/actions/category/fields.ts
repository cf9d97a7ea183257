import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, received } from '../../../shared/validation';
import { readLanguageCode } from '../../helpers/reference';

/** `options.language`: the language of the category names. */
export const languageOption: INodeProperties = {
	displayName: 'Language Name or ID',
	name: 'language',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getLanguages' },
	default: '',
	description:
		'Language of the category names; names without a translation come in English. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** `options.orderBy`: `name` or `-name`. */
export const orderByOption: INodeProperties = {
	displayName: 'Order By',
	name: 'orderBy',
	type: 'options',
	options: [
		{ name: 'Name (A to Z)', value: 'name' },
		{ name: 'Name (Z to A)', value: '-name' },
	],
	default: 'name',
	description: 'Sort the categories by name',
};

const ORDER_BY = ['name', '-name'];

/** The query parameters `language` and `order_by` from the options collection, validated. */
export function readCategoryOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const language = readLanguageCode(context, itemIndex, 'Language Name or ID', options.language, false);
	if (language !== undefined) qs.language = language;
	const orderBy = options.orderBy;
	if (orderBy !== undefined && orderBy !== null && orderBy !== '') {
		if (typeof orderBy !== 'string' || !ORDER_BY.includes(orderBy.trim())) {
			throw invalidInput(context, itemIndex, 'Order By', `must be "name" or "-name", ${received(orderBy)}`);
		}
		qs.order_by = orderBy.trim();
	}
	return qs;
}
