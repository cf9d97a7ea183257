// Reading ahead (nodes/shared/transport/readAhead.ts): a partner list read again asks for its next
// pages before the first answer is back, when answers take longer than the pace's gap; a guess the
// first answer proves wrong costs requests, never records, and no request outlives the run.
import type { Sandbox } from '../../sandbox/server';
import { overlappingPages } from '../harness/pages';
import { createTrigger } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';
import { partnerCredential, probe } from './helpers';

const sandboxOf = useSandbox({ clickItems: 10, clickDays: 1 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

const LATENCY_MS = 200;
/** 10 per second: a gap of 100 ms, half the answer time. */
const credentials = () => partnerCredential(sandbox, { maxRequestsPerSecond: 10 });
const lostOrderIds = () => sandbox.data.lostOrders.map((order) => order.id);
const readAll = (qs: Record<string, string> = {}) => probe(credentials(), { mode: 'partnerList', path: '/lost_orders/', qs });
const arrivals = () => sandbox.requests.map((request) => ({ offset: Number(request.query.offset[0]), time: request.time }));

test('a list read again asks for its next pages before the first answer is back, and outputs every record once', async () => {
	sandbox.configure({ latencyMs: LATENCY_MS, partnerLimitCap: 100 });
	const first = await readAll({ status: 'processing' });
	expect(first.error).toBeUndefined();
	const firstArrivals = arrivals();
	// Read first: nothing known, the second page waits for the first answer.
	expect(firstArrivals[1].time - firstArrivals[0].time).toBeGreaterThanOrEqual(LATENCY_MS);

	sandbox.resetRequests();
	const again = await readAll({ status: 'processing' });
	expect(again.error).toBeUndefined();
	const expected = sandbox.data.lostOrders.filter((order) => order.status === 'processing').map((order) => order.id);
	expect(again.items.map((item) => item.json.id)).toEqual(expected);
	const pages = overlappingPages(expected.length, 100, 500).map((page) => page.offset);
	expect(pages.length).toBeGreaterThan(2);
	const secondArrivals = arrivals();
	// Every page once: the pages read ahead are the list's own.
	expect(secondArrivals.map((arrival) => arrival.offset).sort((a, b) => a - b)).toEqual(pages);
	// Read again: the page after the first left one gap after it, before the first answer came back.
	const ahead = secondArrivals.find((arrival) => arrival.offset === pages[1])!;
	expect(ahead.time - secondArrivals[0].time).toBeLessThan(LATENCY_MS - 40);
});

test('a guess the first answer proves wrong is dropped: every record once, and no request outlives the run', async () => {
	sandbox.configure({ latencyMs: LATENCY_MS, partnerLimitCap: 100 });
	await readAll({ status: 'processing' });
	// The server now gives pages of 500: the list fits one, and the pages read ahead at 100 are of no use.
	sandbox.configure({ partnerLimitCap: 500 });
	sandbox.resetRequests();
	const result = await readAll({ status: 'processing' });
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.id)).toEqual(
		sandbox.data.lostOrders.filter((order) => order.status === 'processing').map((order) => order.id),
	);
	// Every request had been answered when the run ended (a request still waiting is logged with status 0).
	expect(sandbox.requests.map((request) => request.status)).toEqual(sandbox.requests.map(() => 200));
	const atReturn = sandbox.requests.length;
	const guessed = arrivals().filter((arrival) => arrival.offset > 0);
	expect(guessed.length).toBeGreaterThan(0);
	for (const arrival of guessed) expect(arrival.offset % 99).toBe(0);
	await new Promise((resolve) => setTimeout(resolve, 2 * LATENCY_MS));
	expect(sandbox.requests.length).toBe(atReturn);

	// The page of 350 proved the cap of 100 gone: the next read guesses nothing.
	sandbox.resetRequests();
	await readAll({ status: 'processing' });
	expect(sandbox.requests).toHaveLength(1);
});

test('a list that fits one page and was never read larger costs one request', async () => {
	sandbox.configure({ latencyMs: LATENCY_MS, partnerLimitCap: 500 });
	await readAll({ status: 'rejected' });
	sandbox.resetRequests();
	const result = await readAll({ status: 'rejected' });
	expect(result.error).toBeUndefined();
	expect(sandbox.requests).toHaveLength(1);
});

test('a Limit read tells the count without a cap: the Return All after it reads ahead at full pages', async () => {
	sandbox.configure({ latencyMs: LATENCY_MS, partnerLimitCap: 500 });
	await probe(credentials(), { mode: 'partnerList', path: '/lost_orders/', limit: 1 });
	sandbox.resetRequests();
	const result = await readAll();
	expect(result.items.map((item) => item.json.id)).toEqual(lostOrderIds());
	const read = arrivals();
	expect(read.map((arrival) => arrival.offset).sort((a, b) => a - b)).toEqual([0, 499, 998]);
	expect(read.find((arrival) => arrival.offset === 499)!.time - read[0].time).toBeLessThan(LATENCY_MS - 40);
});

test("a trigger's poll reads nothing ahead: nobody waits on it, and a guess costs requests", async () => {
	sandbox.configure({ latencyMs: LATENCY_MS, partnerLimitCap: 100 });
	const trigger = createTrigger({ events: ['lostOrderStatusChanged'] }, credentials(), {}, 'affiliatePartnerTrigger');
	await trigger.poll();
	sandbox.resetRequests();
	await trigger.poll();
	// Each list the poll reads (its filters) with more than one page: every page after the first waited for the first answer.
	const lists = new Map<string, number[]>();
	for (const request of sandbox.requests) {
		const filters = request.rawQuery.replace(/&?(limit|offset)=\d+/g, '');
		lists.set(filters, [...(lists.get(filters) ?? []), request.time]);
	}
	const paged = [...lists.values()].filter((times) => times.length > 1);
	expect(paged.length).toBeGreaterThan(0);
	for (const [first, ...rest] of paged) for (const time of rest) expect(time - first).toBeGreaterThanOrEqual(LATENCY_MS - 5);
});
