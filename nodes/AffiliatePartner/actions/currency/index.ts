import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';
import * as getRate from './getRate.operation';

export const resource: INodePropertyOptions = { name: 'Currency', value: 'currency' };

export const operations = { getMany: getMany.execute, getRate: getRate.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'currency',
		[
			{
				name: 'Get Exchange Rate',
				value: 'getRate',
				description: 'Get the exchange rate between two currencies on a given day',
				action: 'Get an exchange rate',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List currencies with their symbol and minimum withdrawal amount',
				action: 'Get many currencies',
			},
		],
		'getMany',
	),
	...getMany.description,
	...getRate.description,
];
