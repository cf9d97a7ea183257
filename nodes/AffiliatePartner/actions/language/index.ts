import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Language', value: 'language' };

export const operations = { get: get.execute, getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'language',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get one language by its code',
				action: 'Get a language',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the languages of the service, with their codes and flags',
				action: 'Get many languages',
			},
		],
		'getMany',
	),
	...get.description,
	...getMany.description,
];
