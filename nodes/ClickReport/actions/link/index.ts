import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as resolveLinks from './resolve.operation';

export const resource: INodePropertyOptions = { name: 'Link', value: 'link' };

/** Resolve answers all input items together, with few requests (nodes/shared/batching). */
export const operations = {};

export const batchOperations = { resolve: resolveLinks.resolve };

export const description: INodeProperties[] = [
	operationSelector(
		'link',
		[{ name: 'Resolve', value: 'resolve', description: 'Make affiliate links for many URLs at once', action: 'Resolve links' }],
		'resolve',
	),
	...resolveLinks.description,
];
