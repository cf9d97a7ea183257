import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resources } from './actions/resources';
import { router } from './actions/router';
import * as loadOptions from './methods/loadOptions';

export class AffiliatePartner implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affiliate Partner',
		name: 'affiliatePartner',
		icon: { light: 'file:affiliatePartner.svg', dark: 'file:affiliatePartner.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Lost orders, appeal claims, order status, landing pages and reference data of an affiliate partner network (Admitad publisher API)',
		defaults: { name: 'Affiliate Partner' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affiliatePartnerApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resources.map((module) => module.resource),
				default: 'lostOrder',
			},
			...resources.flatMap((module) => module.description),
		],
	};

	methods = { loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
