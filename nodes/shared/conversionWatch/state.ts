/**
 * The conversion events' memory as kept in the trigger's static data: compact, about 30 bytes an
 * action (`status|changedAt` per key), with the cursor and the span it covers.
 */
import type { Remembered, WatchState } from './decide';

const FORMAT = 1;

export interface StoredWatchState {
	format: number;
	scope: string;
	cursor?: number;
	coveredFrom: number;
	memory: Record<string, string>;
}

export function readWatchState(raw: unknown): WatchState | undefined {
	const stored = raw as StoredWatchState | undefined;
	if (!stored || stored.format !== FORMAT || typeof stored.scope !== 'string' || typeof stored.coveredFrom !== 'number') return undefined;
	const memory = new Map<string, Remembered>();
	for (const [id, packed] of Object.entries(stored.memory ?? {})) {
		const cut = packed.lastIndexOf('|');
		memory.set(id, { status: packed.slice(0, cut), changedAt: Number(packed.slice(cut + 1)) });
	}
	return { scope: stored.scope, cursor: typeof stored.cursor === 'number' ? stored.cursor : undefined, coveredFrom: stored.coveredFrom, memory };
}

export function storeWatchState(state: WatchState): StoredWatchState {
	const memory: Record<string, string> = {};
	for (const [id, remembered] of state.memory) memory[id] = `${remembered.status}|${remembered.changedAt}`;
	return { format: FORMAT, scope: state.scope, ...(state.cursor === undefined ? {} : { cursor: state.cursor }), coveredFrom: state.coveredFrom, memory };
}
