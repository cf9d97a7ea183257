import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Traffic Source', value: 'trafficSource' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'trafficSource',
		[
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the traffic sources programs allow or forbid',
				action: 'Get many traffic sources',
			},
		],
		'getMany',
	),
	...getMany.description,
];
