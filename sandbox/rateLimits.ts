// Sliding-window request counters that mimic the real services' limits.

export class SlidingWindow {
	private stamps: number[] = [];

	constructor(private readonly windowMs: number) {}

	/** Milliseconds until a slot frees up when `max` requests are already in the window, else 0. */
	waitMs(nowMs: number, max: number): number {
		while (this.stamps.length && this.stamps[0] <= nowMs - this.windowMs) this.stamps.shift();
		if (this.stamps.length < max) return 0;
		return Math.max(1, this.stamps[this.stamps.length - max] + this.windowMs - nowMs);
	}

	add(nowMs: number): void {
		this.stamps.push(nowMs);
	}

	clear(): void {
		this.stamps = [];
	}
}

export class RateLimits {
	readonly partnerMinute = new SlidingWindow(60_000);
	readonly clickSecond = new SlidingWindow(1_000);
	readonly click5Min = new SlidingWindow(300_000);

	/** Accepted-or-not for a partner request; only accepted requests use up the window. */
	partner(nowMs: number, perMinute: number): boolean {
		if (this.partnerMinute.waitMs(nowMs, perMinute) > 0) return false;
		this.partnerMinute.add(nowMs);
		return true;
	}

	/** undefined when accepted, else the Retry-After seconds to send with the 429. */
	click(nowMs: number, perSecond: number, per5Min: number): number | undefined {
		if (this.clickSecond.waitMs(nowMs, perSecond) > 0) return 1;
		const wait5 = this.click5Min.waitMs(nowMs, per5Min);
		if (wait5 > 0) return Math.ceil(wait5 / 1000);
		this.clickSecond.add(nowMs);
		this.click5Min.add(nowMs);
		return undefined;
	}

	clear(): void {
		this.partnerMinute.clear();
		this.clickSecond.clear();
		this.click5Min.clear();
	}
}
