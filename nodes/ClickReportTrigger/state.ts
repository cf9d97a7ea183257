import type { IDataObject } from 'n8n-workflow';

/**
 * What the trigger remembers between polls, kept as plain JSON in the node's static data.
 *
 * `emitted` holds, for every item whose last emitted version was updated at or after
 * `horizon`, that version's `updatedAt`, grouped by it (ties on `updatedAt` are common, so one
 * key serves many ids). Nothing older is needed: no later poll reads below `horizon`.
 */
export interface TriggerState extends IDataObject {
	version: 1;
	/** The closed upper bound (`updatedAtTo`) up to which every change has been handled. */
	upperBound: string;
	/** Versions older than this are forgotten; every later window starts at or after it. */
	horizon: string;
	/** updatedAt (ISO) → ids whose last emitted version has that updatedAt. */
	emitted: Record<string, string[]>;
	/** When the whole lookback window was last read, not just its first page. */
	lastFullRead: string;
	/** Versions older than this existed before the trigger started: remembered, never emitted. */
	emitFrom: string;
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

	/** The `updatedAt` of the item's last emitted version, if it is remembered. */
	versionOf(id: string): number | undefined {
		return this.byId.get(id);
	}

	remember(id: string, updatedAt: number) {
		const known = this.byId.get(id);
		if (known === undefined || updatedAt > known) this.byId.set(id, updatedAt);
	}

	/** How many remembered versions lie in the closed window [from, to]. */
	countWithin(from: number, to: number): number {
		let count = 0;
		for (const time of this.byId.values()) if (time >= from && time <= to) count++;
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
