import { sleep } from 'n8n-workflow';

import { AdaptiveShare } from './adaptiveShare';

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

/** A second limit beside the per-second pace: at most `requests` in any `windowMs`. */
export interface WindowLimit {
	requests: number;
	windowMs: number;
}

export interface PaceLimits {
	requestsPerSecond: number;
	window?: WindowLimit;
	/** The service counts over a sliding second (click): arrivals get the margins above. Absent means it does. */
	countsPerSecond?: boolean;
}

/** What holds a request back: the pace per second, the window's count, or a refusal's Retry-After. */
export type WaitCause = 'pace' | 'window' | 'held';

/**
 * The release times of requests under both limits, as a pure schedule: every `reserve(now)` gives
 * the next free slot and books it. Slots never go back in time, so the slot N reservations ago
 * is the one the window limit counts from. Both limits are scaled by the share this n8n instance
 * takes of them (adaptiveShare.ts), lowered when the service refuses a request for its rate.
 */
export class PaceSchedule {
	private nextFreeSlot = 0;
	/** The last `window.requests` slots, oldest first. */
	private recentSlots: number[] = [];
	private heldUntil = 0;
	private share = new AdaptiveShare();
	private refusals = 0;

	constructor(private limits: PaceLimits) {}

	get currentLimits(): PaceLimits {
		return this.limits;
	}

	setLimits(limits: PaceLimits) {
		this.limits = limits;
	}

	/** Changes at every refusal: a caller that booked before it books again (RequestPacer). */
	get epoch(): number {
		return this.refusals;
	}

	/** The part of the credential's limits this instance uses now: 1 until the service refuses one. */
	get shareOfLimits(): number {
		return this.share.value;
	}

	private get countsPerSecond(): boolean {
		return this.limits.countsPerSecond !== false;
	}

	private spacingMs(): number {
		const margin = this.countsPerSecond ? ARRIVAL_JITTER_MARGIN_MS : 0;
		return (1000 + margin) / (this.limits.requestsPerSecond * this.share.value);
	}

	/** The time between two requests' slots at the pace now. */
	get gapMs(): number {
		return this.spacingMs();
	}

	/** The window's request count at this instance's share: at least one. */
	private windowRequests(window: WindowLimit): number {
		return Math.max(1, Math.floor(window.requests * this.share.value));
	}

	/** The slot a request asking at `now` would get, and which limit sets it, without booking it. */
	plan(now: number): { slot: number; cause: WaitCause } {
		let slot = Math.max(now, this.nextFreeSlot);
		let cause: WaitCause = 'pace';
		if (this.heldUntil > slot) [slot, cause] = [this.heldUntil, 'held'];
		const window = this.limits.window;
		const requests = window ? this.windowRequests(window) : 0;
		if (window && this.recentSlots.length >= requests) {
			const nthBefore = this.recentSlots[this.recentSlots.length - requests];
			const windowSlot = nthBefore + window.windowMs + WINDOW_MARGIN_MS;
			if (windowSlot > slot) [slot, cause] = [windowSlot, 'window'];
		}
		return { slot, cause };
	}

	private slotFor(now: number): number {
		return this.plan(now).slot;
	}

	/** Of the window's requests at this instance's share, how many left in the window up to `now`; undefined without a window. */
	windowUse(now: number): { used: number; of: number } | undefined {
		const window = this.limits.window;
		if (!window) return undefined;
		const used = this.recentSlots.filter((slot) => slot > now - window.windowMs && slot <= now).length;
		return { used, of: this.windowRequests(window) };
	}

	/**
	 * Books the next free slot for a request asking at `now` when it is at most `horizonMs` away;
	 * otherwise books nothing and says when to ask again. Slots booked far ahead would leave at the
	 * pace of their booking even after a refusal lowered it.
	 */
	book(now: number, horizonMs: number): { slot: number } | { askAgainAt: number } {
		const slot = this.slotFor(now);
		return slot - now <= horizonMs ? { slot: this.reserve(now) } : { askAgainAt: slot - horizonMs };
	}

	/** Books the next free slot for a request asking at `now`, and returns it. */
	reserve(now: number): number {
		const slot = this.slotFor(now);
		// A slot a second or more after the previous one's spacing ran out leaves after a pause.
		const afterPause = this.countsPerSecond && slot - this.nextFreeSlot >= PAUSE_MS;
		this.nextFreeSlot = slot + this.spacingMs() + (afterPause ? FIRST_REQUEST_ALLOWANCE_MS : 0);
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
	 * The request booked at `slot` left at `at`. A busy process (a stalled event loop, a loaded
	 * machine) wakes a sleeper late; the requests after it must keep their spacing from when it
	 * really left, or a late one and an on-time one arrive too close together. Earlier departures
	 * change nothing.
	 */
	departed(slot: number, at: number) {
		if (at <= slot) return;
		this.nextFreeSlot = Math.max(this.nextFreeSlot, at + this.spacingMs());
		const index = this.recentSlots.lastIndexOf(slot);
		if (index >= 0) {
			this.recentSlots[index] = at;
			this.recentSlots.sort((a, b) => a - b);
		}
	}

	/**
	 * The service refused a request for its rate, sent at `sentAt`: no request leaves before
	 * `retryAfterMs` has passed, the share may drop, and every slot booked but not yet used is
	 * given up, to be booked again at the new pace. Returns whether the share was lowered.
	 */
	refused(now: number, retryAfterMs: number, sentAt = now): boolean {
		this.heldUntil = Math.max(this.heldUntil, now + retryAfterMs);
		const lowered = this.share.refused(now, sentAt);
		this.nextFreeSlot = Math.min(this.nextFreeSlot, this.heldUntil);
		this.recentSlots = this.recentSlots.filter((slot) => slot <= now);
		this.refusals++;
		return lowered;
	}

	/** The service accepted a request at `now`: the share may grow back. */
	answered(now: number) {
		this.share.accepted(now);
	}

	private copy(): PaceSchedule {
		const copy = new PaceSchedule(this.limits);
		copy.nextFreeSlot = this.nextFreeSlot;
		copy.recentSlots = [...this.recentSlots];
		copy.heldUntil = this.heldUntil;
		copy.share = this.share;
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

/** How far ahead a caller books its slot; beyond, it waits and asks again. */
export const BOOKING_HORIZON_MS = 1000;

/** A schedule that callers wait on: every caller books its slot first, then sleeps until it. */
export class RequestPacer {
	readonly schedule: PaceSchedule;

	constructor(requestsPerSecond: number, window?: WindowLimit, countsPerSecond = true) {
		this.schedule = new PaceSchedule({ requestsPerSecond, window, countsPerSecond });
	}

	/**
	 * Waits for this request's slot. `beforeWait` hears the wait expected and what sets it, once,
	 * before any sleep. Returns how long the request waited, and for what.
	 */
	async acquire(beforeWait?: (expectedMs: number, cause: WaitCause) => void): Promise<{ waitedMs: number; cause: WaitCause }> {
		const started = Date.now();
		const first = this.schedule.plan(started);
		beforeWait?.(first.slot - started, first.cause);
		for (;;) {
			const now = Date.now();
			const booking = this.schedule.book(now, BOOKING_HORIZON_MS);
			if ('askAgainAt' in booking) {
				await sleep(booking.askAgainAt - now);
				continue;
			}
			const epoch = this.schedule.epoch;
			if (booking.slot > now) await sleep(booking.slot - now);
			// A refusal while waiting: the slot was booked at the old pace.
			if (this.schedule.epoch === epoch) {
				const leftAt = Date.now();
				this.schedule.departed(booking.slot, leftAt);
				return { waitedMs: leftAt - started, cause: first.cause };
			}
		}
	}
}
