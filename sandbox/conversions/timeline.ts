// Conversions whose status moves over time. Each one keeps its whole timeline of changes; what a read
// sees at the service's clock is the latest change visible by then. A change carries two times: its
// stamp (the updatedAt / status_updated the service reports) and the moment it becomes visible. A
// late change is stamped some minutes before it becomes visible, as a service that writes its
// statistics behind its own clock does (docs/sandbox.md, "Conversions over time").

import { NotFoundError } from '../click/clickStore';

export interface Change<S extends string, P> {
	status: S;
	/** The time the service reports for the change. */
	stampMs: number;
	/** From when a read sees it (>= stampMs: a late change is visible after its stamp). */
	visibleMs: number;
	/** Fields the change sets besides the status (a new revenue, paid). */
	patch?: Partial<P>;
}

export interface Tracked<B, S extends string, P> {
	base: B;
	/** Sorted by visibleMs; the first one is the creation. */
	changes: Array<Change<S, P>>;
}

/** The change a read sees at `nowMs`, and every patch up to it merged; undefined before the creation is visible. */
export function currentOf<B, S extends string, P>(
	tracked: Tracked<B, S, P>,
	nowMs: number,
): { change: Change<S, P>; patch: Partial<P> } | undefined {
	let change: Change<S, P> | undefined;
	let patch: Partial<P> = {};
	for (const c of tracked.changes) {
		if (c.visibleMs > nowMs) break;
		change = c;
		patch = { ...patch, ...c.patch };
	}
	return change && { change, patch };
}

export class ConversionStore<B extends { id: string | number }, S extends string, P> {
	readonly items: Array<Tracked<B, S, P>> = [];
	private readonly byId = new Map<string, Tracked<B, S, P>>();
	private edits = 0;

	constructor(items: Array<Tracked<B, S, P>> = []) {
		for (const item of items) this.add(item);
	}

	get(id: string | number): Tracked<B, S, P> {
		const found = this.byId.get(String(id));
		if (!found) throw new NotFoundError(`action ${id} not found`);
		return found;
	}

	has(id: string | number): boolean {
		return this.byId.has(String(id));
	}

	add(item: Tracked<B, S, P>): void {
		const key = String(item.base.id);
		if (this.byId.has(key)) throw new Error(`action ${key} already exists`);
		item.changes.sort((a, b) => a.visibleMs - b.visibleMs);
		this.edits++;
		this.byId.set(key, item);
		this.items.push(item);
	}

	/**
	 * A new change visible at `nowMs`. Changes that were still to come (seeded for later) are dropped:
	 * the action's future is rewritten, so a test that sets a status is not overtaken by the seed.
	 */
	change(id: string | number, change: Change<S, P>, nowMs: number): Tracked<B, S, P> {
		const tracked = this.get(id);
		if (!(change.stampMs <= change.visibleMs)) throw new Error('a change cannot be stamped after it becomes visible');
		tracked.changes = tracked.changes.filter((c) => c.visibleMs <= nowMs);
		if (tracked.changes.length && change.visibleMs < tracked.changes[tracked.changes.length - 1].visibleMs) {
			throw new Error('a change cannot become visible before the latest visible one');
		}
		tracked.changes.push(change);
		this.edits++;
		return tracked;
	}

	/**
	 * Names what every read at `nowMs` sees: the store's edits so far and how many changes are
	 * visible. Changes become visible as time passes and never cease to be, so between two edits the
	 * count alone tells which ones are.
	 */
	seenAt(nowMs: number): string {
		let visible = 0;
		for (const item of this.items) for (const c of item.changes) if (c.visibleMs <= nowMs) visible++;
		return `${this.edits}:${visible}`;
	}
}

/** What a read sees of every action at `nowMs` (the ones not yet visible left out). */
export function viewsAt<T, V>(items: readonly T[], nowMs: number, viewAt: (item: T, nowMs: number) => V | undefined): V[] {
	const views: V[] = [];
	for (const item of items) {
		const view = viewAt(item, nowMs);
		if (view) views.push(view);
	}
	return views;
}
