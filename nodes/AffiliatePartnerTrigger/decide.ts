/**
 * What a poll reads, decided from the state, the settings and what it has read so far; no I/O
 * (docs/nodes.md, Affiliate Partner Trigger). New claims arrive as processing and decisions move them
 * out of it, so a poll reads the open claims and the claims created since the last poll, and
 * fetches by ID the few remembered open claims that are no longer open. Each kind is read in
 * full on its first poll and every hour, for the changes the open claims cannot show.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CalendarDate } from '../shared/dates';
import { PARTNER_MAX_PAGE_SIZE } from '../shared/transport';
import { addDays, readCalendarDate, toIsoDate, toPartnerDate } from '../shared/dates';
import type { ClaimKind, ClaimRecord } from './claims';
import { OPEN } from './claims';
import type { TriggerSettings } from './settings';
import type { TriggerState } from './state';

const HOUR = 60 * 60_000;
/** How often each kind is read in full. */
export const SWEEP_EVERY_MS = HOUR;
/** Claims created this many days before the last poll are read again, for the service's own time zone. */
const RECENT_MARGIN_DAYS = 2;
/** Never more claims fetched one by one than this in a poll, whatever a full read costs. */
export const MOST_FETCHES = 20;

export type ReadPurpose = 'sweep' | 'open' | 'openAppeal' | 'recent';

export interface ListRead {
	kind: ClaimKind;
	purpose: ReadPurpose;
	qs: IDataObject;
}

export type Step = { type: 'list'; read: ListRead } | { type: 'get'; kind: ClaimKind; id: string } | { type: 'stop' };

export interface Progress {
	settings: TriggerSettings;
	/** The committed state, when it was made with the same filters and window. */
	state?: TriggerState;
	now: number;
	/** The first day watched: claims created before it are not. */
	watchFrom: string;
	reads: ListRead[];
	readsDone: number;
	/** The IDs each read listed, by read index. */
	listed: Array<Set<string>>;
	/** The latest record of every claim read, by `kind:id`; a later read replaces an earlier one. */
	latest: Map<string, ClaimRecord>;
	/** Remembered claims fetched by ID: the record, or null when it no longer exists. */
	fetches?: Array<{ kind: ClaimKind; id: string }>;
	fetched: Map<string, ClaimRecord | null>;
}

export const claimKey = (kind: ClaimKind, id: string | number) => `${kind}:${String(id)}`;

const dayOf = (time: number): CalendarDate => readCalendarDate(new Date(time))!;
const later = (a: string, b: string) => (a > b ? a : b);

function sweeps(kind: ClaimKind, state: TriggerState | undefined, now: number): boolean {
	const swept = state?.sweptAt[kind];
	return !state?.claims[kind] || swept === undefined || now - swept >= SWEEP_EVERY_MS;
}

/** The reads a poll starts with: for each kind, a full read, or its open claims and its newest ones. */
export function startPoll(settings: TriggerSettings, committed: TriggerState | undefined, now: number): Progress {
	const state = committed?.scope === settings.scope ? committed : undefined;
	const watchFrom = toIsoDate(addDays(dayOf(now), -settings.watchDays));
	const from = (day: string) => ({ ...settings.qs, start_date: toPartnerDate(readCalendarDate(day)!) });
	const reads: ListRead[] = [];
	for (const kind of settings.kinds) {
		if (sweeps(kind, state, now)) {
			reads.push({ kind, purpose: 'sweep', qs: from(watchFrom) });
			continue;
		}
		reads.push({ kind, purpose: 'open', qs: { ...from(watchFrom), status: OPEN } });
		// Appeal claims cannot be filtered by appeal status (spec 4.3): their full read shows it.
		if (kind === 'lostOrder') reads.push({ kind, purpose: 'openAppeal', qs: { ...from(watchFrom), appeal_status: OPEN } });
		const recentFrom = toIsoDate(addDays(dayOf(state!.polledAt), -RECENT_MARGIN_DAYS));
		reads.push({ kind, purpose: 'recent', qs: from(later(watchFrom, recentFrom)) });
	}
	return { settings, state, now, watchFrom, reads, readsDone: 0, listed: [], latest: new Map(), fetched: new Map() };
}

/** Remembered claims that an open read should have listed and no read did: each changed since. */
function claimsToFetch(progress: Progress): Array<{ kind: ClaimKind; id: string }> {
	const missing: Array<{ kind: ClaimKind; id: string }> = [];
	progress.reads.forEach((read, index) => {
		if (read.purpose !== 'open' && read.purpose !== 'openAppeal') return;
		const remembered = progress.state?.claims[read.kind];
		for (const [id, claim] of remembered ?? []) {
			const expected = read.purpose === 'open' ? claim.status === OPEN : claim.appealStatus === OPEN;
			const key = claimKey(read.kind, id);
			if (!expected || progress.listed[index].has(id) || progress.latest.has(key)) continue;
			if (claim.createdDay < progress.watchFrom) continue;
			if (!missing.some((claimRef) => claimRef.kind === read.kind && claimRef.id === id)) missing.push({ kind: read.kind, id });
		}
	});
	return missing;
}

/**
 * Claims of a kind to fetch one by one that cost more requests than reading the kind in full:
 * a request each, against a page of 500 for the claims remembered.
 */
function fetchesCostMore(progress: Progress, kind: ClaimKind, fetches: number): boolean {
	const fullReadPages = Math.max(1, Math.ceil((progress.state?.claims[kind]?.size ?? 0) / PARTNER_MAX_PAGE_SIZE));
	return fetches > Math.min(MOST_FETCHES, fullReadPages);
}

/** The next read, or stop. */
export function nextStep(progress: Progress): Step {
	if (progress.readsDone < progress.reads.length) return { type: 'list', read: progress.reads[progress.readsDone] };
	if (!progress.fetches) {
		const missing = claimsToFetch(progress);
		const crowded = new Set(
			progress.settings.kinds.filter((kind) => fetchesCostMore(progress, kind, missing.filter((claimRef) => claimRef.kind === kind).length)),
		);
		// Many decisions at once: one full read of the kind instead of a request per claim.
		const swept = new Set(progress.reads.filter((read) => read.purpose === 'sweep').map((read) => read.kind));
		for (const kind of crowded) {
			if (!swept.has(kind)) progress.reads.push({ kind, purpose: 'sweep', qs: { ...progress.settings.qs, start_date: toPartnerDate(readCalendarDate(progress.watchFrom)!) } });
		}
		progress.fetches = missing.filter((claimRef) => !crowded.has(claimRef.kind));
		if (crowded.size) return nextStep(progress);
	}
	const next = progress.fetches.find((claimRef) => !progress.fetched.has(claimKey(claimRef.kind, claimRef.id)));
	return next ? { type: 'get', ...next } : { type: 'stop' };
}

/** Takes in what a step read: a list's records, or one claim (null when it no longer exists). */
export function absorb(progress: Progress, step: Step, answer: ClaimRecord[] | ClaimRecord | null): void {
	if (step.type === 'list') {
		const records = answer as ClaimRecord[];
		progress.listed[progress.readsDone] = new Set(records.map((record) => String(record.id)));
		for (const record of records) progress.latest.set(claimKey(step.read.kind, record.id), record);
		progress.readsDone++;
	} else if (step.type === 'get') {
		const record = answer as ClaimRecord | null;
		progress.fetched.set(claimKey(step.kind, step.id), record);
		if (record) progress.latest.set(claimKey(step.kind, step.id), record);
	}
}
