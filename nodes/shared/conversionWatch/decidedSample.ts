/**
 * The status changes of "Fetch Test Event" for the conversion events (docs/nodes.md, "Conversion
 * events"): actions read in their decided statuses, so that an account whose newest actions are all
 * still pending shows the real decisions it has, never one made up.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ConversionProfile } from './profiles';

/**
 * The decided statuses a sample may ask for: all of them, or, with the user's own Status filter
 * in `qs`, only that one when it is decided (a sample never widens what the trigger watches).
 */
export function decidedStatusesWithin(decided: readonly string[], qs: IDataObject): string[] {
	const own = qs.status;
	if (own === undefined || own === '') return [...decided];
	return decided.filter((status) => status === String(own));
}

/**
 * Up to `size` actions in decided statuses, newest change first by the stamp the watch uses. The
 * service's filter takes one status a read, so each status is read with `size` and the lists are
 * merged; an action that moved between two reads is kept once, as its newest change.
 */
export async function newestDecidedActions(
	profile: ConversionProfile,
	statuses: readonly string[],
	readStatus: (status: string) => Promise<IDataObject[]>,
	size: number,
): Promise<IDataObject[]> {
	const stampOf = (action: IDataObject) => profile.changedAt(action) ?? -Infinity;
	const byKey = new Map<string, IDataObject>();
	for (const status of statuses) {
		for (const action of await readStatus(status)) {
			const key = String(action[profile.key]);
			const seen = byKey.get(key);
			if (!seen || stampOf(action) > stampOf(seen)) byKey.set(key, action);
		}
	}
	return [...byKey.values()].sort((a, b) => stampOf(b) - stampOf(a)).slice(0, size);
}

/** Takes from each list in turn, up to `size` in all, so that each chosen event shows in one flat sample. */
export function takeInTurn(lists: IDataObject[][], size: number): IDataObject[] {
	const taken: IDataObject[] = [];
	for (let index = 0; taken.length < size && lists.some((list) => index < list.length); index++) {
		for (const list of lists) if (index < list.length && taken.length < size) taken.push(list[index]);
	}
	return taken;
}
