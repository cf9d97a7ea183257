import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getManyForProgram from './getManyForProgram.operation';

export const resource: INodePropertyOptions = { name: 'Category', value: 'category' };

export const operations = {
	get: get.execute,
	getMany: getMany.execute,
	getManyForProgram: getManyForProgram.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'category',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get one category by its ID',
				action: 'Get a category',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List categories, optionally only those of given programs',
				action: 'Get many categories',
			},
			{
				name: 'Get Many for Program',
				value: 'getManyForProgram',
				description: 'List the categories of one affiliate program',
				action: 'Get many categories of a program',
			},
		],
		'getMany',
	),
	...getManyForProgram.description,
	...getMany.description,
	...get.description,
];
