/**
 * What a run's waits come to, from the waits themselves: each request's wait is an interval of
 * wall time, and pages read at once wait at the same time. So the run's wait is the union of the
 * intervals (never more than the run took), and each instant of it is put down to one cause.
 * Pure: intervals in, wording out (README, "How the nodes behave").
 */
import type { Account } from './account';
import type { WaitCause } from './rateLimiter';

export type Cause = WaitCause | 'retry';

/** One request's wait: from `start` to `end` (ms, wall clock), for `cause`. */
export interface WaitInterval {
	start: number;
	end: number;
	cause: Cause;
	/** Which request waited: a request that waited twice (a retry, then its pace) is one request. */
	request: number;
}

/** A wait this long is said before it starts (waits.ts), and a run that waited this long in all gets a hint. */
export const LONG_WAIT_MS = 5000;

/**
 * When several requests wait at once for different causes, the instant is put down to the one
 * that held the run longest: a refusal's hold and the service's window outlast the pace, and a
 * retry's sleep outlasts the pace of the request it repeats.
 */
const STRONGEST_FIRST: Cause[] = ['held', 'window', 'retry', 'pace'];

/** 263000 → `4 min 23 s`; 12400 → `12 s`. */
export function duration(ms: number, rounding: 'nearest' | 'down' = 'nearest'): string {
	const seconds = (rounding === 'down' ? Math.floor : Math.round)(ms / 1000);
	if (seconds < 60) return `${seconds} s`;
	const rest = seconds % 60;
	return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ''}`;
}

/** What a wait of `cause` is for, in the credential's terms. */
export function waitReason(cause: Cause, limits: Account['limits']): string {
	if (cause === 'window' && limits.window) {
		return `for the service's limit of ${limits.window.requests} requests per ${duration(limits.window.windowMs)}`;
	}
	if (cause === 'held') return 'because the service refused a request for its rate and asked to wait';
	if (cause === 'retry') return 'before trying a failed request again';
	return `at the credential's pace of ${limits.requestsPerSecond} requests per second`;
}

/**
 * The run's time spent waiting (the union of the intervals), and that time split by cause: each
 * instant once, for the strongest cause waited for at that instant. The parts add up to the total.
 */
export function waitedTime(intervals: WaitInterval[]): { totalMs: number; byCause: Record<Cause, number>; requests: number } {
	const byCause: Record<Cause, number> = { pace: 0, window: 0, held: 0, retry: 0 };
	const waited = intervals.filter((interval) => interval.end > interval.start);
	const edges = waited.flatMap((interval) => [
		{ at: interval.start, cause: interval.cause, change: 1 },
		{ at: interval.end, cause: interval.cause, change: -1 },
	]);
	edges.sort((a, b) => a.at - b.at);
	const waiting: Record<Cause, number> = { pace: 0, window: 0, held: 0, retry: 0 };
	let totalMs = 0;
	for (let index = 0; index < edges.length; index++) {
		const edge = edges[index];
		waiting[edge.cause] += edge.change;
		const next = edges[index + 1];
		if (!next || next.at === edge.at) continue;
		const strongest = STRONGEST_FIRST.find((cause) => waiting[cause] > 0);
		if (strongest === undefined) continue;
		byCause[strongest] += next.at - edge.at;
		totalMs += next.at - edge.at;
	}
	return { totalMs, byCause, requests: new Set(waited.map((interval) => interval.request)).size };
}

/**
 * The hint of a run that waited long: how long the run spent waiting, how many requests waited,
 * and for what. A retry is no limit of the service, so the total is not said to be for its limits.
 */
export function waitSummary(intervals: WaitInterval[], limits: Account['limits'], windowBefore?: { used: number; of: number }): string | undefined {
	const { totalMs, byCause, requests } = waitedTime(intervals);
	if (totalMs < LONG_WAIT_MS) return undefined;
	const parts = (Object.entries(byCause) as Array<[Cause, number]>)
		.filter(([, each]) => each >= 1000)
		.sort((a, b) => b[1] - a[1])
		.map(([cause, each]) => {
			const used = cause === 'window' && windowBefore && limits.window ? ` (${windowBefore.used} of them were used in the ${duration(limits.window.windowMs)} before this run)` : '';
			return `${duration(each, 'down')} ${waitReason(cause, limits)}${used}`;
		});
	const who = requests === 1 ? '1 request waited its turn' : `${requests} requests waited their turn`;
	// Rounded down: what the run waited is never said to be longer than the run (7.9 s is "7 s").
	return `This run waited ${duration(totalMs, 'down')} in all, while ${who}: ${parts.join('; ')}.`;
}
