// The wait hint of a Return All whose pages wait at the same time: the pages after the first are
// asked for at once and wait for their slots together, so the run waited as long as the last of
// them, not the sum of their waits. Through n8n-core's WorkflowExecute against the sandbox over
// real HTTP, with the pages' arrival times at the sandbox as the measure of what the run waited.
// A file of its own: the account's pacer lives in the process, and a fresh one books nothing ahead.
import { clickCredential } from '../foundation/helpers';
import { runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

const sandbox = useSandbox({ clickItems: 10, clickDays: 2 }, { latencyMs: 0 });

const RATE = 0.5;
const PAGES = 4;

/** A day 30 days back (UTC), within what the service keeps and away from the seeded days. */
function dayBack(days: number): string {
	const now = new Date();
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

test('the hint says the time the run spent waiting (the union of its pages\' waits), at most the execution\'s own time', async () => {
	const day = dayBack(30);
	sandbox().clicks.insert(Array.from({ length: PAGES * 500 }, () => ({ date: day })));
	const credentials = clickCredential(sandbox(), { maxRequestsPerSecond: RATE });
	const result = await runNode({ type: 'clickReport', typeVersion: 1.1, parameters: { operation: 'getMany', returnAll: true, filters: { dateFrom: day, dateTo: day } } as never, credentials });
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(PAGES * 500);

	// The first page goes at once; the other three are asked for together when it is answered, and
	// leave one slot (2 s) after another. Each waited from then until it left: the run waited until
	// the last left, and the sum of their waits is about twice that.
	const arrivals = sandbox().requests.map((request) => request.time);
	expect(arrivals).toHaveLength(PAGES);
	const unionSeconds = (arrivals[PAGES - 1] - arrivals[0]) / 1000;
	const sumSeconds = arrivals.slice(1).reduce((sum, arrival) => sum + (arrival - arrivals[0]) / 1000, 0);
	expect(unionSeconds).toBeGreaterThan(((PAGES - 1) / RATE) * 0.75);

	const task = result.run.data.resultData.runData['Node under test'][0];
	const hint = String(task.hints?.[0]?.message);
	console.log(`hint: "${hint}"; the execution took ${task.executionTime} ms; the pages arrived over ${unionSeconds} s, their waits add up to ${sumSeconds.toFixed(1)} s`);
	const said = /^This run waited (\d+) s in all, while 3 requests waited their turn: (\d+) s at the credential's pace of 0\.5 requests per second\.$/.exec(hint);
	expect(said).not.toBeNull();
	const [waitedSeconds, paceSeconds] = [Number(said![1]), Number(said![2])];
	// The union, rounded down to whole seconds (the first page's answer takes a few milliseconds of it)...
	expect(Math.abs(waitedSeconds - unionSeconds)).toBeLessThan(1);
	expect(paceSeconds).toBe(waitedSeconds);
	// ... and never more than the execution itself took.
	expect(waitedSeconds * 1000).toBeLessThanOrEqual(task.executionTime);
}, 30_000);
