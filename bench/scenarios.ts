// What the bench measures: its command line, the sizes of a full and of a smoke run, and the
// trigger scenarios. The runner (main.ts) runs the parts chosen with --only.
import { join } from 'node:path';

import type { ClaimTriggerTask } from './claimTrigger';
import { repoRoot } from './httpRequestNode';
import type { TriggerTask } from './trigger';
import type { BacklogTask } from './triggerBacklog';
import type { DayTask } from './triggerDay';


const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
export const smoke = flag('smoke');
export const runs = Number(option('runs') ?? (smoke ? 1 : 3));
export const slowRuns = Number(option('slow-runs') ?? 1);
export const coldRuns = Number(option('cold-runs') ?? (smoke ? 1 : 5));
// Five paced days one after another would take about 45 minutes; three at a time keep 2 cores busy without crowding them.
export const triggerDaysAtOnce = Number(option('trigger-days-at-once') ?? 3);
export const only = new Set((option('only') ?? 'click,partner,window,trigger,claimTrigger,sharedKey,overhead,actions,reports,clickActions,idlePolls,links,coupons').split(','));
// The smoke run leaves n8n out unless asked (`--with-n8n`): each `n8n execute` costs about 5 s of start-up.
export const useN8n = smoke ? flag('with-n8n') : !flag('no-n8n');
export const outFile = option('out') ?? (smoke ? join(__dirname, '..', 'BENCHMARKS.smoke.md') : join(repoRoot, 'BENCHMARKS.md'));
export const resultsDir = join(__dirname, '..', 'results');

// The window case: 100,000 items in one 120-day window are 200 pages; the smoke run's 8 pages
// take the same path without ever waiting for the window (its length, 5 minutes, is fixed).
export const sizes = smoke
	? {
			click: [{ items: 2_000, days: 120 }, { items: 4_000, days: 240 }],
			lostOrders: 1_234,
			overheadItems: 5_000,
			window: { items: 4_000, days: 120 },
			sharedKey: { instances: [1, 2], durationMs: 10_000 },
		}
	: {
			click: [{ items: 50_000, days: 120 }, { items: 100_000, days: 240 }],
			lostOrders: 1_234,
			overheadItems: 50_000,
			window: { items: 100_000, days: 120 },
			sharedKey: { instances: [1, 2, 3, 4], durationMs: 90_000 },
		};
/**
 * The conversion lists (conversionCases.ts): actions made in the sandbox on top of its seeded ones,
 * each with sub IDs and a keyword of its own and a day of its own (so that the reports by day, sub
 * ID and keyword have about as many rows as there are actions), and the cases measured. The
 * partner cases run at the service's real 600 per minute, the credential at 10 per second.
 */
export const conversionSizes = smoke
	? {
			partnerActions: 400,
			actionCases: [{ latencyMs: 200, cap: 100 }],
			reportLatenciesMs: [200],
			reportGroups: ['day'],
			clickActions: 600,
			clickCases: [{ latencyMs: 50, rate: 20 }],
			idlePolls: 2,
		}
	: {
			partnerActions: 2_000,
			actionCases: [
				{ latencyMs: 200, cap: 100 },
				{ latencyMs: 200, cap: 500 },
				{ latencyMs: 50, cap: 500 },
			],
			reportLatenciesMs: [50, 200],
			reportGroups: ['day', 'month', 'adSpace', 'program', 'subId', 'subId1', 'subId2', 'subId3', 'subId4', 'trafficSource', 'keyword'],
			clickActions: 5_000,
			clickCases: [
				{ latencyMs: 50, rate: 3 },
				{ latencyMs: 200, rate: 20 },
			],
			idlePolls: 3,
		};
/**
 * Max Requests per 5 Minutes for the cases that are not about that window: the sandbox's cap is
 * off for them, and the client-side window must not throttle them either.
 */
export const NO_WINDOW = 1_000_000;
export const triggerTask: TriggerTask = smoke
	? {
			kind: 'trigger',
			windowItems: 1_000,
			idlePolls: 3,
			changes: 500,
			latencyMs: 50,
			rate: 3,
		}
	: {
			kind: 'trigger',
			windowItems: 10_000,
			idlePolls: 5,
			changes: 5_000,
			latencyMs: 50,
			rate: 3,
		};
/** The trigger's simulated day, run once at each skew of the service's clock (its clock minus n8n's). */
export const triggerDay: DayTask = smoke
	? { hours: 2, changesPerHour: 1_000, pollMinutes: 1, lookbackMinutes: 60, quietPolls: 10, requestsPerSecond: 20, requestsPer5Min: 100 }
	: { hours: 24, changesPerHour: 10_000, pollMinutes: 1, lookbackMinutes: 60, quietPolls: 10, requestsPerSecond: 20, requestsPer5Min: 100 };
export const TRIGGER_SKEWS_MINUTES = [-15, -5, 0, 5, 15];
/** A backlog drained at the click service's real limits; its polls wait for the 5-minute window, so it takes real minutes. */
export const triggerBacklog: BacklogTask = {
	kind: 'triggerBacklog',
	changes: smoke ? 3_000 : 50_000,
	spreadMinutes: 60,
	pollMinutes: 1,
	latencyMs: 50,
	requestsPerSecond: 3,
	requestsPer5Min: 100,
	maxPolls: 30,
};


/** The claim trigger's requests per poll against watched and open claims: counts, the same in both runs. */
export const claimTriggerTask: ClaimTriggerTask = {
	kind: 'claimTrigger',
	cases: [
		{ lostOrders: 6_000, watchDays: 90, open: 300 },
		{ lostOrders: 6_000, watchDays: 90, open: 1_200 },
		{ lostOrders: 6_000, watchDays: 365, open: 300 },
		{ lostOrders: 15_000, watchDays: 365, open: 2_000 },
	],
	decisions: [0, 1, 3, 10, 20, 21, 40, 0],
};

function utcDay(offsetDays: number): string {
	const now = new Date();
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays)).toISOString().slice(0, 10);
}

/** 120-day windows, newest first, as the node splits the period. */
export function windowsOf(days: number): Array<{ from: string; to: string }> {
	const windows: Array<{ from: string; to: string }> = [];
	for (let end = 0; end < days; end += 120) windows.push({ from: utcDay(-Math.min(days - 1, end + 119)), to: utcDay(-end) });
	return windows;
}
