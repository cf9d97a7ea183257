import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';
import * as search from './search.operation';

export const resource: INodePropertyOptions = { name: 'Coupon', value: 'coupon' };

export const operations = { getMany: getMany.execute };

/** Search answers all input items together, with few requests (nodes/shared/batching). */
export const batchOperations = { search: search.search };

export const description: INodeProperties[] = [
	operationSelector(
		'coupon',
		[
			{ name: 'Get Many', value: 'getMany', description: 'Get many coupons of the merchants, with their codes and tracking links', action: 'Get many coupons' },
			{ name: 'Search', value: 'search', description: 'Find the coupons for a list of page URLs', action: 'Search coupons' },
		],
		'getMany',
	),
	...getMany.description,
	...search.description,
];
