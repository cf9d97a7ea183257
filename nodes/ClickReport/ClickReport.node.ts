import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeDocs } from '../shared/nodeDocs';
import type { ResourceModule } from '../shared/routing';
import { routeToResource } from '../shared/routing';
import * as action from './actions/action';
import * as click from './actions/click';
import * as coupon from './actions/coupon';
import * as link from './actions/link';
import * as merchant from './actions/merchant';

/** 1.2: the Resource dropdown, with the actions (conversions) beside the click items. */
const RESOURCES_SINCE = 1.2;

/** Every resource of the node, in the order of the Resource dropdown. */
const resources: ResourceModule[] = [action, click, coupon, link, merchant];

/**
 * Versions before 1.2 had only the click items and no Resource: there `resource` is hidden and
 * always `click`, so that their saved workflows keep their parameters and output (the idiom of
 * n8n's own Perplexity node, whose version 1 hides the resource that version 2 shows).
 */
const resourceParameters: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'hidden',
		noDataExpression: true,
		default: 'click',
		displayOptions: { show: { '@version': [{ _cnd: { lt: RESOURCES_SINCE } }] } },
	},
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map((module) => module.resource),
		default: 'click',
		displayOptions: { show: { '@version': [{ _cnd: { gte: RESOURCES_SINCE } }] } },
	},
];

export class ClickReport implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Click Report',
		name: 'clickReport',
		icon: { light: 'file:clickReport.svg', dark: 'file:clickReport.dark.svg' },
		group: ['transform'],
		// 1.1: dates are text the node reads (nodes/shared/dateFields.ts).
		version: [1, 1.1, RESOURCES_SINCE],
		defaultVersion: RESOURCES_SINCE,
		// Operation and resource in words, as the built-in nodes show them (tested against the dropdowns).
		subtitle:
			'={{ ({"action:getMany":"Get Many: Action","click:getMany":"Get Many: Click Item","coupon:getMany":"Get Many: Coupon","coupon:search":"Search: Coupon","link:resolve":"Resolve: Link","merchant:getMany":"Get Many: Merchant"})[$parameter["resource"] + ":" + $parameter["operation"]] }}',
		description:
			'Daily click statistics per merchant, Sub ID and ad space, conversions (actions) with their status, merchants, affiliate links and coupons (Takeads)',
		defaults: { name: 'Click Report' },
		documentationUrl: nodeDocs('click-report'),
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'clickStatisticsApi', required: true }],
		properties: [...resourceParameters, ...resources.flatMap((module) => module.description)],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeToResource(this, resources);
	}
}
