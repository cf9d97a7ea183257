import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Appeal', value: 'appeal' };

export const operations = {
	create: create.execute,
	get: get.execute,
	getMany: getMany.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'appeal',
		[
			{
				name: 'Create',
				value: 'create',
				description: 'File an appeal claim for an order, with an optional receipt',
				action: 'Create an appeal',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one appeal claim by its ID',
				action: 'Get an appeal',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List appeal claims, with filters',
				action: 'Get many appeals',
			},
		],
		'getMany',
	),
	...getMany.description,
	...get.description,
	...create.description,
];
