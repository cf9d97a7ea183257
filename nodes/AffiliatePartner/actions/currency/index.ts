import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Currency', value: 'currency' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['currency'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List currencies with their symbol and minimum withdrawal amount',
				action: 'Get many currencies',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
