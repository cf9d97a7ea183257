import { sleep } from 'n8n-workflow';

/**
 * Requests are spaced for a rate this much under the configured one: at exactly the limit, a few
 * milliseconds of network jitter put one request too many into the service's sliding window.
 */
const HEADROOM = 0.97;

/**
 * Spaces requests evenly at a given rate. Every caller reserves the next free slot before it
 * waits, so any number of concurrent callers share one pace without bursts.
 */
export class RequestPacer {
	private nextFreeSlot = 0;

	constructor(private requestsPerSecond: number) {}

	setRate(requestsPerSecond: number) {
		this.requestsPerSecond = requestsPerSecond;
	}

	get rate() {
		return this.requestsPerSecond;
	}

	async acquire(): Promise<void> {
		const now = Date.now();
		const slot = Math.max(now, this.nextFreeSlot);
		this.nextFreeSlot = slot + 1000 / (this.requestsPerSecond * HEADROOM);
		if (slot > now) await sleep(slot - now);
	}
}

// Module state: every node and execution in this n8n process that uses the same credential
// shares one pacer, because all three nodes load this one module.
const pacers = new Map<string, RequestPacer>();

export function pacerFor(key: string, requestsPerSecond: number): RequestPacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new RequestPacer(requestsPerSecond);
		pacers.set(key, pacer);
	} else if (pacer.rate !== requestsPerSecond) {
		pacer.setRate(requestsPerSecond);
	}
	return pacer;
}
