// Long waits said where the user looks: before a wait of 5 s or more, a line in n8n's log (and the
// browser console of a manual run); after a run that waited that long, a hint on the node's output
// saying how long and for which limit. The live run goes through n8n-core's WorkflowExecute against
// the sandbox over real HTTP; the wording and what sets a wait are plain tables.
import { PaceSchedule } from '../../nodes/shared/transport/rateLimiter';
import { duration, waitReason, waitSummary, worthSaying } from '../../nodes/shared/transport/waits';
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
				message: expect.stringMatching(/^This run waited [67] s: [67] s at the credential's pace of 0\.15 requests per second\.$/),
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

	test.each([
		[
			'retries alone are not called the service\'s limits',
			{ pace: 0, window: 0, held: 0, retry: 7_000 },
			'This run waited 7 s: 7 s before trying a failed request again.',
		],
		[
			'each cause with its time, the longest first',
			{ pace: 3_000, window: 260_000, held: 30_000, retry: 4_000 },
			"This run waited 4 min 57 s: 4 min 20 s for the service's limit of 100 requests per 5 min (85 of them were used in the 5 min before this run); 30 s because the service refused a request for its rate and asked to wait; 4 s before trying a failed request again; 3 s at the credential's pace of 3 requests per second.",
		],
		['a cause under a second is left out', { pace: 400, window: 0, held: 0, retry: 6_000 }, 'This run waited 6 s: 6 s before trying a failed request again.'],
		['under 5 s in all: nothing said', { pace: 2_000, window: 0, held: 0, retry: 2_999 }, undefined],
	])('the run\'s hint: %s', (_label, ms, text) => expect(waitSummary(ms, { requestsPerSecond: 3, window }, { used: 85, of: 100 })).toBe(text));
});
