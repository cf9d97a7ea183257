// A summary of the request log: what a benchmark needs to know about a run without carrying the
// log itself out of the sandbox (a long run records tens of thousands of requests).
import type { RecordedRequest } from './types';

export interface RequestStats {
	total: number;
	byStatus: Record<string, number>;
	/** Requests per API path, e.g. `GET /v2/api/stats/click`. */
	byPath: Record<string, number>;
	/** The most requests that arrived within any 1 s and any 300 s. */
	maxPerSecond: number;
	maxPer5Min: number;
	firstMs?: number;
	lastMs?: number;
	/**
	 * Every refused request (429/503), so its length is their count: its position, and how long
	 * before its arrival the third request before it arrived (under 1000 ms means four requests
	 * arrived within one second).
	 */
	refused: Array<{ index: number; status: number; spanOf4Ms?: number; gapsMs: number[] }>;
}

function maxInWindow(times: number[], windowMs: number): number {
	let best = 0;
	let start = 0;
	for (let end = 0; end < times.length; end++) {
		while (times[end] - times[start] >= windowMs) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}

/** Stats of the requests that arrived at or after `sinceMs` (by the sandbox's clock). */
export function requestStats(log: RecordedRequest[], sinceMs = 0): RequestStats {
	const requests = log.filter((r) => r.time >= sinceMs);
	const byStatus: Record<string, number> = {};
	const byPath: Record<string, number> = {};
	for (const r of requests) {
		byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
		const key = `${r.method} ${r.path}`;
		byPath[key] = (byPath[key] ?? 0) + 1;
	}
	const times = requests.map((r) => r.time).sort((a, b) => a - b);
	const refused: RequestStats['refused'] = [];
	requests.forEach((r, index) => {
		if (r.status !== 429 && r.status !== 503) return;
		const gapsMs = [];
		for (let back = Math.max(1, index - 3); back <= index; back++) gapsMs.push(requests[back].time - requests[back - 1].time);
		refused.push({ index, status: r.status, spanOf4Ms: index >= 3 ? r.time - requests[index - 3].time : undefined, gapsMs });
	});
	return {
		refused,
		total: requests.length,
		byStatus,
		byPath,
		maxPerSecond: maxInWindow(times, 1000),
		maxPer5Min: maxInWindow(times, 300_000),
		firstMs: times[0],
		lastMs: times[times.length - 1],
	};
}
