// Several n8n instances sharing one click key, in simulated time: each its own PaceSchedule (the
// transport's pure decisions), the service the sandbox's own sliding windows (sandbox/rateLimits.ts).
// Each instance keeps `callers` requests going as a Return All does (pages in flight), books a slot,
// books again when a refusal came in while it waited (as RequestPacer does), and retries a refusal
// after its Retry-After, as the transport does.
import { BOOKING_HORIZON_MS, PaceSchedule } from '../../nodes/shared/transport/rateLimiter';
import { RateLimits } from '../../sandbox/rateLimits';

export interface SharedKeyRun {
	instances: number;
	durationMs: number;
	/** The service's limits. */
	perSecond: number;
	per5Minutes: number;
	/** The credential's, the same in every instance. */
	credential: { requestsPerSecond: number; window?: { requests: number; windowMs: number } };
	callers?: number;
	latencyMs?: number;
	seed?: number;
}

export interface SharedKeyOutcome {
	sent: number;
	accepted: number;
	refused: number;
	refusedShare: number;
	/** Accepted requests against what the service's tighter limit allows over the run. */
	throughputShare: number;
	acceptedPerInstance: number[];
	finalShares: number[];
}

type Event = { at: number; instance: number; kind: 'ask' | 'send' | 'arrive' | 'answer'; epoch?: number; sentAt?: number; retryAfterS?: number };

function mulberry32(seed: number) {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function simulateSharedKey(run: SharedKeyRun): SharedKeyOutcome {
	const random = mulberry32(run.seed ?? 1);
	const latency = run.latencyMs ?? 30;
	const service = new RateLimits();
	const schedules = Array.from({ length: run.instances }, () => new PaceSchedule(run.credential));
	const accepted = Array<number>(run.instances).fill(0);
	let sent = 0;
	let refused = 0;
	const queue: Event[] = [];
	const push = (event: Event) => {
		let index = queue.length;
		while (index > 0 && queue[index - 1].at > event.at) index--;
		queue.splice(index, 0, event);
	};
	// Instances start within the same second, as workers taking jobs queued together do.
	for (let instance = 0; instance < run.instances; instance++) {
		const start = Math.floor(random() * 1000);
		for (let caller = 0; caller < (run.callers ?? 6); caller++) push({ at: start, instance, kind: 'ask' });
	}
	while (queue.length && queue[0].at < run.durationMs) {
		const event = queue.shift()!;
		const schedule = schedules[event.instance];
		if (event.kind === 'ask') {
			const booking = schedule.book(event.at, BOOKING_HORIZON_MS);
			if ('askAgainAt' in booking) push({ at: booking.askAgainAt, instance: event.instance, kind: 'ask' });
			else push({ at: booking.slot, instance: event.instance, kind: 'send', epoch: schedule.epoch });
		} else if (event.kind === 'send') {
			if (event.epoch !== schedule.epoch) push({ ...event, kind: 'ask' });
			else (sent++, push({ at: event.at + random() * 40, instance: event.instance, kind: 'arrive', sentAt: event.at }));
		} else if (event.kind === 'arrive') {
			const retryAfterS = service.click(event.at, run.perSecond, run.per5Minutes);
			push({ ...event, at: event.at + latency, kind: 'answer', retryAfterS });
		} else if (event.retryAfterS === undefined) {
			accepted[event.instance]++;
			schedule.answered(event.at);
			push({ at: event.at, instance: event.instance, kind: 'ask' });
		} else {
			refused++;
			schedule.refused(event.at, event.retryAfterS * 1000, event.sentAt);
			push({ at: event.at + event.retryAfterS * 1000 + random() * 250, instance: event.instance, kind: 'ask' });
		}
	}
	const allowed = Math.min(run.perSecond * (run.durationMs / 1000), run.per5Minutes * (run.durationMs / 300_000) + run.per5Minutes);
	const total = accepted.reduce((sum, n) => sum + n, 0);
	return {
		sent,
		accepted: total,
		refused,
		refusedShare: refused / Math.max(1, sent),
		throughputShare: total / allowed,
		acceptedPerInstance: accepted,
		finalShares: schedules.map((s) => s.shareOfLimits),
	};
}
