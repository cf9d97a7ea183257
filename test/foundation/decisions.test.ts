// Plain table tests of the transport's pure decisions: the pace schedule under both limits,
// token sharing, the endpoint contracts and how a body is described. The end-to-end behaviour is
// tested through n8n-core against the sandbox in the other files of this folder.
import type { IDataObject } from 'n8n-workflow';

import { describeBody, htmlTitle, isRateLimitAnswer } from '../../nodes/shared/transport/answers';
import { contractViolation } from '../../nodes/shared/transport/answerChecks';
import type { Contract } from '../../nodes/shared/transport/contracts';
import { clickReportPage, exchangeRate, listOf, oneRecord, orderStatuses, recordWithId } from '../../nodes/shared/transport/contracts';
import { AdaptiveShare, MAX_SHARERS } from '../../nodes/shared/transport/adaptiveShare';
import { PaceSchedule } from '../../nodes/shared/transport/rateLimiter';
import { sharedToken } from '../../nodes/shared/transport/tokenSharing';

describe('pace schedule with a 5-minute window', () => {
	const window = { requests: 100, windowMs: 300_000 };

	test('200 requests at 3/s and 100 per 5 minutes: each after the 100th leaves 301 s after the one 100 before it', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 3, window });
		const slots = Array.from({ length: 200 }, () => schedule.reserve(0));
		for (let index = 100; index < 200; index++) {
			expect(slots[index] - slots[index - 100]).toBeGreaterThanOrEqual(301_000);
		}
		// No 100 + 1 slots within any 5 minutes, and no 3 + 1 within any second.
		for (let index = 100; index < 200; index++) expect(slots[index] - slots[index - 100]).toBeGreaterThan(300_000);
		for (let index = 3; index < 200; index++) expect(slots[index] - slots[index - 3]).toBeGreaterThan(1_000);
		// The floor is 100 requests at 3/s, then each 300 s after the one 100 before it: 333 s.
		expect(slots[199] / 1000).toBeGreaterThan(333);
		expect(slots[199] / 1000).toBeLessThan(333 * 1.02);
	});

	test('lastSlotOf and capacity look ahead without booking anything', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 3, window });
		expect(schedule.lastSlotOf(200, 0)).toBeGreaterThan(333_000);
		expect(schedule.capacity(0, 10_000, 1_000)).toBe(29); // 1 + floor((10,000 - 453) / 353.3)
		expect(schedule.capacity(0, 400_000, 1_000)).toBeGreaterThanOrEqual(200);
		expect(schedule.reserve(0)).toBe(0); // nothing was booked by the look-ahead
	});

	test('a window used up by earlier requests leaves no capacity until it slides', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 1000, window: { requests: 5, windowMs: 60_000 } });
		for (let index = 0; index < 5; index++) schedule.reserve(0);
		expect(schedule.capacity(10, 30_000, 100)).toBe(0);
		expect(schedule.reserve(10)).toBe(61_000); // the first slot + window + 1 s margin
	});

	test('a refusal for rate holds every request for Retry-After and halves the share of both limits', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 10, window: { requests: 100, windowMs: 300_000 } });
		schedule.reserve(0);
		expect(schedule.refused(50, 2_000, 0)).toBe(true);
		expect(schedule.shareOfLimits).toBe(1 / 2);
		const first = schedule.reserve(60);
		const second = schedule.reserve(60);
		expect(first).toBe(2_050);
		expect(second - first).toBeCloseTo(1060 / 5 + 100, 5); // half the rate, plus the after-pause allowance
		// The window at half: the 51st request since the refusal waits for the first to leave the window.
		for (let index = 2; index < 50; index++) schedule.reserve(60);
		expect(schedule.reserve(60)).toBeGreaterThanOrEqual(first + 300_000);
	});

	test('a request that left late keeps the next one a full spacing after it, in both limits', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 1, window: { requests: 2, windowMs: 10_000 } });
		expect(schedule.reserve(0)).toBe(0);
		// A stalled process woke the first sleeper 300 ms after its slot.
		schedule.departed(0, 300);
		expect(schedule.reserve(0)).toBe(300 + 1_060);
		// The window counts from when it left too: the third waits for the late one to leave the window.
		expect(schedule.reserve(0)).toBe(300 + 10_000 + 1_000);
	});

	test('a request that left on time, or early, changes nothing', () => {
		const onTime = new PaceSchedule({ requestsPerSecond: 1 });
		const untouched = new PaceSchedule({ requestsPerSecond: 1 });
		onTime.departed(onTime.reserve(0), 0);
		untouched.reserve(0);
		expect(onTime.reserve(0)).toBe(untouched.reserve(0));
	});
});

describe('adaptive share of the limits', () => {
	test('each new refusal reckons one more instance: 1, 1/2, 1/3, 1/4', () => {
		const share = new AdaptiveShare();
		const shares = [share.value];
		for (const at of [1_000, 2_000, 3_000]) {
			share.refused(at, at - 10);
			shares.push(share.value);
		}
		expect(shares).toEqual([1, 1 / 2, 1 / 3, 1 / 4]);
	});

	test('refusals of requests sent before the last decrease, or within a second of it, lower nothing', () => {
		const share = new AdaptiveShare();
		expect(share.refused(1_000, 990)).toBe(true);
		expect(share.refused(3_000, 995)).toBe(false); // left at the old pace
		expect(share.refused(1_500, 1_200)).toBe(false); // a retry into the same overload
		expect(share.refused(2_100, 2_050)).toBe(true);
		expect(share.value).toBe(1 / 3);
	});

	test('a minute of accepted answers with no refusal grows the share by one step; never above 1', () => {
		const share = new AdaptiveShare();
		share.refused(0, 0);
		share.refused(2_000, 2_000);
		share.accepted(61_000);
		expect(share.value).toBe(1 / 3);
		share.accepted(62_000);
		expect(share.value).toBe(1 / 2);
		share.accepted(122_000);
		share.accepted(182_000);
		expect(share.value).toBe(1);
	});

	test('growing that is refused soon after waits twice as long next time, at most 16 minutes', () => {
		const share = new AdaptiveShare();
		share.refused(0, 0);
		share.accepted(60_000); // grows to 1
		share.refused(70_000, 69_000); // refused 10 s after growing
		expect(share.value).toBe(1 / 2);
		share.accepted(70_000 + 60_000);
		expect(share.value).toBe(1 / 2); // needs 2 minutes now
		share.accepted(70_000 + 120_000);
		expect(share.value).toBe(1);
		let at = 200_000;
		for (let round = 0; round < 10; round++) {
			share.refused(at, at);
			at += 1;
			share.accepted(at + 16 * 60_000);
			at += 16 * 60_000 + 1;
		}
		expect(share.value).toBe(1); // the wait stopped doubling at 16 minutes
	});

	test('the share never drops below 1/32', () => {
		const share = new AdaptiveShare();
		for (let at = 0; at < 100; at++) share.refused(at * 1_000, at * 1_000);
		expect(share.value).toBe(1 / MAX_SHARERS);
	});
});

describe('shared token mint', () => {
	const deferred = () => {
		let resolve!: (token: string) => void;
		const promise = new Promise<string>((done) => (resolve = done));
		return { promise, resolve };
	};

	test('concurrent callers with no token wait for one mint', async () => {
		let mints = 0;
		const pending = deferred();
		const mint = async () => {
			mints++;
			return await pending.promise;
		};
		const callers = Array.from({ length: 20 }, () => sharedToken('client-a', '', mint));
		pending.resolve('TOKEN-1');
		expect(await Promise.all(callers)).toEqual(Array(20).fill('TOKEN-1'));
		expect(mints).toBe(1);
		// A later caller with nothing stored gets the same token.
		expect(await sharedToken('client-a', '', mint)).toBe('TOKEN-1');
		expect(mints).toBe(1);
	});

	test('callers refused with the same old token share one refresh; a newer token is handed to late ones', async () => {
		let clock = 0;
		let minted = 0;
		const mint = async () => `T${++minted}`;
		const now = () => clock;
		expect(await sharedToken('client-b', '', mint, now)).toBe('T1');
		const refreshes = await Promise.all(Array.from({ length: 12 }, () => sharedToken('client-b', 'T1', mint, now)));
		expect(refreshes).toEqual(Array(12).fill('T2'));
		clock += 30_000;
		expect(await sharedToken('client-b', 'T1', mint, now)).toBe('T2');
		expect(minted).toBe(2);
		// A token the caller holds that this process never saw, long after the last mint: mint anew.
		clock += 120_000;
		expect(await sharedToken('client-b', 'FROM-ANOTHER-PROCESS', mint, now)).toBe('T3');
		// The refused token itself is never handed back.
		expect(await sharedToken('client-b', 'T3', mint, now)).toBe('T4');
	});

	test('a refused token minted by another n8n instance gets a mint, never this instance\'s older token', async () => {
		// Queue mode: worker 1 minted W1; worker 2 minted W2 later and stored it; both were then revoked.
		let clock = 0;
		let minted = 0;
		const mint = async () => `W1-${++minted}`;
		const now = () => clock;
		expect(await sharedToken('client-workers', '', mint, now)).toBe('W1-1');
		clock += 10_000;
		expect(await sharedToken('client-workers', 'W2-STORED-BY-ANOTHER-WORKER', mint, now)).toBe('W1-2');
		expect(minted).toBe(2);
		// Pages of the same read that still held W2 get the token minted after it was refused.
		clock += 5_000;
		expect(await sharedToken('client-workers', 'W2-STORED-BY-ANOTHER-WORKER', mint, now)).toBe('W1-2');
		// And this instance's own earlier token, refused late, gets the newer one too.
		expect(await sharedToken('client-workers', 'W1-1', mint, now)).toBe('W1-2');
		expect(minted).toBe(2);
	});

	test('a failed mint fails every waiter and the next caller mints again', async () => {
		let attempts = 0;
		const failing = async () => {
			attempts++;
			throw new Error('token endpoint down');
		};
		await expect(Promise.all([sharedToken('client-c', '', failing), sharedToken('client-c', '', failing)])).rejects.toThrow(
			'token endpoint down',
		);
		expect(attempts).toBe(1);
		expect(await sharedToken('client-c', '', async () => 'OK')).toBe('OK');
	});
});

describe('endpoint contracts', () => {
	const lostOrders = listOf('id', 'a list of lost orders');
	const kinds = listOf('plainString', 'a list of ad space kinds');
	const page = { results: [{ id: 1 }, { id: 2 }], _meta: { count: 2, limit: 20, offset: 0 } };
	const cases: Array<[string, Contract, unknown, IDataObject, string | undefined]> = [
		['a good list page', lostOrders, page, { offset: 0, limit: 20 }, undefined],
		['HTML text', lostOrders, '<html><title>x</title></html>', {}, 'it is not a JSON object'],
		['no results', lostOrders, { _meta: page._meta }, {}, 'it has no "results" list'],
		['no _meta', lostOrders, { results: [] }, {}, 'it has no "_meta" object'],
		['another page than asked', lostOrders, page, { offset: 40 }, 'it is the page at offset 0, not at the offset 40 asked for'],
		['more records than asked', lostOrders, page, { limit: 1 }, 'it holds 2 records where at most 1 were asked for'],
		['a record without id', lostOrders, { ...page, results: [{ id: 1 }, { name: 'x' }] }, {}, 'results[1] is not an object with "id"'],
		['strings where objects belong', lostOrders, { ...page, results: ['a'] }, {}, 'results[0] is not an object with "id"'],
		['kinds are plain strings', kinds, { ...page, results: ['website'] }, {}, undefined],
		['a kind that is not a string', kinds, { ...page, results: [{}] }, {}, 'results[0] is not a string'],
		['a click page', clickReportPage, { meta: { total: 1, limit: 500, offset: 0 }, data: [{ id: 'a', updatedAt: '2026-01-01T00:00:00Z' }] }, {}, undefined],
		['a click page without meta', clickReportPage, { data: [] }, {}, 'it has no "meta" object'],
		['a click item without updatedAt', clickReportPage, { meta: { total: 1, limit: 1, offset: 0 }, data: [{ id: 'a' }] }, {}, 'data[0] is not an entry with an id and an updatedAt'],
		['one lost order', oneRecord('id', 'a lost order'), { id: 12 }, {}, undefined],
		['a lost order as text', oneRecord('id', 'a lost order'), '{"id": 12', {}, 'it is not a JSON object'],
		['a language by its code', oneRecord('language_code', 'a language'), { language_code: 'de' }, {}, undefined],
		['order statuses for each ID', orderStatuses, { order_info: [{ order_id: 'A', status: 'owner' }, { order_id: 'B', status: 'does_not_exist' }] }, { order_id: ['A', 'B'] }, undefined],
		['an order ID left out', orderStatuses, { order_info: [{ order_id: 'A', status: 'owner' }] }, { order_id: ['A', 'B'] }, 'it has no entry for the order ID B'],
		['an entry without status', orderStatuses, { order_info: [{ order_id: 'A' }] }, { order_id: ['A'] }, 'order_info[0] is not an object with an order_id and a status'],
		['no order_info', orderStatuses, {}, { order_id: ['A'] }, 'it has no "order_info" list'],
		['an exchange rate', exchangeRate, { base: 'USD', target: 'EUR', date: '2026-01-01', rate: '0.9' }, {}, undefined],
		['a rate that is not a number', exchangeRate, { base: 'USD', target: 'EUR', date: '2026-01-01', rate: 'n/a' }, {}, '"rate" is not a number: "n/a"'],
		['a created claim', oneRecord('id', 'the created appeal claim'), { id: 7, status: 'processing' }, {}, undefined],
		// Counts that size what is read next, and pages that hold more than their own counts allow.
		['a count JavaScript cannot hold exactly', lostOrders, { ...page, _meta: { ...page._meta, count: 2 ** 53 } }, {}, '"_meta.count" is 9007199254740992, not a whole number from 0 to 9007199254740991'],
		['a negative count', lostOrders, { ...page, _meta: { ...page._meta, count: -1 } }, {}, '"_meta.count" is -1, not a whole number from 0 to 9007199254740991'],
		['a count as text', lostOrders, { ...page, _meta: { ...page._meta, count: '57' } }, {}, '"_meta.count" is "57", not a whole number from 0 to 9007199254740991'],
		['a huge count that is exact', lostOrders, { ...page, _meta: { ...page._meta, count: 1e15 } }, {}, undefined],
		['more records than the count', lostOrders, { ...page, _meta: { ...page._meta, count: 1 } }, { offset: 0 }, 'it holds 2 records where its own "_meta.count" of 1 leaves at most 1 from offset 0'],
		['records past the count', lostOrders, { ...page, _meta: { count: 41, limit: 20, offset: 40 } }, { offset: 40 }, 'it holds 2 records where its own "_meta.count" of 41 leaves at most 1 from offset 40'],
		['a click page with more items than its total', clickReportPage, { meta: { total: 0, limit: 500, offset: 0 }, data: [{ id: 'a', updatedAt: '2026-01-01T00:00:00Z' }] }, { offset: 0 }, 'it holds 1 records where its own "meta.total" of 0 leaves at most 0 from offset 0'],
		['a click total beyond 2^53', clickReportPage, { meta: { total: 9007199254740993, limit: 500, offset: 0 }, data: [] }, {}, '"meta.total" is 9007199254740992, not a whole number from 0 to 9007199254740991'],
		['a record listed twice on one page', lostOrders, { ...page, results: [{ id: 1 }, { id: 1 }] }, {}, 'results lists the record with id "1" twice'],
		['a kind listed twice', kinds, { ...page, results: ['website', 'website'] }, {}, 'results lists the value "website" twice'],
		['a click item listed twice on one page', clickReportPage, { meta: { total: 2, limit: 500, offset: 0 }, data: [{ id: 'a', updatedAt: '2026-01-01T00:00:00Z' }, { id: 'a', updatedAt: '2026-01-01T00:00:00Z' }] }, { offset: 0 }, 'data lists the item with id "a" twice'],
		// An answer about something else than what was asked.
		['the lost order asked for', recordWithId('5', 'a lost order'), { id: 5 }, {}, undefined],
		['another lost order', recordWithId('5', 'a lost order'), { id: 6 }, {}, 'its "id" is 6, not the number 5 asked for: it is not the record asked for'],
		['the id as text', recordWithId('5', 'a lost order'), { id: '5' }, {}, 'its "id" is "5", not the number 5 asked for: it is not the record asked for'],
		['a fractional id', recordWithId('5', 'a lost order'), { id: 5.5 }, {}, 'its "id" is 5.5, not the number 5 asked for: it is not the record asked for'],
		['another language', oneRecord('language_code', 'a language', { value: 'de', type: 'text' }), { language_code: 'fr' }, {}, 'its "language_code" is "fr", not "de" asked for: it is not the record asked for'],
		['an order listed twice', orderStatuses, { order_info: [{ order_id: 'A', status: 'already_counted' }, { order_id: 'A', status: 'owner' }] }, { order_id: ['A'] }, 'it lists the order ID "A" more than once'],
		['an order not asked for', orderStatuses, { order_info: [{ order_id: 'A', status: 'owner' }, { order_id: 'C', status: 'owner' }] }, { order_id: ['A'] }, 'it has entries for order IDs that were not asked for: "C"'],
		['the rate asked for', exchangeRate, { base: 'USD', target: 'EUR', date: '2026-02-01', rate: '0.9' }, { base: 'USD', target: 'EUR', date: '01.02.2026' }, undefined],
		['a rate for another base', exchangeRate, { base: 'RUB', target: 'EUR', date: '2026-02-01', rate: '0.01' }, { base: 'USD', target: 'EUR', date: '01.02.2026' }, 'it is the rate with base "RUB", not the USD asked for'],
		['a rate for another target', exchangeRate, { base: 'USD', target: 'GBP', date: '2026-02-01', rate: '0.8' }, { base: 'USD', target: 'EUR', date: '01.02.2026' }, 'it is the rate with target "GBP", not the EUR asked for'],
		['a rate of another day', exchangeRate, { base: 'USD', target: 'EUR', date: '2026-02-02', rate: '0.9' }, { base: 'USD', target: 'EUR', date: '01.02.2026' }, 'it is the rate of "2026-02-02", not of 2026-02-01 asked for'],
	];
	test.each(cases)('%s', (_name, contract, body, qs, expected) => {
		expect(contractViolation(contract, body, { qs })).toBe(expected);
	});
});

describe('what an answer is shown as', () => {
	test.each([
		[undefined, 'an empty body'],
		['', 'an empty body'],
		['<html><head><title>502 Bad Gateway</title></head><body>…</body></html>', 'an HTML page titled "502 Bad Gateway"'],
		['<!DOCTYPE html><html><head><title>Just a moment...</title>', 'an HTML page titled "Just a moment..."'],
		['{"results": [{"id": 1', 'JSON that is cut off or malformed: {"results": [{"id": 1'],
		['Service Unavailable', 'text that is not JSON: "Service Unavailable"'],
		[{ detail: 'x', other: 1 }, 'a JSON object with the keys detail, other'],
	])('%j', (body, expected) => {
		expect(describeBody(body)).toBe(expected);
	});

	test('a long page is cut at 200 characters; entities in a title are decoded', () => {
		expect(describeBody(`text ${'x'.repeat(500)}`).length).toBeLessThan(240);
		expect(htmlTitle('<title>A &amp; B &lt;C&gt;</title>')).toBe('A & B <C>');
	});

	test.each([
		[429, {}, true],
		[503, { error: 'request_limit_exceeded', error_description: 'The maximum number of requests for the period expired', error_code: 4 }, true],
		[503, { detail: 'Request limit of the gateway' }, false],
		[503, '<html><title>503 Service Temporarily Unavailable</title></html>', false],
		[500, { error_code: 4 }, false],
	])('rate limit answer: %s %j → %s', (status, body, expected) => {
		expect(isRateLimitAnswer(status, body)).toBe(expected);
	});
});
