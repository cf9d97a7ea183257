import type { IDataObject } from 'n8n-workflow';

/**
 * What the trigger remembers between polls, kept as plain JSON in the node's static data. Every
 * time in it is by the service's clock, the clock that stamps `updatedAt`.
 *
 * `emitted` holds, for every item whose last emitted version was updated at or after `horizon`,
 * that version's `updatedAt`, grouped by it (ties on `updatedAt` are common, so one key serves
 * many ids). Nothing older is needed: no later poll reads below `horizon`.
 */
export interface TriggerState extends IDataObject {
	version: 2;
	/** Every change stamped at or after this is on time for the next poll: it reads them all. */
	mark: string;
	/** Versions older than this are forgotten; no later poll reads below it. */
	horizon: string;
	/** updatedAt (ISO) → ids whose last emitted version has that updatedAt. */
	emitted: Record<string, string[]>;
	/** When the last full read of the window started. */
	lastFullRead: string;
	/** A full read that spans polls: begun then, and read down to `cursor` so far. */
	sweep?: { startedAt: string; cursor: string };
	/** Versions older than this existed before the trigger started: remembered, never emitted. */
	emitFrom: string;
	/** The service's clock minus n8n's, in milliseconds, as last measured. */
	clockOffsetMs: number;
	/** Counts the states written (`withPollMemory`); a state stored before it existed reads as 0. */
	seq?: number;
}

/** The first state format: the same meaning, with times by n8n's clock and `upperBound` for `mark`. */
interface TriggerStateV1 extends IDataObject {
	version: 1;
	upperBound: string;
	horizon: string;
	emitted: Record<string, string[]>;
	lastFullRead: string;
	emitFrom: string;
}

/** The stored state in the current format; a state of the first format keeps its meaning. */
export function readState(stored: unknown): TriggerState | undefined {
	const state = stored as TriggerState | TriggerStateV1 | undefined;
	if (!state || typeof state !== 'object') return undefined;
	if (state.version === 2) return state;
	return {
		version: 2,
		mark: state.upperBound,
		horizon: state.horizon,
		emitted: state.emitted,
		lastFullRead: state.lastFullRead,
		emitFrom: state.emitFrom,
		clockOffsetMs: 0,
	};
}

/** The emitted versions in memory: id → updatedAt in milliseconds. */
export class EmittedVersions {
	private readonly byId = new Map<string, number>();

	static fromState(state: TriggerState | undefined): EmittedVersions {
		const versions = new EmittedVersions();
		for (const [updatedAt, ids] of Object.entries(state?.emitted ?? {})) {
			const time = Date.parse(updatedAt);
			for (const id of ids) versions.remember(id, time);
		}
		return versions;
	}

	/** Whether this version of the item (or a later one) was already emitted. */
	has(id: string, updatedAt: number): boolean {
		const known = this.byId.get(id);
		return known !== undefined && known >= updatedAt;
	}

	remember(id: string, updatedAt: number) {
		const known = this.byId.get(id);
		if (known === undefined || updatedAt > known) this.byId.set(id, updatedAt);
	}

	/** How many remembered versions lie in the closed range [from, to], not counting the items in `except`. */
	countWithin(from: number, to: number, except: ReadonlySet<string>): number {
		let count = 0;
		for (const [id, time] of this.byId) if (time >= from && time <= to && !except.has(id)) count++;
		return count;
	}

	forgetBefore(time: number) {
		for (const [id, updatedAt] of this.byId) if (updatedAt < time) this.byId.delete(id);
	}

	get size() {
		return this.byId.size;
	}

	toJSON(): Record<string, string[]> {
		const grouped: Record<string, string[]> = {};
		for (const [id, time] of this.byId) (grouped[new Date(time).toISOString()] ??= []).push(id);
		for (const ids of Object.values(grouped)) ids.sort();
		return grouped;
	}
}
