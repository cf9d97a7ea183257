/**
 * The service's clock, learned from its answers. The click report stamps `updatedAt` by the
 * service's clock, which may differ from n8n's by minutes; times that are compared with
 * `updatedAt` are placed by it (docs/nodes.md, Click Report Trigger).
 */

/** What one answer says about the service's clock; all times in milliseconds. */
export interface ClockSample {
	/** The answer's `Date` header: the service's time, cut to the second, while it answered. */
	serviceDate?: number;
	/** n8n's clock just before the request left, and when the answer came. */
	sentAt: number;
	receivedAt: number;
	/** The newest `updatedAt` in the answer: the service's clock had passed it. */
	newestStamp?: number;
}

/** The offset (service clock − n8n's clock) an answer allows, as a closed interval. */
export function offsetBounds(sample: ClockSample): { low: number; high: number } {
	let low = Number.NEGATIVE_INFINITY;
	let high = Number.POSITIVE_INFINITY;
	if (sample.serviceDate !== undefined) {
		// The Date was taken between sending and receiving, and is cut to the whole second.
		low = sample.serviceDate - sample.receivedAt;
		high = sample.serviceDate + 1000 - sample.sentAt;
	}
	if (sample.newestStamp !== undefined) low = Math.max(low, sample.newestStamp - sample.receivedAt);
	return { low, high };
}

/**
 * The offset to use from now on: the previous estimate while the answers allow it (so that it
 * does not jitter by a second from poll to poll), else the middle of what they allow. Without
 * a Date header only the newest `updatedAt` bounds it from below.
 */
export function estimateOffset(previous: number | undefined, samples: ClockSample[]): number {
	let low = Number.NEGATIVE_INFINITY;
	let high = Number.POSITIVE_INFINITY;
	for (const sample of samples) {
		const bounds = offsetBounds(sample);
		low = Math.max(low, bounds.low);
		high = Math.min(high, bounds.high);
	}
	if (low > high) {
		// The service's clock jumped during the poll: the latest answer tells its time now.
		const latest = offsetBounds(samples[samples.length - 1]);
		({ low, high } = latest);
	}
	const base = previous ?? 0;
	if (base >= low && base <= high) return base;
	if (Number.isFinite(low) && Number.isFinite(high)) return Math.round((low + high) / 2);
	return Math.min(Math.max(base, low), high);
}

/**
 * The earliest the service's clock can have shown when it answered: a lower bound of the moment
 * its data was read, by its own clock. Undefined without a Date header.
 */
export function answeredNoEarlierThan(sample: ClockSample): number | undefined {
	if (sample.serviceDate === undefined) return undefined;
	return sample.serviceDate - (sample.receivedAt - sample.sentAt);
}
