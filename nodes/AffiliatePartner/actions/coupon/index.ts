import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Coupon', value: 'coupon' };

export const operations = {
	get: get.execute,
	getMany: getMany.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'coupon',
		[
			{
				name: 'Get',
				value: 'get',
				description: "Get one coupon by its ID, from an ad space's coupons (with its promo code and links) or the catalogue",
				action: 'Get a coupon',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: "List the coupons of an ad space (with promo codes and links) or of the catalogue, by program, category, type, days, region, language or search",
				action: 'Get many coupons',
			},
		],
		'getMany',
	),
	...getMany.description,
	...get.description,
];
