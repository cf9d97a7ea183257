// Every request states its endpoint's promise beside its path (nodes/shared/transport/contracts.ts).
// For every read operation of both nodes, an answer missing the part its endpoint promises is not
// taken as data: it is read again and the output equals that of an undisturbed run.
import type { INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';

import type { Sandbox } from '../../sandbox/server';
import { useSandbox } from '../harness/sandboxFixture';
import { runNode } from '../harness/run';
import { clickCredential, partnerCredential } from './helpers';

const sandboxOf = useSandbox({ clickItems: 600, clickDays: 2 }, { latencyMs: 0 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

interface Case {
	parameters: (sandbox: Sandbox) => INodeParameters;
	/** The path the fault applies to, and a key the endpoint promises. */
	pathPrefix: (sandbox: Sandbox) => string;
	promised: string;
}

const all = { returnAll: true };
/** The first coupon the sandbox seeds (sandbox/partner/couponSeed.ts). */
const FIRST_COUPON_ID = '52001';
const PARTNER_CASES: Record<string, Case> = {
	'Action, Get Many': { parameters: () => ({ resource: 'action', operation: 'getMany', ...all }), pathPrefix: () => '/statistics/actions/', promised: '_meta' },
	'Ad Space, Get': {
		parameters: (s) => ({ resource: 'adSpace', operation: 'get', adSpaceId: String(s.data.websites[0].id) }),
		pathPrefix: (s) => `/websites/v2/${s.data.websites[0].id}/`,
		promised: 'id',
	},
	// The docs' bare array has no part to drop; the Python client's envelope has.
	'Ad Space, Get Many': { parameters: () => ({ resource: 'adSpace', operation: 'getMany', ...all }), pathPrefix: () => '/websites/v2/', promised: 'results' },
	'Ad Space Kind, Get Many': { parameters: () => ({ resource: 'adSpaceKind', operation: 'getMany', ...all }), pathPrefix: () => '/websites/kinds/', promised: 'results' },
	'Appeal, Get': { parameters: (s) => ({ resource: 'appeal', operation: 'get', appealClaimId: String(s.data.appeals[0].id) }), pathPrefix: (s) => `/appeals/${s.data.appeals[0].id}/`, promised: 'id' },
	'Appeal, Get Many': { parameters: () => ({ resource: 'appeal', operation: 'getMany', ...all }), pathPrefix: () => '/appeals/', promised: '_meta' },
	'Category, Get': { parameters: (s) => ({ resource: 'category', operation: 'get', categoryId: String(s.data.categories[0].id) }), pathPrefix: (s) => `/categories/${s.data.categories[0].id}/`, promised: 'id' },
	'Coupon, Get': {
		parameters: () => ({ resource: 'coupon', operation: 'get', source: 'catalogue', couponId: FIRST_COUPON_ID }),
		pathPrefix: () => `/coupons/${FIRST_COUPON_ID}/`,
		promised: 'id',
	},
	'Coupon, Get Many': { parameters: () => ({ resource: 'coupon', operation: 'getMany', adSpaceId: '1021', ...all }), pathPrefix: () => '/coupons/website/1021/', promised: 'results' },
	'Category, Get Many': { parameters: () => ({ resource: 'category', operation: 'getMany', ...all }), pathPrefix: () => '/categories/', promised: 'results' },
	'Category, Get Many for Program': {
		parameters: (s) => ({ resource: 'category', operation: 'getManyForProgram', programId: String(s.data.programs[0].id), ...all }),
		pathPrefix: (s) => `/categories/advcampaign/${s.data.programs[0].id}/`,
		promised: 'results',
	},
	'Currency, Get Exchange Rate': {
		parameters: () => ({ resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-03-01' }),
		pathPrefix: () => '/currencies/rate/',
		promised: 'rate',
	},
	'Currency, Get Many': { parameters: () => ({ resource: 'currency', operation: 'getMany', ...all }), pathPrefix: () => '/currencies/', promised: 'results' },
	'Landing Page, Get Many': {
		parameters: (s) => ({ resource: 'landingPage', operation: 'getMany', programId: String(s.data.programs[0].id), ...all }),
		pathPrefix: (s) => `/landings/${s.data.programs[0].id}/`,
		promised: 'results',
	},
	'Language, Get': { parameters: () => ({ resource: 'language', operation: 'get', languageCode: 'en' }), pathPrefix: () => '/languages/en/', promised: 'language_code' },
	'Language, Get Many': { parameters: () => ({ resource: 'language', operation: 'getMany', ...all }), pathPrefix: () => '/languages/', promised: '_meta' },
	'Lost Order, Get': { parameters: (s) => ({ resource: 'lostOrder', operation: 'get', lostOrderId: String(s.data.lostOrders[0].id) }), pathPrefix: (s) => `/lost_orders/${s.data.lostOrders[0].id}/`, promised: 'id' },
	'Lost Order, Get Many': { parameters: () => ({ resource: 'lostOrder', operation: 'getMany', ...all }), pathPrefix: () => '/lost_orders/', promised: 'results' },
	'Lost Order, Get Order Status': {
		parameters: (s) => ({ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(s.data.knownOrders[0].advcampaign), orderIds: s.data.knownOrders[0].order_id }),
		pathPrefix: () => '/lost_orders/payments_info/',
		promised: 'order_info',
	},
	'Program, Get': {
		parameters: () => ({ resource: 'program', operation: 'get', adSpaceId: '1021', programId: '6115' }),
		pathPrefix: () => '/advcampaigns/6115/website/1021/',
		promised: 'id',
	},
	'Program, Get Many': { parameters: () => ({ resource: 'program', operation: 'getMany', adSpaceId: '1021', ...all }), pathPrefix: () => '/advcampaigns/website/1021/', promised: 'results' },
	'Report, Get': {
		parameters: () => ({ resource: 'report', operation: 'get', groupBy: 'day', dateFrom: '2026-11-01', dateTo: '2026-11-10', ...all }),
		pathPrefix: () => '/statistics/dates/',
		promised: '_meta',
	},
	'Region, Get Many': { parameters: () => ({ resource: 'region', operation: 'getMany', ...all }), pathPrefix: () => '/websites/regions/', promised: 'results' },
	'Traffic Source, Get Many': { parameters: () => ({ resource: 'trafficSource', operation: 'getMany', ...all }), pathPrefix: () => '/traffic/', promised: 'results' },
};

test('every read operation of the Affiliate Partner node is here', () => {
	const { properties } = new AffiliatePartner().description;
	const optionsOf = (name: string, resource?: string) =>
		(properties.find((p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)))?.options ?? []) as INodePropertyOptions[];
	const reads = optionsOf('resource').flatMap((resource) =>
		optionsOf('operation', String(resource.value))
			// Creates, joins and leaves are POSTs: never read again. Deeplink → Create is a read (below).
			.filter((operation) => !['create', 'join', 'leave'].includes(String(operation.value)))
			.map((operation) => `${resource.name}, ${operation.name}`),
	);
	expect(Object.keys(PARTNER_CASES).sort()).toEqual(reads.sort());
});

test.each(Object.entries(PARTNER_CASES))('Affiliate Partner, %s: an answer without its promised part is read again', async (_name, testCase) => {
	sandbox.configure({ websitesV2Envelope: 'results' });
	const run = () => runNode({ type: 'affiliatePartner', parameters: testCase.parameters(sandbox), credentials: partnerCredential(sandbox) });
	const undisturbed = await run();
	expect(undisturbed.error).toBeUndefined();
	const requests = sandbox.requests.length;
	sandbox.resetRequests();

	sandbox.injectFault({ kind: 'body', body: 'drop', key: testCase.promised, pathPrefix: testCase.pathPrefix(sandbox), count: 1 });
	const disturbed = await run();
	expect(disturbed.error).toBeUndefined();
	expect(disturbed.items).toEqual(undisturbed.items);
	expect(sandbox.requests).toHaveLength(requests + 1);
});

test('Affiliate Partner, Deeplink, Create (a GET): an answer that is not its list of links is read again', async () => {
	const parameters = { resource: 'deeplink', operation: 'create', adSpaceId: '1021', programId: String(sandbox.data.programs[0].id), urls: 'https://shop.example/a\nhttps://shop.example/b' };
	const run = () => runNode({ type: 'affiliatePartner', parameters, credentials: partnerCredential(sandbox) });
	const undisturbed = await run();
	expect(undisturbed.error).toBeUndefined();
	expect(undisturbed.items).toHaveLength(2);
	sandbox.resetRequests();
	sandbox.injectFault({ kind: 'body', body: 'dropItem', pathPrefix: '/deeplink/', count: 1 });
	const disturbed = await run();
	expect(disturbed.items).toEqual(undisturbed.items);
	expect(sandbox.requests).toHaveLength(2);
});

test.each([
	['Click Report, Get Many', 1, { operation: 'getMany', ...all }, '/v2/api/stats/click'],
	['Click Report 1.2, Action, Get Many', 1.2, { resource: 'action', operation: 'getMany', ...all }, '/v3/api/stats/action'],
	['Click Report 1.2, Merchant, Get Many', 1.2, { resource: 'merchant', operation: 'getMany', ...all }, '/v1/product/monetize-api/v2/merchant'],
	['Click Report 1.2, Coupon, Get Many', 1.2, { resource: 'coupon', operation: 'getMany', ...all }, '/v1/product/monetize-api/v1/coupon'],
])('%s: a page without its meta is read again', async (_name, typeVersion, parameters, pathPrefix) => {
	const run = () => runNode({ type: 'clickReport', typeVersion, parameters, credentials: clickCredential(sandbox) });
	const undisturbed = await run();
	expect(undisturbed.error).toBeUndefined();
	expect(undisturbed.items.length).toBeGreaterThan(0);
	const requests = sandbox.requests.length;
	sandbox.resetRequests();

	sandbox.injectFault({ kind: 'body', body: 'drop', key: 'meta', pathPrefix, count: 1 });
	const disturbed = await run();
	expect(disturbed.items).toEqual(undisturbed.items);
	expect(sandbox.requests).toHaveLength(requests + 1);
});
