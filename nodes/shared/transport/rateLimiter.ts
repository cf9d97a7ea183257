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
		const afterPause = now - this.nextFreeSlot >= PAUSE_MS;
		const slot = Math.max(now, this.nextFreeSlot);
		this.nextFreeSlot =
			slot + (1000 + ARRIVAL_JITTER_MARGIN_MS) / this.requestsPerSecond + (afterPause ? FIRST_REQUEST_ALLOWANCE_MS : 0);
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
