// The click service as the trigger bench simulates it. The bench runs on a shifted Date (clock.ts)
// that skips the idle minutes between polls; the sandbox, in another process, runs its clock
// ahead by the same shift, so that its rate limits count the time the client's pace counts, and its
// click service's clock (which stamps updatedAt and sends the Date header) is that time plus the
// skew under test. Both shifts are set again after every move of the bench's clock.
import { advanceClock, shiftMs } from './clock';
import type { SandboxClient } from '../sandbox/client';

/** Items per request to the sandbox's control endpoint. */
const BATCH = 5000;

export class SimulatedService {
	private constructor(
		readonly sandbox: SandboxClient,
		/** The service's clock minus n8n's. */
		readonly skewMs: number,
	) {}

	static async start(sandbox: SandboxClient, skewMs: number): Promise<SimulatedService> {
		const service = new SimulatedService(sandbox, skewMs);
		await sandbox.configure({ clickClockOffsetMs: skewMs });
		await service.sync();
		return service;
	}

	/** The service's clock: n8n's (the bench's simulated time) plus the skew. */
	now(): number {
		return Date.now() + this.skewMs;
	}

	/** The service's date, as it dates the clicks it records. */
	today(): string {
		return new Date(this.now()).toISOString().slice(0, 10);
	}

	/** Puts the host's clock at the bench's time; both then run on with the real clock. */
	private async sync(): Promise<void> {
		await this.sandbox.aheadOfClock(shiftMs());
	}

	/** Moves the simulated time (n8n's and the service's) forward. */
	async advance(ms: number): Promise<void> {
		advanceClock(ms);
		await this.sync();
	}

	/** New click items with these updatedAt values (by the service's clock), in batches of a few hundred KB; their ids. */
	async insertAt(times: string[]): Promise<string[]> {
		const ids: string[] = [];
		for (let i = 0; i < times.length; i += BATCH) {
			const inserted = await this.sandbox.insertClicks(times.slice(i, i + BATCH).map((updatedAt) => ({ updatedAt, date: this.today(), count: 1 })));
			ids.push(...inserted.map((item) => item.id));
		}
		return ids;
	}

	/** New versions of existing items, in batches of a few hundred KB. */
	async updateAt(updates: Array<{ id: string; updatedAt: string }>): Promise<void> {
		for (let i = 0; i < updates.length; i += BATCH) await this.sandbox.updateClicks(updates.slice(i, i + BATCH));
	}
}

/** updatedAt values spread over (from, to], in batches of 1–8 items sharing one second (ties). */
export function spreadTimes(random: () => number, count: number, from: number, to: number): string[] {
	const times: string[] = [];
	while (times.length < count) {
		const at = Math.floor((from + 1 + random() * (to - from - 1)) / 1000) * 1000;
		const time = new Date(Math.max(at, from + 1)).toISOString();
		const batch = Math.min(count - times.length, 1 + Math.floor(random() * 8));
		for (let i = 0; i < batch; i++) times.push(time);
	}
	return times;
}
