import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as action from './actions/action';
import * as adSpace from './actions/adSpace';
import * as adSpaceKind from './actions/adSpaceKind';
import * as appeal from './actions/appeal';
import * as category from './actions/category';
import * as coupon from './actions/coupon';
import * as currency from './actions/currency';
import * as deeplink from './actions/deeplink';
import * as landingPage from './actions/landingPage';
import * as language from './actions/language';
import * as lostOrder from './actions/lostOrder';
import * as program from './actions/program';
import * as region from './actions/region';
import * as report from './actions/report';
import type { ResourceModule } from './actions/router';
import { router } from './actions/router';
import * as trafficSource from './actions/trafficSource';
import { nodeDocs } from '../shared/nodeDocs';
import * as loadOptions from './methods/loadOptions';

/** Every resource of the node, in the order of the Resource dropdown. */
const resources: ResourceModule[] = [
	action,
	adSpace,
	adSpaceKind,
	appeal,
	category,
	coupon,
	currency,
	deeplink,
	landingPage,
	language,
	lostOrder,
	program,
	region,
	report,
	trafficSource,
];

export class AffiliatePartner implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affiliate Partner',
		name: 'affiliatePartner',
		icon: { light: 'file:affiliatePartner.svg', dark: 'file:affiliatePartner.dark.svg' },
		group: ['transform'],
		// 1.1: Order Price of a lost-order create starts empty; order-status items all have the same fields (CHANGELOG.md, 0.1.0).
		// 1.2: dates are text; 1.3: ad spaces and programs are dropdowns (helpers/versions.ts).
		version: [1, 1.1, 1.2, 1.3],
		defaultVersion: 1.3,
		// Operation and resource in words, as the built-in nodes show them (tested against the dropdowns).
		subtitle:
			'={{ ({"action:getMany":"Get Many: Action","adSpace:get":"Get: Ad Space","adSpace:getMany":"Get Many: Ad Space","adSpaceKind:getMany":"Get Many: Ad Space Kind","appeal:create":"Create: Appeal","appeal:get":"Get: Appeal","appeal:getMany":"Get Many: Appeal","category:get":"Get: Category","category:getMany":"Get Many: Category","category:getManyForProgram":"Get Many for Program: Category","coupon:get":"Get: Coupon","coupon:getMany":"Get Many: Coupon","currency:getRate":"Get Exchange Rate: Currency","currency:getMany":"Get Many: Currency","deeplink:create":"Create: Deeplink","landingPage:getMany":"Get Many: Landing Page","language:get":"Get: Language","language:getMany":"Get Many: Language","lostOrder:create":"Create: Lost Order","lostOrder:get":"Get: Lost Order","lostOrder:getMany":"Get Many: Lost Order","lostOrder:getOrderStatus":"Get Order Status: Lost Order","program:get":"Get: Program","program:getMany":"Get Many: Program","program:join":"Join: Program","program:leave":"Leave: Program","region:getMany":"Get Many: Region","report:get":"Get: Report","trafficSource:getMany":"Get Many: Traffic Source"})[$parameter["resource"] + ":" + $parameter["operation"]] }}',
		description:
			'Conversions, reports, deeplinks, programs, coupons, lost orders, appeal claims, order status, landing pages and reference data of an affiliate partner network (Admitad publisher API)',
		defaults: { name: 'Affiliate Partner' },
		documentationUrl: nodeDocs('affiliate-partner'),
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
		return await router.call(this, resources);
	}
}
