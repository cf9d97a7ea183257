import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Click Item', value: 'click' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'click',
		[{ name: 'Get Many', value: 'getMany', description: 'Get click items of the report', action: 'Get many click items' }],
		'getMany',
	),
	...getMany.description,
];
