import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Action', value: 'action' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'action',
		[{ name: 'Get Many', value: 'getMany', description: 'Get many conversions (actions) with their status', action: 'Get many actions' }],
		'getMany',
	),
	...getMany.description,
];
