import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getOrderStatus from './getOrderStatus.operation';

export const resource: INodePropertyOptions = { name: 'Lost Order', value: 'lostOrder' };

export const operations = {
	create: create.execute,
	get: get.execute,
	getMany: getMany.execute,
	getOrderStatus: getOrderStatus.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'lostOrder',
		[
			{
				name: 'Create',
				value: 'create',
				description: 'Claim an order that was not credited, with an optional receipt',
				action: 'Create a lost order',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one lost order by its ID',
				action: 'Get a lost order',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List lost orders, with filters',
				action: 'Get many lost orders',
			},
			{
				name: 'Get Order Status',
				value: 'getOrderStatus',
				description: 'Look up whether orders of a program exist and whom they are credited to',
				action: 'Get the status of orders',
			},
		],
		'getMany',
	),
	...getMany.description,
	...get.description,
	...create.description,
	...getOrderStatus.description,
];
