import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import * as getMany from './getMany.operation';

export const resource: INodePropertyOptions = { name: 'Landing Page', value: 'landingPage' };

export const operations = { getMany: getMany.execute };

export const description: INodeProperties[] = [
	operationSelector(
		'landingPage',
		[
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the landing pages of an affiliate program, with tracking links for an ad space',
				action: 'Get many landing pages',
			},
		],
		'getMany',
	),
	...getMany.description,
];
