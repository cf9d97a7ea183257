import { sleep } from 'n8n-workflow';

/**
 * The pace is counted from when a request is allowed to go, but the service counts when it
 * arrives; the time between the two varies (credential lookup, n8n's request set-up, the
 * network). Spacing N requests over 1 s plus this margin keeps any N+1 of them more than a second
 * apart at the service, so its sliding one-second window never sees one too many (seen: a 47 ms
 * swing gave a 429 at 3/s with a 31 ms margin).
 */
const ARRIVAL_JITTER_MARGIN_MS = 60;

/**
 * After a pause the first request is slow to leave: a new connection, credentials decrypted,
 * code not yet optimised. The bench saw it arrive 60-80 ms after its slot while the next ones
 * left on time, so four arrived within 996 ms at 3/s and the fourth met a 429. The gap after
 * such a request gets this much more. It costs nothing when the next request must wait for the
 * first answer anyway (a list's first page), and 0.1 s per run at most otherwise.
 */
const FIRST_REQUEST_ALLOWANCE_MS = 100;
/** A pacer unused this long counts as paused: its connection may be closed, its code cold. */
const PAUSE_MS = 1000;
/**
 * The same arrival jitter for a longer window (100 requests per 5 minutes): a request may arrive
 * later than its slot, never earlier, so the one N before it may have arrived this much late.
 */
const WINDOW_MARGIN_MS = 1000;
/** After the service refuses a request for its rate, the pace drops to this share of the set rate... */
const SLOWED_RATE_SHARE = 0.75;
/** ...for this long after the last refusal. */
const SLOWED_FOR_MS = 5 * 60_000;

/** A second limit beside the per-second pace: at most `requests` in any `windowMs`. */
export interface WindowLimit {
	requests: number;
	windowMs: number;
}

export interface PaceLimits {
	requestsPerSecond: number;
	window?: WindowLimit;
}

/**
 * The release times of requests under both limits, as a pure schedule: every `reserve(now)` gives
 * the next free slot and books it. Slots never go back in time, so the slot N reservations ago
 * is the one the window limit counts from.
 */
export class PaceSchedule {
	private nextFreeSlot = 0;
	/** The last `window.requests` slots, oldest first. */
	private recentSlots: number[] = [];
	private heldUntil = 0;
	private slowedUntil = 0;

	constructor(private limits: PaceLimits) {}

	get currentLimits(): PaceLimits {
		return this.limits;
	}

	setLimits(limits: PaceLimits) {
		this.limits = limits;
	}

	/** Whether the pace is lowered because the service refused a request for its rate. */
	isSlowed(now: number): boolean {
		return now < this.slowedUntil;
	}

	private spacingMs(now: number): number {
		const rate = this.limits.requestsPerSecond * (this.isSlowed(now) ? SLOWED_RATE_SHARE : 1);
		return (1000 + ARRIVAL_JITTER_MARGIN_MS) / rate;
	}

	/** The slot a request asking at `now` would get, without booking it. */
	private slotFor(now: number): number {
		let slot = Math.max(now, this.nextFreeSlot, this.heldUntil);
		const window = this.limits.window;
		if (window && this.recentSlots.length >= window.requests) {
			const nthBefore = this.recentSlots[this.recentSlots.length - window.requests];
			slot = Math.max(slot, nthBefore + window.windowMs + WINDOW_MARGIN_MS);
		}
		return slot;
	}

	/** Books the next free slot for a request asking at `now`, and returns it. */
	reserve(now: number): number {
		const slot = this.slotFor(now);
		// A slot a second or more after the previous one's spacing ran out leaves after a pause.
		const afterPause = slot - this.nextFreeSlot >= PAUSE_MS;
		this.nextFreeSlot = slot + this.spacingMs(now) + (afterPause ? FIRST_REQUEST_ALLOWANCE_MS : 0);
		const window = this.limits.window;
		if (window) {
			this.recentSlots.push(slot);
			if (this.recentSlots.length > window.requests) {
				this.recentSlots.splice(0, this.recentSlots.length - window.requests);
			}
		}
		return slot;
	}

	/**
	 * The service refused a request for its rate: no request leaves before `retryAfterMs` has
	 * passed, and the pace stays lowered for a while, for every caller sharing this schedule.
	 */
	refused(now: number, retryAfterMs: number) {
		this.heldUntil = Math.max(this.heldUntil, now + retryAfterMs);
		this.slowedUntil = now + SLOWED_FOR_MS;
	}

	private copy(): PaceSchedule {
		const copy = new PaceSchedule(this.limits);
		copy.nextFreeSlot = this.nextFreeSlot;
		copy.recentSlots = [...this.recentSlots];
		copy.heldUntil = this.heldUntil;
		copy.slowedUntil = this.slowedUntil;
		return copy;
	}

	/** When the last of `count` more requests asked at `now` would leave; this schedule is left as it is. */
	lastSlotOf(count: number, now: number): number {
		const trial = this.copy();
		let slot = now;
		for (let index = 0; index < count; index++) slot = trial.reserve(now);
		return slot;
	}

	/** How many requests asked at `now` could leave within `withinMs`, up to `atMost`. */
	capacity(now: number, withinMs: number, atMost: number): number {
		const trial = this.copy();
		let count = 0;
		while (count < atMost && trial.reserve(now) <= now + withinMs) count++;
		return count;
	}
}

/** A schedule that callers wait on: every caller books its slot first, then sleeps until it. */
export class RequestPacer {
	readonly schedule: PaceSchedule;

	constructor(requestsPerSecond: number, window?: WindowLimit) {
		this.schedule = new PaceSchedule({ requestsPerSecond, window });
	}

	async acquire(): Promise<void> {
		const now = Date.now();
		const slot = this.schedule.reserve(now);
		if (slot > now) await sleep(slot - now);
	}
}

// Module state: every node and execution in this n8n instance that uses the same account shares
// one pacer, because all three nodes and both credentials load this one module.
const pacers = new Map<string, RequestPacer>();

function sameLimits(a: PaceLimits, b: PaceLimits): boolean {
	return (
		a.requestsPerSecond === b.requestsPerSecond &&
		a.window?.requests === b.window?.requests &&
		a.window?.windowMs === b.window?.windowMs
	);
}

/** The pacer of one account (the key names it without its secret), with the limits last set for it. */
export function pacerFor(key: string, limits: PaceLimits): RequestPacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new RequestPacer(limits.requestsPerSecond, limits.window);
		pacers.set(key, pacer);
	} else if (!sameLimits(pacer.schedule.currentLimits, limits)) {
		pacer.schedule.setLimits(limits);
	}
	return pacer;
}
