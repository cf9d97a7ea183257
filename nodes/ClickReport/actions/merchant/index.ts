import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Merchant', value: 'merchant' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'merchant',
		[{ name: 'Get Many', value: 'getMany', description: 'Get many merchants (advertisers) with their domains, commissions and tracking link', action: 'Get many merchants' }],
		'getMany',
	),
	...getMany.description,
];
