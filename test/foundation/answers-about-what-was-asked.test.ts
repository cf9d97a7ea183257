// Answers that keep their shape but are about something else, or that size a read with a count
// no read can use (the sandbox's fault body "set": docs/sandbox.md). Through n8n-core's
// WorkflowExecute and PollContext against the sandbox: each fails loudly naming the request and
// what is wrong, or, when the answer was wrong only once, is read again and output right.
import type { INodeParameters } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import type { FaultSpec, Sandbox } from '../../sandbox/server';
import { createTrigger, runNode, type NodeRun } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';
import { clickCredential, partnerCredential } from './helpers';

const sandboxOf = useSandbox({ clickItems: 1800, clickDays: 200 }, { partnerLimitCap: 100, latencyMs: 0 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

const partner = (parameters: INodeParameters) => runNode({ type: 'affiliatePartner', parameters, credentials: partnerCredential(sandbox) });
const clicks = (parameters: INodeParameters) =>
	runNode({ type: 'clickReport', parameters: { operation: 'getMany', ...parameters }, credentials: clickCredential(sandbox) });
const set = (key: string, value: unknown, match: Omit<Extract<FaultSpec, { kind: 'body' }>, 'kind' | 'body' | 'key' | 'value'>) =>
	sandbox.injectFault({ kind: 'body', body: 'set', key, value, ...match });

function expectLoudFailure(result: NodeRun, message: string | RegExp) {
	expect(result.items).toEqual([]);
	if (typeof message === 'string') expect(result.error?.message).toBe(message);
	else expect(result.error?.message).toMatch(message);
}

describe('a single get answered about another record', () => {
	// Each stays wrong for all 5 attempts (about 6 s of backoff), so they run side by side.
	test('another id, the id as text, a fractional id, another language: errors naming what was asked', async () => {
		const [first, second, third] = sandbox.data.lostOrders;
		const appeal = sandbox.data.appeals[0];
		set('id', second.id, { pathPrefix: `/lost_orders/${first.id}/` });
		set('id', String(second.id), { pathPrefix: `/lost_orders/${second.id}/` });
		set('id', third.id + 0.5, { pathPrefix: `/lost_orders/${third.id}/` });
		set('id', appeal.id + 1, { pathPrefix: `/appeals/${appeal.id}/` });
		set('id', 4, { pathPrefix: '/categories/3/' });
		set('language_code', 'fr', { pathPrefix: '/languages/de/' });
		const results = await Promise.all([
			partner({ resource: 'lostOrder', operation: 'get', lostOrderId: String(first.id) }),
			partner({ resource: 'lostOrder', operation: 'get', lostOrderId: String(second.id) }),
			partner({ resource: 'lostOrder', operation: 'get', lostOrderId: String(third.id) }),
			partner({ resource: 'appeal', operation: 'get', appealClaimId: String(appeal.id) }),
			partner({ resource: 'category', operation: 'get', categoryId: '3' }),
			partner({ resource: 'language', operation: 'get', languageCode: 'de' }),
		]);
		const asked = (request: string, what: string, problem: string) => `${request} answered HTTP 200, but not with ${what}: ${problem}: it is not the record asked for (5 attempts)`;
		expectLoudFailure(results[0], asked(`GET /lost_orders/${first.id}/`, 'a lost order', `its "id" is ${second.id}, not the number ${first.id} asked for`));
		expectLoudFailure(results[1], asked(`GET /lost_orders/${second.id}/`, 'a lost order', `its "id" is "${second.id}", not the number ${second.id} asked for`));
		expectLoudFailure(results[2], asked(`GET /lost_orders/${third.id}/`, 'a lost order', `its "id" is ${third.id + 0.5}, not the number ${third.id} asked for`));
		expectLoudFailure(results[3], asked(`GET /appeals/${appeal.id}/`, 'an appeal claim', `its "id" is ${appeal.id + 1}, not the number ${appeal.id} asked for`));
		expectLoudFailure(results[4], asked('GET /categories/3/', 'a category', 'its "id" is 4, not the number 3 asked for'));
		expectLoudFailure(results[5], asked('GET /languages/de/', 'a language', 'its "language_code" is "fr", not "de" asked for'));
	});

	test('another record once: read again, the record asked for is output', async () => {
		const [first, second] = sandbox.data.lostOrders;
		set('id', second.id, { pathPrefix: `/lost_orders/${first.id}/`, count: 1 });
		const result = await partner({ resource: 'lostOrder', operation: 'get', lostOrderId: String(first.id) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual([first.id]);
	});

	test('the Affiliate Partner Trigger does not take another claim for the one it fetched by ID', async () => {
		const trigger = createTrigger({ events: ['lostOrderStatusChanged'] }, partnerCredential(sandbox), {}, 'affiliatePartnerTrigger');
		expect(await trigger.poll()).toBeNull();
		// A claim that leaves the open read is fetched by its ID; the answer is another claim.
		// Open, its appeal resolved, neither among the newest nor outside the watched 90 days: once
		// accepted it leaves every read the poll makes, so the poll asks for it by its ID.
		const daysAgo = (claim: { date_created: string }) => (Date.now() - Date.parse(claim.date_created)) / 86_400_000;
		const open = sandbox.data.lostOrders.find(
			(claim) => claim.status === 'processing' && claim.appeal_status === 'resolved' && daysAgo(claim) > 5 && daysAgo(claim) < 80,
		)!;
		const other = sandbox.data.lostOrders.find((claim) => claim.id !== open.id)!;
		await new SandboxClient(sandbox).decideClaim('lost_orders', open.id, { status: 'accepted' });
		set('id', other.id, { pathPrefix: `/lost_orders/${open.id}/` });
		const before = trigger.staticData();
		await expect(trigger.poll()).rejects.toThrow(`its "id" is ${other.id}, not the number ${open.id} asked for`);
		expect(trigger.staticData()).toEqual(before);
	});
});

describe('order statuses and exchange rates about something else', () => {
	test('an order listed twice with two statuses, single and batched; a rate for another base or day', async () => {
		const [known] = sandbox.data.knownOrders;
		// The order asked for answered a second time, after the answers for every order asked.
		const twice = (entries: number) => set(`order_info.${entries}`, { order_id: known.order_id, status: 'owner' }, { pathPrefix: '/lost_orders/payments_info/' });
		const batch = Array.from({ length: 25 }, (_, index) => `ORDER-${index}`).join(',');
		const listedTwice = `GET /lost_orders/payments_info/ answered HTTP 200, but not with order statuses: it lists the order ID "${known.order_id}" more than once (5 attempts)`;

		twice(2);
		set('base', 'RUB', { pathPrefix: '/currencies/rate/' });
		const [single, base] = await Promise.all([
			partner({ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(known.advcampaign), orderIds: `${known.order_id}, NOT-A-REAL-ORDER` }),
			partner({ resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-02-01' }),
		]);
		expectLoudFailure(single, listedTwice);
		expectLoudFailure(base, 'GET /currencies/rate/ answered HTTP 200, but not with an exchange rate: it is the rate with base "RUB", not the USD asked for (5 attempts)');

		sandbox.clearFaults();
		twice(20);
		set('date', '2026-02-02', { pathPrefix: '/currencies/rate/' });
		const [batched, day] = await Promise.all([
			partner({ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(known.advcampaign), orderIds: `${known.order_id},${batch}` }),
			partner({ resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'GBP', date: '2026-02-01' }),
		]);
		expectLoudFailure(batched, listedTwice);
		expectLoudFailure(day, 'GET /currencies/rate/ answered HTTP 200, but not with an exchange rate: it is the rate of "2026-02-02", not of 2026-02-01 asked for (5 attempts)');
	});
});

describe('counts no read can use', () => {
	test('a huge count and one beyond 2^53 on a Return All fail at the first page, the process goes on', async () => {
		set('_meta.count', 1e15, { pathPrefix: '/websites/kinds/' });
		set('_meta.count', 2 ** 53 + 1, { pathPrefix: '/traffic/' });
		const [kinds, traffic] = await Promise.all([
			partner({ resource: 'adSpaceKind', operation: 'getMany', returnAll: true }),
			partner({ resource: 'trafficSource', operation: 'getMany', returnAll: true }),
		]);
		expectLoudFailure(kinds, 'GET /websites/kinds/ counts 1,000,000,000,000,000 records, more than one read returns (1,000,000)');
		expect(kinds.error?.description).toMatch(/^Nothing was read past the first page, and nothing was output\. Narrow the filters/);
		expect(sandbox.requests.filter((request) => request.path === '/websites/kinds/')).toHaveLength(1);
		expectLoudFailure(traffic, 'GET /traffic/ answered HTTP 200, but not with a list of traffic sources: "_meta.count" is 9007199254740992, not a whole number from 0 to 9007199254740991 (5 attempts)');
	});

	test('a count the service pages so finely that the read would ask for more than 10,000 pages', async () => {
		// The sandbox gives 100 records a page here: 999,999 records overlap into 10,101 pages.
		set('_meta.count', 999_999, { pathPrefix: '/lost_orders/' });
		const result = await partner({ resource: 'lostOrder', operation: 'getMany', returnAll: true });
		expectLoudFailure(result, 'GET /lost_orders/ counts 999,999 records in 10,101 pages, more pages than one read asks for (10,000)');
		expect(sandbox.requests).toHaveLength(1);
	});

	test('a huge click total fails at the first page, in the node and in the trigger', async () => {
		set('meta.total', 5e9, { api: 'click' });
		const result = await clicks({ returnAll: true, filters: { dateFrom: '2026-06-01', dateTo: '2026-06-30' } });
		expectLoudFailure(result, 'GET /v2/api/stats/click counts 5,000,000,000 records, more than one read returns (1,000,000)');
		expect(sandbox.requests).toHaveLength(1);

		sandbox.clearFaults();
		const trigger = createTrigger({}, clickCredential(sandbox), {}, 'clickReportTrigger');
		await trigger.poll();
		set('meta.total', 5e9, { api: 'click' });
		const before = trigger.staticData();
		await expect(trigger.poll()).rejects.toThrow(/counts 5,000,000,000 records, more than one read returns/);
		expect(trigger.staticData()).toEqual(before);
	});
});

describe('pages that do not add up', () => {
	const lastDays = () => {
		const days = [...new Set(sandbox.clicks.all().map((item) => item.date))].sort();
		return { dateFrom: days[0], dateTo: days.at(-1)! };
	};

	test('a click page holding more items than its total is an error, never trimmed', async () => {
		set('meta.total', 0, { api: 'click', query: { offset: '0' } });
		const result = await clicks({ returnAll: true, filters: lastDays() });
		expectLoudFailure(result, /^GET \/v2\/api\/stats\/click answered HTTP 200, but not with a page of the click report: it holds \d+ records where its own "meta\.total" of 0 leaves at most 0 from offset 0 \(5 attempts\)$/);
	});

	test('an item of one 120-day window repeated in the other: read again, then an error if it stays', async () => {
		const { dateFrom, dateTo } = lastDays();
		const newestWindowItem = sandbox.clicks.all().find((item) => item.date === dateTo)!;
		const olderWindowStart = sandbox.clicks.all().map((item) => item.date).sort()[0];
		expect(olderWindowStart).toBe(dateFrom);
		const olderWindow = { api: 'click' as const, query: { dateFrom, offset: '0' } };
		set('data.0', newestWindowItem, { ...olderWindow, count: 1 });
		const once = await clicks({ returnAll: true, filters: { dateFrom, dateTo } });
		expect(once.error).toBeUndefined();
		expect(new Set(once.items.map((item) => item.json.id)).size).toBe(sandbox.clicks.all().length);
		expect(once.items).toHaveLength(sandbox.clicks.all().length);

		set('data.0', newestWindowItem, olderWindow);
		const always = await clicks({ returnAll: true, filters: { dateFrom, dateTo } });
		expectLoudFailure(always, `The click report kept changing while it was read (3 reads): the item ${newestWindowItem.id} appeared in two of its 120-day windows`);
	});

	test('a click page listing an item twice, in the Click Report Trigger: read again; an error if it stays, nothing committed', async () => {
		// Emit Existing: the first poll emits what changed in the last year, as an undisturbed poll does.
		const firstPoll = async () => ((await createTrigger({ options: { emitExistingHours: 24 * 365 } }, clickCredential(sandbox), {}, 'clickReportTrigger').poll()) ?? [[]])[0].map((item) => item.json.id);
		const undisturbed = await firstPoll();
		expect(undisturbed.length).toBeGreaterThan(500);
		sandbox.injectFault({ kind: 'body', body: 'repeatItem', api: 'click', count: 1 });
		expect(await firstPoll()).toEqual(undisturbed);

		const next = createTrigger({ options: { emitExistingHours: 24 * 365 } }, clickCredential(sandbox), {}, 'clickReportTrigger');
		sandbox.injectFault({ kind: 'body', body: 'repeatItem', api: 'click' });
		await expect(next.poll()).rejects.toThrow(/^GET \/v2\/api\/stats\/click answered HTTP 200, but not with a page of the click report: data lists the item with id "[^"]+" twice \(5 attempts\)$/);
		// Nothing committed: the next poll is again a first poll.
		expect(next.staticData()['node:Click Report Trigger'] ?? {}).toEqual({});
	});

	test('a later partner page that does not start where the page before it ended, with the same count: an error', async () => {
		// Pages overlap by one record (docs/guarantees.md): the page at offset 99 must start with record 99.
		set('results.0', sandbox.data.lostOrders[500], { pathPrefix: '/lost_orders/', query: { offset: '99' } });
		const result = await partner({ resource: 'lostOrder', operation: 'getMany', returnAll: true });
		expectLoudFailure(result, 'The list GET /lost_orders/ kept changing while it was read (3 reads): records were added or removed ahead of offset 99 between the reads of the pages at offsets 0 and 99');
	});

	test('a later partner page counting other records than the first: read again, then an error if it stays', async () => {
		const count = sandbox.data.lostOrders.length;
		set('_meta.count', count + 3, { pathPrefix: '/lost_orders/', query: { offset: '99' }, count: 1 });
		const once = await partner({ resource: 'lostOrder', operation: 'getMany', returnAll: true });
		expect(once.error).toBeUndefined();
		expect(once.items.map((item) => item.json.id)).toEqual(sandbox.data.lostOrders.map((order) => order.id));

		set('_meta.count', count + 3, { pathPrefix: '/lost_orders/', query: { offset: '99' } });
		const always = await partner({ resource: 'lostOrder', operation: 'getMany', returnAll: true });
		expectLoudFailure(always, `The list GET /lost_orders/ kept changing while it was read (3 reads): the page at offset 99 counted ${count + 3} records where the first page counted ${count}`);
	});
});
