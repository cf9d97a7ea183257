import { startSandbox, type ClickItem, type Sandbox } from '../../sandbox/server';
import { addCredential, runNode } from '../harness/run';
import { UNLIMITED_WINDOW } from '../harness/credentials';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ clickItems: 15_000, clickDays: 240 });
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
	sandbox.configure({ latencyMs: 0, rateLimits: false });
});

const credential = (rate = 1000) =>
	addCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey, maxRequestsPerSecond: rate, maxRequestsPer5Minutes: UNLIMITED_WINDOW });

async function report(parameters: Record<string, unknown>, options: { rate?: number; continueOnFail?: boolean; input?: object[] } = {}) {
	return await runNode(
		{
			type: 'clickReport',
			parameters: { operation: 'getMany', ...parameters } as never,
			credentials: credential(options.rate),
			continueOnFail: options.continueOnFail,
		},
		(options.input as never) ?? [{ json: {} }],
	);
}

const days = () => [...new Set(sandbox.clicks.all().map((item) => item.date))].sort();
const todayUtc = () => new Date().toISOString().slice(0, 10);
const between = (from: string, to: string, items: ClickItem[] = sandbox.clicks.all()) =>
	items.filter((item) => item.date >= from && item.date <= to);
const ids = (items: Array<{ id?: unknown; json?: { id?: unknown } }>) =>
	items.map((item) => String(item.json ? item.json.id : item.id));

describe('periods', () => {
	test('a 200-day range becomes exactly two windows, newest first, each item once, minimum requests', async () => {
		const all = days();
		const dateTo = all[all.length - 1];
		const dateFrom = all[all.length - 200];
		sandbox.configure({ latencyMs: 150 });
		const result = await report({ returnAll: true, filters: { dateFrom, dateTo } });
		expect(result.error).toBeUndefined();
		// Return All reads both windows at once: the older window's first page is asked for before
		// the newer window's first page is answered.
		const [firstOfNewest, firstOfOlder] = sandbox.requests;
		expect(firstOfOlder.query.offset).toEqual(['0']);
		expect(firstOfOlder.time - firstOfNewest.time).toBeLessThan(150);

		const windows = sandbox.requests.map((request) => `${request.query.dateFrom}..${request.query.dateTo}`);
		const distinct = [...new Set(windows)];
		const newest = { from: all[all.length - 120], to: dateTo };
		const older = { from: dateFrom, to: all[all.length - 121] };
		expect(distinct).toEqual([`${newest.from}..${newest.to}`, `${older.from}..${older.to}`]);

		const truth = [...between(newest.from, newest.to), ...between(older.from, older.to)];
		expect(ids(result.items)).toEqual(ids(truth));
		expect(new Set(ids(result.items)).size).toBe(truth.length);
		expect(between(dateFrom, dateTo)).toHaveLength(truth.length);
		const expectedRequests =
			Math.ceil(between(newest.from, newest.to).length / 500) + Math.ceil(between(older.from, older.to).length / 500);
		expect(sandbox.requests).toHaveLength(expectedRequests);
		expect(result.items.every((item, index) => (item.pairedItem as { item: number }).item === 0 && index >= 0)).toBe(true);
	});

	test('a 120-day range is one window and the edges are kept', async () => {
		const all = days();
		const dateFrom = all[all.length - 120];
		const dateTo = all[all.length - 1];
		const result = await report({ returnAll: true, filters: { dateFrom: `${dateFrom}T00:00:00`, dateTo: `${dateTo}T00:00:00` } });
		expect(new Set(sandbox.requests.map((request) => `${request.query.dateFrom}..${request.query.dateTo}`))).toEqual(
			new Set([`${dateFrom}..${dateTo}`]),
		);
		expect(ids(result.items)).toEqual(ids(between(dateFrom, dateTo)));
	});

	test('limit 750 returns the first 750 in server order with two requests', async () => {
		const all = days();
		const filters = { dateFrom: all[all.length - 100], dateTo: all[all.length - 1] };
		const result = await report({ returnAll: false, limit: 750, filters });
		expect(ids(result.items)).toEqual(ids(between(filters.dateFrom, filters.dateTo).slice(0, 750)));
		expect(sandbox.requests.map((request) => `${request.query.offset}:${request.query.limit}`)).toEqual(['0:500', '500:250']);
	});

	test('without a period the report is today (UTC); later pages are pinned to the first page', async () => {
		const today = todayUtc();
		sandbox.clicks.insert(Array.from({ length: 600 }, (_, index) => ({ date: today, count: index + 1 })));
		sandbox.resetRequests();
		const truth = between(today, today);
		expect(truth.length).toBeGreaterThan(500);
		const result = await report({ returnAll: true });
		expect(ids(result.items)).toEqual(ids(truth));
		const [first, ...rest] = sandbox.requests;
		expect(first.query).toMatchObject({ dateFrom: [today], dateTo: [today] });
		expect(first.query.updatedAtTo).toBeUndefined();
		for (const page of rest) expect(page.query.updatedAtTo).toEqual([truth[0].updatedAt]);
	});

	test('only the updatedAt pair: no day filter is added', async () => {
		const items = sandbox.clicks.all();
		const updatedAtTo = items[100].updatedAt;
		const updatedAtFrom = items[900].updatedAt;
		const result = await report({ returnAll: true, filters: { updatedAtFrom, updatedAtTo } });
		const truth = items.filter((item) => item.updatedAt >= updatedAtFrom && item.updatedAt <= updatedAtTo);
		expect(ids(result.items)).toEqual(ids(truth));
		expect(sandbox.requests[0].query.dateFrom).toBeUndefined();
		expect(sandbox.requests[0].query.updatedAtFrom).toEqual([new Date(updatedAtFrom).toISOString()]);
	});
});

describe('data that moves while the report is read', () => {
	test('an item updated between pages is neither skipped nor doubled', async () => {
		sandbox.configure({ latencyMs: 60 });
		const all = days();
		const filters = { dateFrom: all[all.length - 60], dateTo: all[all.length - 1] };
		const inWindow = between(filters.dateFrom, filters.dateTo);
		expect(inWindow.length).toBeGreaterThan(2000);
		const reading = report({ returnAll: true, filters }, { rate: 20 });
		// After the first page, move an item from deep in the report to its top.
		await new Promise((resolve) => setTimeout(resolve, 90));
		const moved = sandbox.clicks.update(inWindow[inWindow.length - 10].id, { count: 99 });
		const result = await reading;
		expect(result.error).toBeUndefined();
		const truth = between(filters.dateFrom, filters.dateTo);
		expect(ids(result.items)).toEqual(ids(truth));
		expect(result.items.find((item) => item.json.id === moved.id)?.json.count).toBe(99);
		expect(sandbox.requests.filter((request) => request.query.offset[0] === '0').length).toBe(2);
	});
});

describe('filters', () => {
	test('merchant, Sub ID and ad space go out as the service names them', async () => {
		const sample = sandbox.clicks.all().find((item) => item.subId && item.merchantId > 0)!;
		const filters = {
			dateFrom: days()[0],
			dateTo: days()[days().length - 1],
		};
		const result = await report({
			returnAll: true,
			filters: { ...filters, dateFrom: days()[days().length - 120], merchantId: String(sample.merchantId), subId: sample.subId, adSpaceId: sample.adspaceId },
		});
		expect(result.error).toBeUndefined();
		const query = sandbox.requests[0].query;
		expect(query.merchantId).toEqual([String(sample.merchantId)]);
		expect(query.subId).toEqual([sample.subId]);
		expect(query.adspaceId).toEqual([sample.adspaceId]);
		expect(result.items.length).toBeGreaterThan(0);
		expect(
			result.items.every(
				(item) =>
					item.json.merchantId === sample.merchantId && item.json.subId === sample.subId && item.json.adspaceId === sample.adspaceId,
			),
		).toBe(true);
	});

	test('merchant 0 selects clicks whose merchant is unknown', async () => {
		const all = days();
		const result = await report({ returnAll: true, filters: { dateFrom: all[all.length - 30], dateTo: all[all.length - 1], merchantId: '0' } });
		expect(result.items.length).toBeGreaterThan(0);
		expect(result.items.every((item) => item.json.merchantId === 0 && item.json.merchantName === '')).toBe(true);
	});

	test.each([
		[{ dateFrom: '2026-01-01' }, /Invalid "Date To": give it together with "Date From"/],
		[{ dateTo: '2026-01-01' }, /Invalid "Date From": give it together with "Date To"/],
		[{ updatedAtFrom: '2026-01-01T00:00:00Z' }, /Invalid "Updated At To"/],
		[{ dateFrom: '2026-03-10', dateTo: '2026-03-01' }, /Invalid "Date To": 2026-03-01 is before Date From 2026-03-10/],
		[{ dateFrom: '2026-02-31', dateTo: '2026-03-01' }, /Invalid "Date From": "2026-02-31" is not a real date/],
		[{ dateFrom: 'yesterday', dateTo: '2026-03-01' }, /Invalid "Date From"/],
		[{ updatedAtFrom: '2026-03-02T00:00:00Z', updatedAtTo: '2026-03-01T00:00:00Z' }, /Invalid "Updated At To": .* is before/],
		[{ updatedAtFrom: 'soon', updatedAtTo: '2026-03-01T00:00:00Z' }, /Invalid "Updated At From": "soon" is not a date-time/],
		[{ adSpaceId: '12345' }, /Invalid "Ad Space ID": "12345" is not a UUID version 4/],
		[{ adSpaceId: '6f1c2e0a-3b4d-1c5e-8f90-a1b2c3d4e5f6' }, /Invalid "Ad Space ID"/],
		[{ merchantId: 'abc' }, /Invalid "Merchant ID": must be a whole number/],
	])('refuses %j before any request', async (filters, message) => {
		const result = await report({ returnAll: true, filters });
		expect(result.error?.message).toMatch(message);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a limit below 1 is refused before any request', async () => {
		const result = await report({ returnAll: false, limit: 0 });
		expect(result.error?.message).toMatch(/Limit must be a whole number of at least 1/);
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('per item', () => {
	test('expressions are resolved per input item, and continueOnFail keeps the others going', async () => {
		const all = days();
		const input = [
			{ json: { day: all[all.length - 1] } },
			{ json: { day: 'not a day' } },
			{ json: { day: all[all.length - 2] } },
		];
		const result = await report(
			{ returnAll: true, filters: { dateFrom: '={{ $json.day }}', dateTo: '={{ $json.day }}' } },
			{ input, continueOnFail: true },
		);
		const first = between(all[all.length - 1], all[all.length - 1]);
		const third = between(all[all.length - 2], all[all.length - 2]);
		expect(result.items).toHaveLength(first.length + 1 + third.length);
		expect(result.items[first.length].json.error).toMatch(/Invalid "Date From"/);
		expect(result.items[first.length].pairedItem).toEqual({ item: 1 });
		expect(ids(result.items.slice(first.length + 1))).toEqual(ids(third));
		expect(result.items.slice(first.length + 1).every((item) => (item.pairedItem as { item: number }).item === 2)).toBe(true);
	});
});

describe('rate limit', () => {
	test('Return All at the real limit (3/s) gets no 429 and holds the pace', async () => {
		sandbox.configure({ rateLimits: true, clickRequestsPerSecond: 3, clickRequestsPer5Min: 100 });
		const all = days();
		const filters = { dateFrom: all[all.length - 40], dateTo: all[all.length - 1] };
		const truth = between(filters.dateFrom, filters.dateTo);
		const pages = Math.ceil(truth.length / 500);
		expect(pages).toBeGreaterThanOrEqual(4);
		const result = await report({ returnAll: true, filters }, { rate: 3 });
		expect(result.error).toBeUndefined();
		expect(ids(result.items)).toEqual(ids(truth));
		expect(sandbox.requests.map((request) => request.status)).toEqual(new Array(pages).fill(200));
		// The pace from the second request on: the gap after the first one, the first after a
		// pause, is 100 ms longer by design (RequestPacer's schedule tests pin it exactly).
		const times = sandbox.requests.map((request) => request.time).sort((a, b) => a - b).slice(1);
		const rate = ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]);
		console.log(`click Return All at maxRequestsPerSecond=3: ${pages} pages at ${rate.toFixed(2)} req/s, no 429`);
		expect(rate).toBeLessThanOrEqual(3);
		expect(rate).toBeGreaterThan(2.7);
	});
});
