import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Region', value: 'region' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'region',
		[
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the region codes of ad spaces, with their names (01 is CIS, 00 is all regions)',
				action: 'Get many regions',
			},
		],
		'getMany',
	),
	...getMany.description,
];
