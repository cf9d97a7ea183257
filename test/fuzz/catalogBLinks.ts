/**
 * Class B, added after the conversion reads: the reads of links, programs and coupons. The
 * Affiliate Partner node's Deeplink → Create (a GET, its answer a bare array of links), Program →
 * Get Many and Get (of the ad space 1021, which has joined 6115), Coupon → Get Many of an ad space
 * and of the catalogue over pages, and Get; Click Report 1.2's Merchant and Coupon → Get Many over
 * two cursor pages, Link → Resolve (an idempotent PUT) and Coupon → Search (a POST that only
 * reads: the proxy rewrites its answers too).
 */
import type { INodeParameters } from 'n8n-workflow';

import { list, type ReadConfig } from './readConfig';

const CLICK_1_2 = { kind: 'node', type: 'clickReport', typeVersion: 1.2 } as const;

/** A read of Click Report 1.2, named by its method and path. */
const click = (name: string, shape: ReadConfig['shape'], key: string, method: string, path: string, parameters: INodeParameters, extra: Partial<ReadConfig> = {}): ReadConfig => ({
	name,
	shape,
	key,
	api: 'click',
	runner: CLICK_1_2,
	parameters: () => parameters,
	names: () => new RegExp(`${method} ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i'),
	labels: 'query',
	...extra,
});

const PRODUCT_URLS = ['https://shop.example/product/1', 'https://shop.example/product/2?sizes=38,39', 'https://other.example/p/3'].join('\n');
const RESOLVE_URLS = ['https://shop-one.example/product/1?colour=red', 'https://www.fashion-two.example/dress/2', 'https://no-program.example/item/3'].join('\n');

export const LINK_CONFIGS: ReadConfig[] = [
	list('deeplink.create', 'deeplinks', '', '/deeplink/1021/advcampaign/6115/', { resource: 'deeplink', operation: 'create', adSpaceId: '1021', programId: '6115', urls: PRODUCT_URLS, subIds: { subId: 'fuzz' } }),
	list('programs.all', 'list', 'id', '/advcampaigns/website/1021/', { resource: 'program', operation: 'getMany', adSpaceId: '1021', returnAll: true }),
	list('program.get', 'record', 'id', '/advcampaigns/6115/website/1021/', { resource: 'program', operation: 'get', adSpaceId: '1021', programId: '6115' }, { about: ['program'] }),
	list('coupons.adSpace.limit', 'list', 'id', '/coupons/website/1021/', { resource: 'coupon', operation: 'getMany', source: 'adSpace', adSpaceId: '1021', returnAll: false, limit: 25 }),
	list('coupons.catalogue.limit', 'list', 'id', '/coupons/', { resource: 'coupon', operation: 'getMany', source: 'catalogue', returnAll: false, limit: 25, options: { orderBy: 'date_end' } }),
	list('coupon.get', 'record', 'id', '/coupons/52001/', { resource: 'coupon', operation: 'get', source: 'catalogue', couponId: '52001' }),
	// Updated At From ten years back: every record's, and each record's updatedAt is then held to it.
	{
		...click('merchants.limit', 'cursorPage', 'merchantId', 'GET', '/v1/product/monetize-api/v2/merchant', {}),
		parameters: (world) => ({ resource: 'merchant', operation: 'getMany', returnAll: false, limit: 520, filters: { updatedAtFrom: world.hoursAgo(24 * 3650) } }),
	},
	{
		...click('clickCoupons.limit', 'cursorPage', 'couponId', 'GET', '/v1/product/monetize-api/v1/coupon', {}),
		parameters: (world) => ({ resource: 'coupon', operation: 'getMany', returnAll: false, limit: 520, filters: { isActive: false, updatedAtFrom: world.hoursAgo(24 * 3650) } }),
	},
	click('links.resolve', 'resolved', 'iri', '(?:PUT|GET)', '/v1/product/monetize-api/v2/resolve', { resource: 'link', operation: 'resolve', urls: RESOLVE_URLS, subId: 'fuzz_1' }),
	{
		...click('clickCoupons.search', 'searched', 'iri', 'POST', '/v1/product/monetize-api/v1/coupon/search', { resource: 'coupon', operation: 'search', subId: 'fuzz_1' }),
		parameters: (world) => ({ resource: 'coupon', operation: 'search', iris: world.shopUrls.slice(0, 8).join('\n'), subId: 'fuzz_1' }),
		rewritesPost: true,
		// Eight URLs, one search: a POST is never sent again, whatever it was answered.
		requestsAtMost: 1,
	},
];
