/**
 * Class B: every read configuration whose answers the proxy rewrites: each GET operation, single
 * gets, Get Many with a limit and with Return All over several pages (the sandbox's page cap is
 * low, PAGE_CAP), Get Order Status single and batched, the exchange rate, the Click Report over one
 * page, several pages, a limit and two 120-day windows, each trigger's poll, the dropdowns, the
 * reports (by day over pages, by program with a limit, totals) and ad spaces (the bare array), and
 * the conversion reads (catalogBConversions.ts), the links, programs and coupons (catalogBLinks.ts).
 * What a configuration is: readConfig.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { CONVERSION_CONFIGS } from './catalogBConversions';
import { LINK_CONFIGS } from './catalogBLinks';
import { lookup } from './named';
import { CLICK_REPORT, partnerNode, type World } from './operation';
import { list, naming, type ReadConfig } from './readConfig';

export { PAGE_CAP, type ReadConfig } from './readConfig';

const CLICK_NAMES = naming('/v2/api/stats/click', 'the click report');

const clickDays = (name: string, days: number, rest: INodeParameters, extra: Partial<ReadConfig> = {}): ReadConfig => ({
	name,
	shape: 'clickPage',
	key: 'id',
	api: 'click',
	runner: CLICK_REPORT,
	parameters: (world) => ({ operation: 'getMany', ...rest, filters: { dateFrom: world.daysAgo(days - 1), dateTo: world.daysAgo(0) } }),
	names: CLICK_NAMES,
	labels: 'query',
	...extra,
});

const claimTrigger = (name: string, secondPoll: boolean): ReadConfig => ({
	name,
	shape: 'list',
	key: 'id',
	api: 'partner',
	runner: { kind: 'trigger', type: 'affiliatePartnerTrigger' },
	parameters: (world) => ({
		events: ['lostOrderCreated', 'lostOrderStatusChanged'],
		filters: { programId: String(world.data.programs[0].id) },
		options: { emitExisting: true, watchDays: 90 },
	}),
	names: naming('/lost_orders/', 'lost order'),
	labels: 'query',
	secondPoll,
	hugeCounts: !secondPoll,
});

/**
 * A report over the last 10 days: 33 rows by day, 4 pages under PAGE_CAP. The sandbox sums every
 * report from all its data on each request (25 ms for 10 days, 137 ms without a period), and a
 * case whose every answer is broken reads each page 5 times.
 */
const report = (world: World, groupBy: string, rest: INodeParameters): INodeParameters => ({
	resource: 'report',
	operation: 'get',
	groupBy,
	dateFrom: world.daysAgo(9),
	dateTo: world.daysAgo(0),
	...rest,
});

/** The known orders of the first program, and unknown ones up to `count`. */
function orderIds(world: World, count: number): string {
	const program = world.data.knownOrders[0].advcampaign;
	const known = world.data.knownOrders.filter((order) => order.advcampaign === program).map((order) => order.order_id);
	const ids = [...known.slice(0, count), ...Array.from({ length: Math.max(0, count - known.length) }, (_, index) => `FZ-UNKNOWN-${index}`)];
	return ids.join(', ');
}

export const CONFIGS: ReadConfig[] = [
	list('kinds.all', 'plainList', '', '/websites/kinds/', { resource: 'adSpaceKind', operation: 'getMany', returnAll: true }),
	list('regions.limit', 'plainList', '', '/websites/regions/', { resource: 'region', operation: 'getMany', returnAll: false, limit: 25 }, { hugeCounts: true }),
	list('languages.all', 'list', 'language_code', '/languages/', { resource: 'language', operation: 'getMany', returnAll: true }),
	list('currencies.all', 'list', 'code', '/currencies/', { resource: 'currency', operation: 'getMany', returnAll: true, options: { decimalsAsNumbers: true } }),
	list('traffic.all', 'list', 'id', '/traffic/', { resource: 'trafficSource', operation: 'getMany', returnAll: true }),
	list('categories.all', 'list', 'id', '/categories/', { resource: 'category', operation: 'getMany', returnAll: true, options: { language: 'de' } }),
	list('categoriesForProgram.all', 'list', 'id', '/categories/advcampaign/', { resource: 'category', operation: 'getManyForProgram', programId: '7204', returnAll: true }),
	list('landings.all', 'list', 'id', '/landings/', { resource: 'landingPage', operation: 'getMany', programId: '6115', adSpaceId: '1021', returnAll: true }),
	{
		...list('lostOrders.all', 'list', 'id', '/lost_orders/', {}, { hugeCounts: true }),
		parameters: (world) => ({ resource: 'lostOrder', operation: 'getMany', returnAll: true, filters: { programId: String(world.data.programs[0].id), status: 'rejected' }, options: { flatten: true } }),
	},
	list('lostOrders.limit', 'list', 'id', '/lost_orders/', { resource: 'lostOrder', operation: 'getMany', returnAll: false, limit: 25, filters: { adSpaceId: '1021' } }),
	{
		...list('appeals.all', 'list', 'id', '/appeals/', {}),
		parameters: (world) => ({ resource: 'appeal', operation: 'getMany', returnAll: true, filters: { programId: String(world.data.programs[1].id) } }),
	},
	{
		...list('lostOrder.get', 'record', 'id', '/lost_orders/', {}),
		parameters: (world) => ({ resource: 'lostOrder', operation: 'get', lostOrderId: String(world.data.lostOrders[5].id) }),
		names: (world) => new RegExp(`GET /lost_orders/${world.data.lostOrders[5].id}/|lost order ${world.data.lostOrders[5].id}`, 'i'),
	},
	{
		...list('appeal.get', 'record', 'id', '/appeals/', {}),
		parameters: (world) => ({ resource: 'appeal', operation: 'get', appealClaimId: String(world.data.appeals[5].id), options: { decimalsAsNumbers: true } }),
		names: (world) => new RegExp(`GET /appeals/${world.data.appeals[5].id}/|appeal claim ${world.data.appeals[5].id}`, 'i'),
	},
	list('category.get', 'record', 'id', '/categories/4/', { resource: 'category', operation: 'get', categoryId: '4', options: { language: 'de' } }),
	list('language.get', 'record', 'language_code', '/languages/de/', { resource: 'language', operation: 'get', languageCode: 'de' }),
	{
		...list('orderStatus.one', 'orderInfo', 'order_id', '/lost_orders/payments_info/', {}),
		runner: partnerNode(1.1),
		parameters: (world) => ({ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(world.data.knownOrders[0].advcampaign), orderIds: orderIds(world, 1) }),
	},
	{
		...list('orderStatus.batched', 'orderInfo', 'order_id', '/lost_orders/payments_info/', {}),
		runner: partnerNode(1.1),
		parameters: (world) => ({ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(world.data.knownOrders[0].advcampaign), orderIds: orderIds(world, 25) }),
	},
	list('rate', 'rate', '', '/currencies/rate/', { resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-03-01' }),
	clickDays('click.onePage', 5, { returnAll: true }),
	clickDays('click.all', 60, { returnAll: true }, { hugeCounts: true }),
	clickDays('click.limit', 100, { returnAll: false, limit: 700 }),
	clickDays('click.twoWindows', 200, { returnAll: true }, { twoWindows: true }),
	claimTrigger('claimTrigger.first', false),
	claimTrigger('claimTrigger.second', true),
	{
		name: 'clickTrigger.first',
		shape: 'clickPage',
		key: 'id',
		api: 'click',
		runner: { kind: 'trigger', type: 'clickReportTrigger' },
		parameters: (world) => ({ filters: { adSpaceId: world.clicks[0].adspaceId }, options: { emitExistingHours: 24 * 210, lookbackMinutes: 60 } }),
		names: CLICK_NAMES,
		labels: 'ordinal',
		hugeCounts: true,
	},
	{ ...list('loadOptions.currencies', 'list', 'code', '/currencies/', { resource: 'currency', operation: 'getRate' }), runner: { kind: 'loadOptions', method: 'getCurrencies' } },
	{ ...list('loadOptions.languages', 'list', 'language_code', '/languages/', { resource: 'language', operation: 'get' }), runner: { kind: 'loadOptions', method: 'getLanguages' } },
	// Added after the others, so that their cases stay as they were.
	{ ...list('report.day.all', 'list', 'date', '/statistics/dates/', {}, { hugeCounts: true }), parameters: (world) => report(world, 'day', { returnAll: true }) },
	{ ...list('report.program.limit', 'list', 'advcampaign_id', '/statistics/campaigns/', {}), parameters: (world) => report(world, 'program', { returnAll: false, limit: 25 }) },
	{ ...list('report.totals', 'totals', '', '/statistics/campaigns/', {}), parameters: (world) => report(world, 'program', { totalsOnly: true }) },
	list('adSpaces.all', 'bareList', 'id', '/websites/v2/', { resource: 'adSpace', operation: 'getMany', returnAll: true }),
	{
		...list('adSpace.get', 'record', 'id', '/websites/v2/', {}),
		parameters: (world) => ({ resource: 'adSpace', operation: 'get', adSpaceId: String(world.data.websites[0].id) }),
		names: (world) => new RegExp(`GET /websites/v2/${world.data.websites[0].id}/|ad space ${world.data.websites[0].id}`, 'i'),
	},
	{ ...list('loadOptions.adSpaces', 'bareList', 'id', '/websites/v2/', { resource: 'adSpace', operation: 'get' }), runner: { kind: 'loadOptions', method: 'getAdSpaces' } },
	{ ...list('loadOptions.programs', 'list', 'advcampaign_id', '/statistics/campaigns/', { resource: 'report', operation: 'get' }), runner: { kind: 'loadOptions', method: 'getPrograms' } },
	...CONVERSION_CONFIGS,
	...LINK_CONFIGS,
];

export const configNamed = lookup(CONFIGS, 'fuzz read configuration');
