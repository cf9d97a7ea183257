import { RequestPacer } from '../../nodes/shared/transport/rateLimiter';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { clickCredential, partnerCredential, probe, uniqueIds } from './helpers';
import { overlappingPages } from '../harness/pages';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ clickItems: 12_000, clickDays: 200 });
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
	sandbox.configure({ latencyMs: 0, partnerLimitCap: 500 });
});

/**
 * Requests per second, as the slope of arrival time over arrival rank (least squares): one
 * request delayed by a busy machine barely moves it, unlike first-to-last arithmetic.
 */
function measuredRate(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	const n = sorted.length;
	const meanRank = (n - 1) / 2;
	const meanTime = sorted.reduce((sum, time) => sum + time, 0) / n;
	let covariance = 0;
	let variance = 0;
	sorted.forEach((time, rank) => {
		covariance += (rank - meanRank) * (time - meanTime);
		variance += (rank - meanRank) ** 2;
	});
	return 1000 / (covariance / variance);
}

describe('RequestPacer schedule', () => {
	const start = 1_000_000;
	beforeEach(() => jest.useFakeTimers({ now: start }));
	afterEach(() => jest.useRealTimers());

	async function releaseTimes(pacer: RequestPacer, count: number): Promise<number[]> {
		const released: number[] = [];
		const waits = Array.from({ length: count }, () => pacer.acquire().then(() => released.push(Date.now() - start)));
		await jest.advanceTimersByTimeAsync(5_000);
		await Promise.all(waits);
		return released;
	}

	test('spaces requests by (1000 + 60) / rate ms, with 100 ms more after the first one after a pause', async () => {
		const pacer = new RequestPacer(10);
		expect(await releaseTimes(pacer, 4)).toEqual([0, 206, 312, 418]);
	});

	test('a request within a second of the last slot keeps the plain spacing', async () => {
		const pacer = new RequestPacer(10);
		void pacer.acquire(); // released at 0; next free slot 206
		await jest.advanceTimersByTimeAsync(900); // unused for 694 ms: not a pause
		expect(await releaseTimes(pacer, 3)).toEqual([900, 1006, 1112]);
	});

	test('a service that counts per minute (the partner service): spaced exactly 1000 / rate ms, no allowance after a pause', async () => {
		const pacer = new RequestPacer(20, undefined, false);
		expect(await releaseTimes(pacer, 4)).toEqual([0, 50, 100, 150]); // time is now 5,000
		expect(await releaseTimes(pacer, 3)).toEqual([5_000, 5_050, 5_100]);
	});

	test('after a second unused, the gap after the first request is wider again', async () => {
		const pacer = new RequestPacer(10);
		expect(await releaseTimes(pacer, 2)).toEqual([0, 206]); // time is now 5,000
		expect(await releaseTimes(pacer, 3)).toEqual([5_000, 5_206, 5_312]);
	});
});

describe('client-side rate limit', () => {
	test('50 concurrent calls hold maxRequestsPerSecond: no more than 5% above it as they arrive, no more than 10% below', async () => {
		const credentials = partnerCredential(sandbox, { maxRequestsPerSecond: 20 });
		const result = await probe(credentials, { path: '/currencies/', parallel: 50 });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(50);
		const rate = measuredRate(sandbox.requests.map((request) => request.time));
		console.log(`limiter: 50 concurrent calls at maxRequestsPerSecond=20 measured ${rate.toFixed(2)} req/s`);
		expect(rate).toBeGreaterThan(18);
		// The partner service counts per minute, so the pace is spaced exactly 1 / rate, without the
		// per-second margins (the schedule's test above, on fake timers). Measured as the requests
		// arrive, beside three other jest workers on 2 cores, jitter fitted 20.52 once.
		expect(rate).toBeLessThanOrEqual(20 * 1.05);
	});

	test('two executions with the same credential share one pace', async () => {
		const credentials = clickCredential(sandbox, { maxRequestsPerSecond: 10 });
		const call = { api: 'click' as const, path: '/v2/api/stats/click', qs: { limit: 1 }, parallel: 15 };
		const [first, second] = await Promise.all([probe(credentials, call), probe(credentials, call)]);
		expect(first.error ?? second.error).toBeUndefined();
		const rate = measuredRate(sandbox.requests.map((request) => request.time));
		console.log(`limiter: 2 executions x 15 calls at maxRequestsPerSecond=10 measured ${rate.toFixed(2)} req/s`);
		expect(sandbox.requests).toHaveLength(30);
		expect(rate).toBeGreaterThan(9);
		expect(rate).toBeLessThanOrEqual(10);
	});

	test('two credentials holding the same public key share one pace: the service counts per key', async () => {
		const call = { api: 'click' as const, path: '/v2/api/stats/click', qs: { limit: 1 }, parallel: 12 };
		const [first, second] = await Promise.all([
			probe(clickCredential(sandbox, { maxRequestsPerSecond: 8 }), call),
			probe(clickCredential(sandbox, { maxRequestsPerSecond: 8 }), call),
		]);
		expect(first.error ?? second.error).toBeUndefined();
		const rate = measuredRate(sandbox.requests.map((request) => request.time));
		console.log(`limiter: 2 credentials with one key x 12 calls at maxRequestsPerSecond=8 measured ${rate.toFixed(2)} req/s`);
		expect(sandbox.requests).toHaveLength(24);
		expect(rate).toBeLessThanOrEqual(8);
	});

	test('at the services\' real limits no request is refused', async () => {
		sandbox.configure({ rateLimits: true, clickRequestsPerSecond: 3, clickRequestsPer5Min: 100 });
		try {
			const result = await probe(clickCredential(sandbox, { maxRequestsPerSecond: 3 }), {
				api: 'click',
				path: '/v2/api/stats/click',
				qs: { limit: 1 },
				parallel: 9,
			});
			expect(result.error).toBeUndefined();
			expect(sandbox.requests.map((request) => request.status)).toEqual(new Array(9).fill(200));
		} finally {
			sandbox.configure({ rateLimits: false });
		}
	});
});

describe('partner list pagination', () => {
	const lostOrderIds = () => sandbox.data.lostOrders.map((order) => order.id);
	const overlappingOffsets = (total: number, pageSize: number) =>
		overlappingPages(total, pageSize, 500).map((page) => page.offset);

	test('Return All with the server capping limit at 100: every record once, in order, one request more at most', async () => {
		sandbox.configure({ partnerLimitCap: 100 });
		const total = sandbox.data.lostOrders.length;
		const result = await probe(partnerCredential(sandbox, { maxRequestsPerSecond: 50 }), {
			mode: 'partnerList',
			path: '/lost_orders/',
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual(lostOrderIds());
		expect(uniqueIds(result.items)).toBe(total);
		const offsets = sandbox.requests.map((request) => Number(request.query.offset[0])).sort((a, b) => a - b);
		expect(offsets).toEqual(overlappingOffsets(total, 100));
		expect(sandbox.requests.length).toBeLessThanOrEqual(Math.ceil(total / 100) + 1);
		expect(Math.max(...offsets)).toBeLessThan(total);
	});

	test('Return All without a cap asks for 500 per page', async () => {
		const total = sandbox.data.lostOrders.length;
		const result = await probe(partnerCredential(sandbox), { mode: 'partnerList', path: '/lost_orders/' });
		expect(result.items).toHaveLength(total);
		const offsets = sandbox.requests.map((request) => Number(request.query.offset[0])).sort((a, b) => a - b);
		const pages = overlappingOffsets(total, 500);
		expect(offsets.filter((offset) => pages.includes(offset))).toEqual(pages);
		// The test before read this list from a server capping pages at 100: a read that answers
		// slower than the pace may read ahead at that size (readAhead.ts), and drops those pages.
		const guessed = offsets.filter((offset) => !pages.includes(offset));
		expect(guessed.length).toBeLessThanOrEqual(3);
		for (const offset of guessed) expect(offset % 99).toBe(0);
		expect(sandbox.requests[0].query.limit).toEqual(['500']);
	});

	test('a limit larger than the capped page reads just enough pages', async () => {
		sandbox.configure({ partnerLimitCap: 100 });
		const result = await probe(partnerCredential(sandbox), { mode: 'partnerList', path: '/lost_orders/', limit: 250 });
		expect(result.items.map((item) => item.json.id)).toEqual(lostOrderIds().slice(0, 250));
		expect(sandbox.requests.map((request) => `${request.query.offset}:${request.query.limit}`)).toEqual(
			expect.arrayContaining(['0:250', '99:100', '198:52']),
		);
		expect(sandbox.requests).toHaveLength(3);
	});

	test('a list that fits one page costs one request, and filters are passed through', async () => {
		const result = await probe(partnerCredential(sandbox), {
			mode: 'partnerList',
			path: '/lost_orders/',
			qs: { status: 'rejected' },
		});
		const rejected = sandbox.data.lostOrders.filter((order) => order.status === 'rejected');
		expect(result.items.map((item) => item.json.id)).toEqual(rejected.map((order) => order.id));
		expect(sandbox.requests).toHaveLength(Math.ceil(rejected.length / 500));
		expect(sandbox.requests[0].query.status).toEqual(['rejected']);
	});
});

describe('click report pagination', () => {
	const period = () => {
		const days = [...new Set(sandbox.clicks.all().map((item) => item.date))].sort();
		return { dateFrom: days[days.length - 120], dateTo: days[days.length - 1] };
	};
	const expected = (from: string, to: string) =>
		sandbox.clicks.all().filter((item) => item.date >= from && item.date <= to);

	test('Return All: pages after the first are read concurrently, in server order, exactly once', async () => {
		sandbox.configure({ latencyMs: 200 });
		const { dateFrom, dateTo } = period();
		const truth = expected(dateFrom, dateTo);
		expect(truth.length).toBeGreaterThan(2000);
		const result = await probe(clickCredential(sandbox, { maxRequestsPerSecond: 50 }), {
			mode: 'clickReport',
			api: 'click',
			path: '/v2/api/stats/click',
			qs: { dateFrom, dateTo },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual(truth.map((item) => item.id));
		const pages = Math.ceil(truth.length / 500);
		expect(sandbox.requests).toHaveLength(pages);
		expect(sandbox.requests.every((request) => Number(request.query.offset[0]) < truth.length)).toBe(true);
		// Concurrent: each later page was asked for before the one before it was answered (200 ms).
		const later = sandbox.requests.slice(1).map((request) => request.time).sort((a, b) => a - b);
		const gaps = later.slice(1).map((time, index) => time - later[index]);
		expect(Math.max(...gaps)).toBeLessThan(150);
	});

	test('a limit of 750 reads two pages and returns the first 750 in order', async () => {
		const { dateFrom, dateTo } = period();
		const result = await probe(clickCredential(sandbox), {
			mode: 'clickReport',
			api: 'click',
			path: '/v2/api/stats/click',
			qs: { dateFrom, dateTo },
			limit: 750,
		});
		expect(result.items.map((item) => item.json.id)).toEqual(expected(dateFrom, dateTo).slice(0, 750).map((item) => item.id));
		expect(sandbox.requests.map((request) => `${request.query.offset}:${request.query.limit}`)).toEqual(['0:500', '500:250']);
	});

	test('when items are added while pages are read, the report is read again: nothing skipped or doubled', async () => {
		sandbox.configure({ latencyMs: 60 });
		const { dateFrom, dateTo } = period();
		const credentials = clickCredential(sandbox, { maxRequestsPerSecond: 20 });
		const reading = probe(credentials, { mode: 'clickReport', api: 'click', path: '/v2/api/stats/click', qs: { dateFrom, dateTo } });
		// Land an insert between the first page and the later ones.
		await new Promise((resolve) => setTimeout(resolve, 90));
		sandbox.clicks.insert([{ date: dateTo, count: 3 }]);
		const result = await reading;
		expect(result.error).toBeUndefined();
		const truth = expected(dateFrom, dateTo);
		expect(result.items.map((item) => item.json.id)).toEqual(truth.map((item) => item.id));
		const firstPages = sandbox.requests.filter((request) => request.query.offset[0] === '0');
		expect(firstPages.length).toBe(2);
	});
});
