/**
 * The conversion events of both services, decided without I/O (docs/nodes.md, "Conversion
 * events"). A poll reads every action whose status changed since the newest change it has seen,
 * less a re-read window for changes the service writes late with an earlier stamp; it compares
 * each with what it remembers and emits each status an action reaches once. Only the service's
 * own stamps move the cursor, so n8n's clock and the service's may disagree.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ConversionProfile } from './profiles';

export type ConversionEvent = 'conversionCreated' | 'conversionStatusChanged';

export interface Remembered {
	status: string;
	changedAt: number;
}

export interface WatchState {
	/** The settings the memory was made with; other settings start a new memory. */
	scope: string;
	/** The newest change read, on the service's clock; undefined until one is. */
	cursor?: number;
	/** Every action that changed at or after this is in the memory: one not in it that was created since is new. */
	coveredFrom: number;
	/** Action key → its last status and change, for the watched span. */
	memory: Map<string, Remembered>;
}

export interface WatchSettings {
	events: Set<ConversionEvent>;
	/** How long an action is remembered after its last change: the span whose previous statuses are known. */
	watchMs: number;
	/** How far before the cursor each poll reads again, for changes written late. */
	rereadMs: number;
	emitExisting: boolean;
	/** With emitExisting, only what changed this recently (by n8n's clock); all that was read when undefined. */
	emitExistingWithinMs?: number;
	scope: string;
}

export interface WatchPlan {
	/** Read every action changed at or after this, on the service's clock. */
	fromMs: number;
	/** No memory to go on from: this read only remembers (or emits what exists, when asked). */
	activation: boolean;
}

export interface WatchOutcome {
	emit: IDataObject[];
	state: WatchState;
}

export function planWatch(profile: ConversionProfile, settings: WatchSettings, committed: WatchState | undefined, nowMs: number): WatchPlan {
	const state = committed?.scope === settings.scope ? committed : undefined;
	if (!state) return { fromMs: nowMs - settings.watchMs - profile.clockMarginMs, activation: true };
	if (state.cursor === undefined) return { fromMs: state.coveredFrom, activation: false };
	// Never before what the memory covers: an action changed earlier and not remembered would pass for new.
	return { fromMs: Math.max(state.coveredFrom, state.cursor - settings.rereadMs), activation: false };
}

function event(action: IDataObject, name: ConversionEvent, previousStatus: string | null): IDataObject {
	return { ...action, event: name, previousStatus };
}

/** What a poll emits and the memory it commits, from the actions its plan read. */
export function concludeWatch(
	profile: ConversionProfile,
	settings: WatchSettings,
	committed: WatchState | undefined,
	plan: WatchPlan,
	actions: IDataObject[],
	nowMs: number,
): WatchOutcome {
	const state = plan.activation ? undefined : committed;
	const memory = new Map(state?.memory ?? []);
	const coveredFrom = state?.coveredFrom ?? plan.fromMs;
	let cursor = state?.cursor;
	const emit: IDataObject[] = [];
	const ordered = actions
		.map((action) => ({ action, id: String(action[profile.key]), changedAt: profile.changedAt(action) }))
		.filter((read): read is { action: IDataObject; id: string; changedAt: number } => read.changedAt !== undefined)
		.sort((a, b) => a.changedAt - b.changedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	for (const { action, id, changedAt } of ordered) {
		const status = String(action[profile.status]);
		const was = memory.get(id);
		// A stamp far in n8n's future is not the service's clock: it never moves the cursor past what can still change.
		if (changedAt <= nowMs + profile.clockMarginMs) cursor = Math.max(cursor ?? changedAt, changedAt);
		if (was && changedAt < was.changedAt) continue;
		memory.set(id, { status, changedAt });
		if (!state) {
			const recent = settings.emitExistingWithinMs === undefined || changedAt >= nowMs - settings.emitExistingWithinMs;
			if (settings.emitExisting && recent) emit.push(event(action, 'conversionCreated', null));
			continue;
		}
		if (was) {
			if (was.status !== status) emit.push(event(action, 'conversionStatusChanged', was.status));
			continue;
		}
		const createdAt = profile.createdAt(action);
		const isNew = createdAt !== undefined && createdAt >= coveredFrom;
		emit.push(isNew ? event(action, 'conversionCreated', null) : event(action, 'conversionStatusChanged', null));
	}
	const floor = (cursor ?? nowMs) - settings.watchMs;
	for (const [id, remembered] of memory) if (remembered.changedAt < floor) memory.delete(id);
	return {
		emit: emit.filter((item) => settings.events.has(item.event as ConversionEvent)),
		state: { scope: settings.scope, cursor, coveredFrom: Math.max(coveredFrom, floor), memory },
	};
}

/** A creation is one per action; a status change is told apart by the status it reached and when. */
export function conversionEventKey(profile: ConversionProfile, item: IDataObject): string {
	const eventAndId = `${String(item.event)}:${String(item[profile.key])}`;
	return item.event === 'conversionCreated' ? eventAndId : `${eventAndId}:${String(item[profile.status])}:${profile.stampText(item)}`;
}
