// First executions of the Click Report in a fresh process, without a warm-up, at the service's
// real 3/s limit: their 429s count against the target of none (report.ts).
import type { BenchSandbox } from './benchSandbox';
import { log, refusalDetail } from './common';
import { refusals } from './returnAll';
import { runWorker, setPauseForLimits } from './runs';
import { coldRuns, smoke } from './scenarios';
import type { WorkerTask } from './worker';

/** First executions in a fresh process, without a warm-up, at the service's real 3/s limit. */
export const coldStarts: { runs: number; throttled: number; pages: number } = { runs: 0, throttled: 0, pages: 0 };

/**
 * The first request of a fresh process leaves late (new connection, cold code): the pacer gives
 * the gap after it more room. Checked here with short reports (about 10 pages) at 3/s.
 */
export async function measureColdStarts(sandbox: BenchSandbox, window: { from: string; to: string }) {
	const dateTo = window.to;
	const dateFrom = new Date(Date.parse(`${dateTo}T00:00:00Z`) - (smoke ? 5 : 11) * 86_400_000).toISOString().slice(0, 10);
	const items = await sandbox.client.countClicks(dateFrom, dateTo);
	await sandbox.client.configure({ latencyMs: 50, rateLimits: true, clickRequestsPerSecond: 3, clickRequestsPer5Min: 1e9 });
	setPauseForLimits(true);
	const task: WorkerTask = {
		kind: 'clickNode',
		clickUrl: sandbox.state.clickUrl,
		publicKey: sandbox.state.publicKey,
		rate: 3,
		// The credential's default: a fresh process has its own pace, and about 10 pages never meet it.
		maxRequestsPer5Minutes: 100,
		dateFrom,
		dateTo,
		windows: [{ from: dateFrom, to: dateTo }],
		coldStart: true,
	};
	coldStarts.pages = Math.ceil(items / 500);
	for (let run = 1; run <= coldRuns; run++) {
		const measured = await runWorker(task, sandbox);
		if (measured.items !== items) throw new Error(`cold start: the node returned ${measured.items} items, expected ${items}`);
		coldStarts.runs++;
		coldStarts.throttled += measured.throttled;
		log(`cold first execution ${run}/${coldRuns}: ${measured.requests} requests, ${measured.throttled} throttled`);
		for (const r of measured.refused) {
			const detail = refusalDetail(`cold first execution ${run}:`, r);
			refusals.push(detail);
			log(`  ${detail}`);
		}
	}
}
