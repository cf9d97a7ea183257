/**
 * The pacers of this n8n instance, one per account (nodes/shared/transport/rateLimiter.ts has the
 * schedule they keep).
 */
import type { PaceLimits } from './rateLimiter';
import { RequestPacer } from './rateLimiter';

// Module state: every node and execution in this n8n instance that uses the same account shares
// one pacer, because all three nodes and both credentials load this one module.
const pacers = new Map<string, RequestPacer>();

function sameLimits(a: PaceLimits, b: PaceLimits): boolean {
	return (
		a.requestsPerSecond === b.requestsPerSecond &&
		a.countsPerSecond === b.countsPerSecond &&
		a.window?.requests === b.window?.requests &&
		a.window?.windowMs === b.window?.windowMs
	);
}

/** The pacer of one account (the key names it without its secret), with the limits last set for it. */
export function pacerFor(key: string, limits: PaceLimits): RequestPacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new RequestPacer(limits.requestsPerSecond, limits.window, limits.countsPerSecond);
		pacers.set(key, pacer);
	} else if (!sameLimits(pacer.schedule.currentLimits, limits)) {
		pacer.schedule.setLimits(limits);
	}
	return pacer;
}

/** Each account's share of its credential's limits in this n8n instance, by account key (no secret in it). */
export function sharesByAccount(): Record<string, number> {
	return Object.fromEntries([...pacers].map(([key, pacer]) => [key, pacer.schedule.shareOfLimits]));
}
