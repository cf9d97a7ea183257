/**
 * What a poll emits and remembers, from what it read; no I/O. Every creation and every change of
 * `status` or `appeal_status` of a watched claim is emitted once: a claim is compared with what
 * the last committed poll remembered of it, and the new memory is committed with the events.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ClaimKind, ClaimRecord, Remembered } from './claims';
import { eventName, remember } from './claims';
import type { Progress } from './decide';
import type { TriggerState } from './state';

export interface Outcome {
	emit: IDataObject[];
	state: TriggerState;
}

const byCreation = (a: IDataObject, b: IDataObject) =>
	String(a.date_created).localeCompare(String(b.date_created)) || Number(a.id) - Number(b.id);

function event(record: ClaimRecord, kind: ClaimKind, before: Remembered | undefined): IDataObject {
	return {
		...record,
		event: eventName(kind, before ? 'statusChanged' : 'created'),
		previousStatus: before ? before.status : null,
		previousAppealStatus: before ? before.appealStatus : null,
	};
}

/** The events of one kind and its new memory. */
function concludeKind(progress: Progress, kind: ClaimKind, emit: IDataObject[]): Map<string, Remembered> {
	const { settings, state, watchFrom } = progress;
	const before = state?.claims[kind];
	const swept = progress.reads.some((read) => read.kind === kind && read.purpose === 'sweep');
	// A full read lists every watched claim: one it does not list is gone. Otherwise the unread ones stay as they were.
	const memory = new Map<string, Remembered>(swept ? [] : before ?? []);
	for (const [key, record] of progress.latest) {
		if (!key.startsWith(`${kind}:`)) continue;
		const now = remember(record);
		if (now.createdDay < watchFrom) continue;
		const id = String(record.id);
		const was = before?.get(id);
		memory.set(id, now);
		const isNew = !was && (before ? now.createdDay >= state!.watchFrom : settings.emitExisting);
		const changed = was && (was.status !== now.status || was.appealStatus !== now.appealStatus);
		if (isNew || changed) {
			const shaped = event(record, kind, was);
			if (settings.events.has(shaped.event as never)) emit.push(shaped);
		}
	}
	for (const [key, record] of progress.fetched) {
		if (record === null && key.startsWith(`${kind}:`)) memory.delete(key.slice(kind.length + 1));
	}
	for (const [id, claim] of memory) if (claim.createdDay < watchFrom) memory.delete(id);
	return memory;
}

export function conclude(progress: Progress): Outcome {
	const emit: IDataObject[] = [];
	const claims: TriggerState['claims'] = {};
	const sweptAt: TriggerState['sweptAt'] = { ...progress.state?.sweptAt };
	for (const kind of progress.settings.kinds) {
		claims[kind] = concludeKind(progress, kind, emit);
		if (progress.reads.some((read) => read.kind === kind && read.purpose === 'sweep')) sweptAt[kind] = progress.now;
	}
	emit.sort(byCreation);
	return {
		emit,
		state: { scope: progress.settings.scope, claims, watchFrom: progress.watchFrom, polledAt: progress.now, sweptAt },
	};
}

