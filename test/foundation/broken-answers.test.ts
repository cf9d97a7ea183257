// Answers that break their endpoint's promise (docs/sandbox.md: fault kinds "body" and
// "status"): malformed, HTML, empty, truncated and envelope-less 200s on the first, a middle and
// the last page, on single gets, batches and creates. Each run of the real nodes, through
// n8n-core's WorkflowExecute against the sandbox, either fails loudly or returns complete data.
import type { INodeParameters } from 'n8n-workflow';

import { type FaultSpec, type Sandbox, type SpoiledBody } from '../../sandbox/server';
import { overlappingPages } from '../harness/pages';
import { useSandbox } from '../harness/sandboxFixture';
import { runNode, type NodeRun } from '../harness/run';
import { clickCredential, everythingVisible, partnerCredential } from './helpers';

const sandboxOf = useSandbox({ clickItems: 4000, clickDays: 3 }, { partnerLimitCap: 100, latencyMs: 0 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

const partner = (parameters: INodeParameters) =>
	runNode({ type: 'affiliatePartner', parameters, credentials: partnerCredential(sandbox) });
const clicks = (parameters: INodeParameters) =>
	runNode({ type: 'clickReport', parameters: { operation: 'getMany', ...parameters }, credentials: clickCredential(sandbox) });
const allLostOrders = { resource: 'lostOrder', operation: 'getMany', returnAll: true };

/** Offsets the Return All of lost orders reads at a page cap of 100. */
const lostOrderOffsets = () => overlappingPages(sandbox.data.lostOrders.length, 100, 500).map((page) => page.offset);

const SPOILED: Array<[string, Pick<Extract<FaultSpec, { kind: 'body' }>, 'body' | 'key'>]> = [
	['malformed JSON', { body: 'malformed' }],
	['an HTML page with status 200', { body: 'html' }],
	['an empty body', { body: 'empty' }],
	['a truncated body', { body: 'truncated' }],
	['no "results"', { body: 'drop', key: 'results' }],
	['no "_meta"', { body: 'drop', key: '_meta' }],
];

function expectLoudFailure(result: NodeRun, pattern: RegExp) {
	expect(result.items).toEqual([]);
	expect(result.error?.message).toMatch(pattern);
}

describe('partner lists: a broken page fails the run, a passing one is retried', () => {
	const where: Array<[string, () => number]> = [
		['the first', () => 0],
		['a middle', () => lostOrderOffsets()[5]],
		['the last', () => lostOrderOffsets().at(-1)!],
	];
	const cases = SPOILED.flatMap(([name, spoiled]) => where.map(([page, offset]): [string, string, typeof spoiled, () => number] => [name, page, spoiled, offset]));

	test.each(cases)('%s on %s page once: detected, read again, every record once', async (_name, _page, spoiled, offset) => {
		sandbox.injectFault({ kind: 'body', ...spoiled, pathPrefix: '/lost_orders/', query: { offset: String(offset()) }, count: 1 });
		const result = await partner(allLostOrders);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual(sandbox.data.lostOrders.map((order) => order.id));
		// The broken answer was not taken as data: its page was asked for a second time.
		expect(sandbox.requests).toHaveLength(lostOrderOffsets().length + 1);
	});

	// Each kind once where it stays broken for every attempt (5 GETs, about 6 s of backoff each).
	const persistent = SPOILED.map(([name, spoiled], index): [string, string, typeof spoiled, () => number] => [name, where[index % 3][0], spoiled, where[index % 3][1]]);
	test.each(persistent)('%s on %s page on every attempt: an error naming the endpoint, no items', async (_name, _page, spoiled, offset) => {
		sandbox.injectFault({ kind: 'body', ...spoiled, pathPrefix: '/lost_orders/', query: { offset: String(offset()) } });
		const result = await partner(allLostOrders);
		// JSON is named by what is wrong in it, anything else by what it is.
		const what = spoiled.body === 'drop' ? `, but not with a list of lost orders: it has no "${spoiled.key}" ${spoiled.key === 'results' ? 'list' : 'object'}` : ' with .* instead of a list of lost orders';
		expectLoudFailure(result, new RegExp(`^GET /lost_orders/ answered HTTP 200${what} \\(5 attempts\\)$`));
		expect(result.error?.description).toMatch(/Nothing was output/);
		// An HTML page is shown by its title, never as HTML.
		if (spoiled.body === 'html') expect(result.error?.message).toContain('with an HTML page titled "Just a moment..."');
		expect(everythingVisible(result.error)).not.toMatch(/<html|<body|<title/i);
	});

	test('a page one record short of what its count promises is never taken as the end of the list', async () => {
		const last = lostOrderOffsets().at(-1)!;
		sandbox.injectFault({ kind: 'body', body: 'dropItem', pathPrefix: '/lost_orders/', query: { offset: String(last) } });
		const result = await partner(allLostOrders);
		expectLoudFailure(result, /^The list GET \/lost_orders\/ kept changing while it was read \(3 reads\): the page at offset \d+ held \d+ records where its count of \d+ promised \d+$/);
	});
});

describe('single answers', () => {
	test.each([
		['malformed', { body: 'malformed' as const }],
		['HTML', { body: 'html' as const }],
		['empty', { body: 'empty' as const }],
		['without an id', { body: 'drop' as const, key: 'id' }],
	])('a %s lost order once: read again, the record itself is output', async (_name, spoiled) => {
		const order = sandbox.data.lostOrders[0];
		sandbox.injectFault({ kind: 'body', ...spoiled, pathPrefix: `/lost_orders/${order.id}/`, count: 1 });
		const result = await partner({ resource: 'lostOrder', operation: 'get', lostOrderId: String(order.id) });
		expect(result.items.map((item) => item.json)).toEqual([order]);
		expect(sandbox.requests).toHaveLength(2);
	});

	test('a malformed lost order on every attempt is an error, not a string item', async () => {
		const id = sandbox.data.lostOrders[0].id;
		sandbox.injectFault({ kind: 'body', body: 'malformed', pathPrefix: `/lost_orders/${id}/` });
		const result = await partner({ resource: 'lostOrder', operation: 'get', lostOrderId: String(id) });
		expectLoudFailure(result, new RegExp(`^GET /lost_orders/${id}/ answered HTTP 200 with JSON that is cut off or malformed: .* instead of a lost order \\(5 attempts\\)$`));
	});

	test.each([
		['without order_info', { body: 'drop' as const, key: 'order_info' }],
		['one entry short', { body: 'dropItem' as const }],
	])('an order-status batch %s is an error, not items without a status', async (_name, spoiled) => {
		sandbox.injectFault({ kind: 'body', ...spoiled, pathPrefix: '/lost_orders/payments_info/' });
		const known = sandbox.data.knownOrders[0];
		const result = await partner({
			resource: 'lostOrder',
			operation: 'getOrderStatus',
			programId: String(known.advcampaign),
			orderIds: `${known.order_id}, NOT-A-REAL-ORDER`,
		});
		const violation = spoiled.body === 'dropItem' ? 'it has no entry for the order ID NOT-A-REAL-ORDER' : 'it has no "order_info" list';
		expectLoudFailure(result, new RegExp(`^GET /lost_orders/payments_info/ answered HTTP 200, but not with order statuses: ${violation} \\(5 attempts\\)$`));
	});

	test('a malformed exchange rate is an error', async () => {
		sandbox.injectFault({ kind: 'body', body: 'drop', key: 'rate', pathPrefix: '/currencies/rate/' });
		const result = await partner({ resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-03-01' });
		expectLoudFailure(result, /^GET \/currencies\/rate\/ answered HTTP 200, but not with an exchange rate: it has no "rate" \(5 attempts\)$/);
		expect(result.error?.description).toMatch(/^The answer \(a JSON object with the keys base, target, date\) does not keep what this endpoint promises: it has no "rate"\./);
	});

	test('a create whose answer is broken is sent once, and the error says the claim may exist', async () => {
		sandbox.injectFault({ kind: 'body', body: 'html', pathPrefix: '/appeals/create/' });
		const result = await partner({ resource: 'appeal', operation: 'create', programId: '7204', orderId: 'BROKEN-ANSWER', receiptBinaryProperty: '' });
		expectLoudFailure(result, /^POST \/appeals\/create\/ answered HTTP 201 with an HTML page titled "Just a moment..." instead of the created appeal claim$/);
		expect(result.error?.description).toMatch(/may have created the record all the same: check the list before you send it again/);
		expect(sandbox.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
		expect(sandbox.data.appeals.some((appeal) => appeal.order_id === 'BROKEN-ANSWER')).toBe(true);
	});
});

describe('click report', () => {
	const period = () => {
		const days = [...new Set(sandbox.clicks.all().map((item) => item.date))].sort();
		return { dateFrom: days[0], dateTo: days.at(-1)! };
	};
	const CLICK_SPOILED = SPOILED.map(([name, spoiled]): [string, typeof spoiled] => [
		name.replace('"results"', '"data"').replace('"_meta"', '"meta"'),
		spoiled.key === 'results' ? { ...spoiled, key: 'data' } : spoiled.key === '_meta' ? { ...spoiled, key: 'meta' } : spoiled,
	]);

	test.each(CLICK_SPOILED)('%s on the first page once: detected, read again, every item once', async (_name, spoiled) => {
		sandbox.injectFault({ kind: 'body', ...spoiled, api: 'click', query: { offset: '0' }, count: 1 });
		const result = await clicks({ returnAll: true, filters: period() });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(sandbox.clicks.all().length);
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(sandbox.clicks.all().length);
		expect(sandbox.requests).toHaveLength(Math.ceil(sandbox.clicks.all().length / 500) + 1);
	});

	test.each(CLICK_SPOILED)('%s on a middle page once: detected, read again, every item once', async (_name, spoiled) => {
		sandbox.injectFault({ kind: 'body', ...spoiled, api: 'click', query: { offset: '1500' }, count: 1 });
		const result = await clicks({ returnAll: true, filters: period() });
		expect(result.error).toBeUndefined();
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(sandbox.clicks.all().length);
		expect(sandbox.requests).toHaveLength(Math.ceil(sandbox.clicks.all().length / 500) + 1);
	});

	test('a page one item short of its total is read again, then the run fails if it stays short', async () => {
		sandbox.injectFault({ kind: 'body', body: 'dropItem', api: 'click', query: { offset: '1000' } });
		const result = await clicks({ returnAll: true, filters: period() });
		expectLoudFailure(result, /^The click report kept changing while it was read \(3 reads\): the page at offset 1000 held 499 items where 500 were due$/);
	});

	test('an empty answer on every attempt is an error, not "no clicks today"', async () => {
		sandbox.injectFault({ kind: 'body', body: 'empty', api: 'click' });
		const result = await clicks({ returnAll: true });
		expectLoudFailure(result, /^GET \/v2\/api\/stats\/click answered HTTP 200 with an empty body instead of a page of the click report \(5 attempts\)$/);
	});
});

describe('error answers', () => {
	test('an HTML 502 page is reduced to its title, and the message names the request and the status', async () => {
		sandbox.injectFault({ kind: 'status', status: 502, body: 'html', retryAfter: 0, pathPrefix: '/traffic/' });
		const result = await partner({ resource: 'trafficSource', operation: 'getMany', returnAll: true });
		expect(result.error?.message).toBe('The service failed (HTTP 502) on GET /traffic/ after 5 attempts: 502 Bad Gateway');
		expect(everythingVisible(result.error)).not.toMatch(/<html|<center|nginx/i);
	});

	test('the partner service\'s own rate-limit answer (503, error_code 4) is told apart from an outage', async () => {
		sandbox.injectFault({ kind: 'status', status: 503, body: 'rateLimit', retryAfter: 0, pathPrefix: '/currencies/' });
		const result = await partner({ resource: 'currency', operation: 'getMany', returnAll: true });
		expect(result.error?.message).toBe('The service is limiting the request rate (HTTP 503) on GET /currencies/ after 10 attempts');
		expect(result.error?.description).toMatch(/Lower "Max Requests per Second" in the Affiliate Partner API credential/);
		expect(result.error?.description).toMatch(/The maximum number of requests for the period expired/);
	});

	test('a plain 503 outage is not called a rate limit, whatever its text says', async () => {
		sandbox.injectFault({ kind: 'status', status: 503, retryAfter: 0, pathPrefix: '/currencies/' });
		const result = await partner({ resource: 'currency', operation: 'getMany', returnAll: true });
		expect(result.error?.message).toMatch(/^The service failed \(HTTP 503\) on GET \/currencies\/ after 5 attempts/);
	});
});
