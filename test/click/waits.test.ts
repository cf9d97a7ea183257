// Long waits said where the user looks: before a wait of 5 s or more, a line in n8n's log (and the
// browser console of a manual run); after a run that waited that long, a hint on the node's output
// saying how long and for which limit. The live run goes through n8n-core's WorkflowExecute against
// the sandbox over real HTTP; the wording and what sets a wait are plain tables.
import { PaceSchedule } from '../../nodes/shared/transport/rateLimiter';
import type { Cause, WaitInterval } from '../../nodes/shared/transport/waitTimes';
import { duration, waitReason, waitSummary, waitedTime } from '../../nodes/shared/transport/waitTimes';
import { worthSaying } from '../../nodes/shared/transport/waits';
import { clickCredential } from '../foundation/helpers';
import { runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';
import { keepNodeLog } from '../inputChecks/fixture';

const sandbox = useSandbox({ clickItems: 40_000, clickDays: 60 }, { latencyMs: 0 });

describe('a Return All that waits for its pace', () => {
	let log: ReturnType<typeof keepNodeLog>;
	beforeEach(() => {
		log = keepNodeLog();
	});
	afterEach(() => log.restore());

	// First: the account's pacer is shared by every run in the process, and the slow run below books far ahead.
	test('a run without a long wait leaves no hint and says nothing', async () => {
		const result = await runNode({ type: 'clickReport', typeVersion: 1.1, parameters: { operation: 'getMany', limit: 5 } as never, credentials: clickCredential(sandbox()) });
		expect(result.error).toBeUndefined();
		expect(result.run.data.resultData.runData['Node under test'][0].hints ?? []).toEqual([]);
		expect(log.lines.filter((line) => line.includes('waiting'))).toEqual([]);
	});

	test('says the wait before it, and leaves a hint on the output with how long and for what', async () => {
		// The test before booked the shared pacer's next slot up to 0.1 s ahead (the allowance after a
		// pause, rateLimiter.ts): once that has passed, the first page goes at once.
		await new Promise((resolve) => setTimeout(resolve, 500));
		// 0.15 requests per second: the second page waits about 7 s for its slot.
		const credentials = clickCredential(sandbox(), { maxRequestsPerSecond: 0.15 });
		// A day of two pages (500 items each).
		const perDay = new Map<string, number>();
		for (const item of sandbox().clicks.all()) perDay.set(item.date, (perDay.get(item.date) ?? 0) + 1);
		const day = [...perDay].find(([, count]) => count > 500 && count <= 1000)![0];
		const result = await runNode({ type: 'clickReport', typeVersion: 1.1, parameters: { operation: 'getMany', returnAll: true, filters: { dateFrom: day, dateTo: day } } as never, credentials });
		expect(result.error).toBeUndefined();
		expect(sandbox().requests).toHaveLength(2);
		expect(log.lines.filter((line) => line.includes('waiting'))).toEqual([
			expect.stringMatching(/^info: Node under test: waiting [67] s at the credential's pace of 0\.15 requests per second; the run goes on after it$/),
		]);
		const hints = result.run.data.resultData.runData['Node under test'][0].hints;
		expect(hints).toEqual([
			{
				message: expect.stringMatching(/^This run waited [67] s in all, while 1 request waited its turn: [67] s at the credential's pace of 0\.15 requests per second\.$/),
				type: 'info',
				location: 'outputPane',
			},
		]);
	}, 30_000);
});

describe('what sets a wait, and how it is said', () => {
	const window = { requests: 100, windowMs: 300_000 };

	test('the window, once its requests are used; the pace before', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 3, window });
		const start = 1_000_000;
		for (let i = 0; i < 100; i++) schedule.reserve(start + i * 400);
		const now = start + 40_000;
		expect(schedule.windowUse(now)).toEqual({ used: 100, of: 100 });
		expect(schedule.plan(now)).toEqual({ slot: start + 300_000 + 1000, cause: 'window' });
		expect(new PaceSchedule({ requestsPerSecond: 3, window }).plan(now)).toEqual({ slot: now, cause: 'pace' });
	});

	test('a refusal holds the next request', () => {
		const schedule = new PaceSchedule({ requestsPerSecond: 3, window });
		schedule.refused(1000, 30_000);
		expect(schedule.plan(2000)).toEqual({ slot: 31_000, cause: 'held' });
	});

	test.each([
		['a short wait is not said', 4_999, 10_000, 0, false],
		['the first long wait of a run is said', 300_000, 1_300_000, 0, true],
		['a page waiting for the same window, 0.4 s later, is not said again', 299_600, 1_300_400, 1_300_000, false],
		['the next window, 5 minutes on, is said', 300_000, 1_600_000, 1_300_000, true],
	])('%s', (_label, expectedMs, endsAt, saidUntil, said) => expect(worthSaying(expectedMs, endsAt, saidUntil)).toBe(said));

	test.each([
		[263_000, '4 min 23 s'],
		[240_000, '4 min'],
		[12_400, '12 s'],
	])('%i ms reads %s', (ms, text) => expect(duration(ms)).toBe(text));

	test.each([
		['window', "for the service's limit of 100 requests per 5 min"],
		['pace', "at the credential's pace of 3 requests per second"],
		['held', 'because the service refused a request for its rate and asked to wait'],
		['retry', 'before trying a failed request again'],
	] as const)('%s', (cause, text) => expect(waitReason(cause, { requestsPerSecond: 3, window })).toBe(text));

	/** Intervals in seconds from the run's start: [start, end, cause, request]. */
	const waits = (...list: Array<[number, number, Cause, number]>): WaitInterval[] =>
		list.map(([start, end, cause, request]) => ({ start: start * 1000, end: end * 1000, cause, request }));

	test.each([
		['one wait', waits([0, 7, 'pace', 1]), 7, { pace: 7 }, 1],
		['three pages waiting at once for 2, 4 and 6 s: 6 s, not 12', waits([1, 3, 'pace', 2], [1, 5, 'pace', 3], [1, 7, 'pace', 4]), 6, { pace: 6 }, 3],
		['waits one after the other add up', waits([0, 3, 'pace', 1], [5, 9, 'pace', 2]), 7, { pace: 7 }, 2],
		['a wait inside another counts once', waits([0, 10, 'window', 1], [2, 4, 'window', 2]), 10, { window: 10 }, 2],
		['a retry and the pace after it are one request', waits([0, 4, 'retry', 1], [4, 6, 'pace', 1]), 6, { retry: 4, pace: 2 }, 1],
		['an instant is put down to the strongest cause waited for', waits([0, 10, 'pace', 1], [2, 6, 'window', 2], [5, 8, 'held', 3]), 10, { pace: 4, window: 3, held: 3 }, 3],
		['a wait of no time is no wait', waits([3, 3, 'pace', 1], [0, 5, 'pace', 2]), 5, { pace: 5 }, 1],
		['no waits', waits(), 0, {}, 0],
	])('the time waited: %s', (_label, intervals, totalSeconds, bySeconds, requests) => {
		const waited = waitedTime(intervals);
		expect(waited.totalMs).toBe(totalSeconds * 1000);
		expect(waited.byCause).toEqual({ pace: 0, window: 0, held: 0, retry: 0, ...Object.fromEntries(Object.entries(bySeconds).map(([cause, seconds]) => [cause, seconds * 1000])) });
		expect(waited.requests).toBe(requests);
		// The parts add up to the whole, and none is said to be longer than it.
		expect(Object.values(waited.byCause).reduce((sum, each) => sum + each, 0)).toBe(waited.totalMs);
	});

	test.each([
		['retries alone are not called the service\'s limits', waits([0, 7, 'retry', 1]), 'This run waited 7 s in all, while 1 request waited its turn: 7 s before trying a failed request again.'],
		[
			'each cause with its time, the longest first',
			waits([0, 3, 'pace', 1], [3, 263, 'window', 2], [263, 293, 'held', 3], [293, 297, 'retry', 3]),
			"This run waited 4 min 57 s in all, while 3 requests waited their turn: 4 min 20 s for the service's limit of 100 requests per 5 min (85 of them were used in the 5 min before this run); 30 s because the service refused a request for its rate and asked to wait; 4 s before trying a failed request again; 3 s at the credential's pace of 3 requests per second.",
		],
		[
			'37 pages waiting for the window at once: the window\'s 12 s, not 37 times it',
			waits(...Array.from({ length: 37 }, (_, page): [number, number, Cause, number] => [0, 12 - page * 0.01, 'window', page + 1])),
			"This run waited 12 s in all, while 37 requests waited their turn: 12 s for the service's limit of 100 requests per 5 min (85 of them were used in the 5 min before this run).",
		],
		['a cause under a second is left out', waits([0, 0.4, 'pace', 1], [0.4, 6.4, 'retry', 2]), 'This run waited 6 s in all, while 2 requests waited their turn: 6 s before trying a failed request again.'],
		['under 5 s in all: nothing said', waits([0, 2, 'pace', 1], [2, 4.999, 'retry', 2]), undefined],
		['7.9 s waited in a run of 7.9 s: 7 s, rounded down, never more than the run', waits([0, 7.9, 'pace', 1]), "This run waited 7 s in all, while 1 request waited its turn: 7 s at the credential's pace of 3 requests per second."],
		['four pages waiting at once for 2, 4, 6 and 8 s: 8 s', waits([0, 2, 'pace', 2], [0, 4, 'pace', 3], [0, 6, 'pace', 4], [0, 8, 'pace', 5]), "This run waited 8 s in all, while 4 requests waited their turn: 8 s at the credential's pace of 3 requests per second."],
	])('the run\'s hint: %s', (_label, intervals, text) => expect(waitSummary(intervals, { requestsPerSecond: 3, window }, { used: 85, of: 100 })).toBe(text));
});
