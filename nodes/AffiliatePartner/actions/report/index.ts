import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as get from './get.operation';

export const resource: INodePropertyOptions = { name: 'Report', value: 'report' };

export const operations = {
	get: get.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'report',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get clicks, actions and earnings summed by day, month, ad space, program, sub ID, traffic source or keyword',
				action: 'Get a report',
			},
		],
		'get',
	),
	...get.description,
];
