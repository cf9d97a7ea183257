import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Ad Space', value: 'adSpace' };

export const operations = {
	get: get.execute,
	getMany: getMany.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'adSpace',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get one of your ad spaces (websites) by its ID',
				action: 'Get an ad space',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List your ad spaces (websites), by status',
				action: 'Get many ad spaces',
			},
		],
		'getMany',
	),
	...getMany.description,
	...get.description,
];
