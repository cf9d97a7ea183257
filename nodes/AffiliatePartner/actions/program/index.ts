import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as join from './join.operation';
import * as leave from './leave.operation';

export const resource: INodePropertyOptions = { name: 'Program', value: 'program' };

export const operations = {
	get: get.execute,
	getMany: getMany.execute,
	join: join.execute,
	leave: leave.execute,
};

export const description: INodeProperties[] = [
	operationSelector(
		'program',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get one program of an ad space, with its go-to link, actions and rates',
				action: 'Get a program',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: "List an ad space's programs, by connection status and tools, with their go-to links, actions and rates",
				action: 'Get many programs',
			},
			{
				name: 'Join',
				value: 'join',
				description: "Connect an ad space to a program, which accepts the program's rules (a POST, never retried)",
				action: 'Join a program',
			},
			{
				name: 'Leave',
				value: 'leave',
				description: 'Disconnect an ad space from a program (a POST, never retried)',
				action: 'Leave a program',
			},
		],
		'getMany',
	),
	...getMany.description,
	...get.description,
	...join.description,
	...leave.description,
];
