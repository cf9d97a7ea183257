import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as create from './create.operation';

export const resource: INodePropertyOptions = { name: 'Deeplink', value: 'deeplink' };

// Create answers all input items together, with few requests (nodes/shared/batching).
export const operations = {};

export const batchOperations = { create: create.create };

export const description: INodeProperties[] = [
	operationSelector(
		'deeplink',
		[
			{
				name: 'Create',
				value: 'create',
				description: 'Make affiliate links (deeplinks) to any pages of a program, up to 200 URLs per request',
				action: 'Create deeplinks',
			},
		],
		'create',
	),
	...create.description,
];
