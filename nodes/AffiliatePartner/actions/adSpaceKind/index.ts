import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Ad Space Kind', value: 'adSpaceKind' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'adSpaceKind',
		[
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the kinds of ad space (website, cashback, mobile app...) the network knows',
				action: 'Get many ad space kinds',
			},
		],
		'getMany',
	),
	...getMany.description,
];
