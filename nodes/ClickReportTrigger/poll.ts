import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CLICK_REPORT_PATH, clickItemFilterQuery } from '../shared/clickFilters';
import { invalidInput, optionalNumber } from '../shared/validation';
import type { ClickPage } from '../shared/transport';
import { CLICK_PAGE_SIZE, fetchClickReport, readClickPage, readClickRange, resolveAccount } from '../shared/transport';
import type { TriggerState } from './state';
import { EmittedVersions } from './state';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The trigger reads the whole lookback window at least this often, not only its first page. */
const FULL_READ_EVERY_FRACTION_OF_LOOKBACK = 0.5;
/** Pages one poll may read at most, leaving part of the service's 100 requests per 5 minutes to other nodes. */
const MAX_PAGES_PER_POLL = 80;
/** Share of the poll's time budget spent reading; the rest is margin for retries and slow answers. */
const BUDGET_SHARE = 0.5;
const MAX_WINDOW_REREADS = 3;
const MANUAL_SAMPLE_SIZE = 10;

interface ClickItem extends IDataObject {
	id: string;
	updatedAt: string;
}

interface Settings {
	qs: IDataObject;
	lookbackMs: number;
	emitExistingMs: number;
}

function readSettings(context: IPollFunctions): Settings {
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	// A poll has no items: the checks run without an item index.
	const qs = clickItemFilterQuery(context, undefined, filters);
	const lookbackMinutes = optionalNumber(context, undefined, 'Lookback Minutes', options.lookbackMinutes) ?? 60;
	const emitExistingHours = optionalNumber(context, undefined, 'Emit Existing Hours', options.emitExistingHours) ?? 0;
	if (lookbackMinutes < 1) {
		throw invalidInput(context, undefined, 'Lookback Minutes', `must be at least 1, got ${lookbackMinutes}`);
	}
	if (emitExistingHours < 0) {
		throw invalidInput(context, undefined, 'Emit Existing Hours', `must be 0 or more, got ${emitExistingHours}`);
	}
	return { qs, lookbackMs: lookbackMinutes * MINUTE, emitExistingMs: emitExistingHours * HOUR };
}

const timeOf = (item: ClickItem) => Date.parse(item.updatedAt);
const iso = (time: number) => new Date(time).toISOString();

/** Oldest change first; ties in id order, as the service orders them. */
function oldestFirst(items: ClickItem[]): ClickItem[] {
	return [...items].sort((a, b) => timeOf(a) - timeOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function pagesAllowed(context: IPollFunctions): Promise<number> {
	const { pacer } = await resolveAccount(context, 'click');
	const budgetMs = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : 5 * MINUTE;
	// The pace and the 5-minute window are shared with every node and execution using this key:
	// the poll reads only what they leave it within its time budget.
	return Math.max(2, pacer.schedule.capacity(Date.now(), budgetMs * BUDGET_SHARE, MAX_PAGES_PER_POLL));
}

interface WindowRead {
	/** Items read, in server order (newest first). */
	items: ClickItem[];
	/** Every change up to this time was read. */
	readUpTo: number;
	/** Whether the whole window was read, not only its oldest part. */
	complete: boolean;
	/** Requests spent. */
	pages: number;
}

function tooMuchMovement(context: IPollFunctions): NodeApiError {
	return new NodeApiError(
		context.getNode(),
		{ reason: 'click report kept changing while it was read' },
		{
			message: `The click report kept changing while the trigger read it (${MAX_WINDOW_REREADS} attempts)`,
			description: 'Nothing was emitted and nothing is lost: the next poll reads the same changes again.',
		},
	);
}

/** Reads the whole closed window [from, to], again from its first page if the data moved. */
async function readWindow(
	context: IPollFunctions,
	qs: IDataObject,
	from: number,
	to: number,
	firstPage?: ClickPage,
): Promise<WindowRead> {
	const request = { path: CLICK_REPORT_PATH, qs: { ...qs, updatedAtFrom: iso(from), updatedAtTo: iso(to) } };
	let pages = 0;
	for (let attempt = 1; attempt <= MAX_WINDOW_REREADS; attempt++) {
		let first = attempt === 1 ? firstPage : undefined;
		if (!first) {
			first = await readClickPage(context, request, 0, CLICK_PAGE_SIZE);
			pages++;
		}
		if (first.items.length >= first.total) {
			return { items: first.items as ClickItem[], readUpTo: to, complete: true, pages };
		}
		const rest = await readClickRange(context, request, CLICK_PAGE_SIZE, first.total, first.total);
		pages += Math.ceil(first.total / CLICK_PAGE_SIZE) - 1;
		if (rest) return { items: [...first.items, ...rest] as ClickItem[], readUpTo: to, complete: true, pages };
	}
	throw tooMuchMovement(context);
}

/** Whether the page shows nothing but versions already emitted, and the window holds no others. */
function holdsOnlyEmitted(page: ClickPage, emitted: EmittedVersions, from: number, to: number): boolean {
	return (
		page.total === emitted.countWithin(from, to) &&
		(page.items as ClickItem[]).every((item) => emitted.has(item.id, timeOf(item)))
	);
}

/**
 * Whether nothing unseen can hide below the items read so far, the window's newest in server
 * order: the server's count at or below the oldest of them must equal the versions emitted
 * there, less those whose item was read above it since. A late change adds to that count. An
 * update that stays within the unread part keeps it, which the periodic full read is for.
 */
function restHoldsOnlyEmitted(read: ClickItem[], total: number, emitted: EmittedVersions, from: number): boolean {
	if (read.length >= total) return true;
	const oldestTime = timeOf(read[read.length - 1]);
	let above = 0;
	let movedAbove = 0;
	for (const item of read) {
		if (timeOf(item) <= oldestTime) continue;
		above++;
		const version = emitted.versionOf(item.id);
		if (version !== undefined && version >= from && version <= oldestTime) movedAbove++;
	}
	return total - above === emitted.countWithin(from, oldestTime) - movedAbove;
}

/**
 * Reads the window from its newest page down, one page at a time, and stops as soon as the rest
 * is known to hold only versions emitted before: late statistics are mostly recent, so this reads
 * a part of the lookback. When the window moves while it is read, it is read again in full.
 */
async function readUntilRestIsKnown(
	context: IPollFunctions,
	qs: IDataObject,
	emitted: EmittedVersions,
	firstPage: ClickPage,
	from: number,
	to: number,
): Promise<WindowRead> {
	const request = { path: CLICK_REPORT_PATH, qs: { ...qs, updatedAtFrom: iso(from), updatedAtTo: iso(to) } };
	const read = [...(firstPage.items as ClickItem[])];
	let pages = 0;
	for (let offset = CLICK_PAGE_SIZE; offset < firstPage.total; offset += CLICK_PAGE_SIZE) {
		if (restHoldsOnlyEmitted(read, firstPage.total, emitted, from)) {
			return { items: read, readUpTo: to, complete: false, pages };
		}
		const page = await readClickPage(context, request, offset, CLICK_PAGE_SIZE);
		pages++;
		if (page.total !== firstPage.total) {
			const window = await readWindow(context, qs, from, to);
			return { ...window, pages: pages + window.pages };
		}
		for (const item of page.items as ClickItem[]) read.push(item);
	}
	return { items: read, readUpTo: to, complete: true, pages };
}

/**
 * A window too large for one poll. The part already handled before (`from` up to the previous
 * upper bound), where only late changes can hide, costs one request when nothing arrived late.
 * The new part drains oldest first: the oldest pages that fit the poll's requests are read, and
 * everything older than their newest item is emitted, so that the next poll starts right after
 * it. A slice is never cut inside a tie on `updatedAt`.
 */
async function drainWindow(
	context: IPollFunctions,
	qs: IDataObject,
	emitted: EmittedVersions,
	from: number,
	previousUpperBound: number,
	to: number,
	allowed: number,
): Promise<WindowRead> {
	const items: ClickItem[] = [];
	let pages = 0;
	let oldPartRead = false;
	if (from < previousUpperBound) {
		const oldRequest = { path: CLICK_REPORT_PATH, qs: { ...qs, updatedAtFrom: iso(from), updatedAtTo: iso(previousUpperBound) } };
		const oldFirst = await readClickPage(context, oldRequest, 0, CLICK_PAGE_SIZE);
		pages++;
		if (!holdsOnlyEmitted(oldFirst, emitted, from, previousUpperBound)) {
			const old = await readWindow(context, qs, from, previousUpperBound, oldFirst);
			pages += old.pages;
			for (const item of old.items) items.push(item);
			oldPartRead = true;
			// Late changes are older than everything new: the new part waits for the next poll.
			if (allowed - pages < 2) return { items, readUpTo: previousUpperBound, complete: false, pages };
		}
	}

	const newRequest = { path: CLICK_REPORT_PATH, qs: { ...qs, updatedAtFrom: iso(previousUpperBound), updatedAtTo: iso(to) } };
	const probe = await readClickPage(context, newRequest, 0, CLICK_PAGE_SIZE);
	pages++;
	if (pages - 1 + Math.ceil(probe.total / CLICK_PAGE_SIZE) <= Math.max(allowed, pages)) {
		const whole = await readWindow(context, qs, previousUpperBound, to, probe);
		return { items: [...items, ...whole.items], readUpTo: to, complete: oldPartRead, pages: pages + whole.pages };
	}
	// Too much for this poll: read the oldest pages that fit (at least one, so that every poll moves
	// on), and emit what is older than their newest item, so that no tie on updatedAt is cut.
	const room = Math.max(1, Math.min(allowed - pages, Math.ceil(probe.total / CLICK_PAGE_SIZE) - 1));
	const oldest = await readClickRange(context, newRequest, probe.total - room * CLICK_PAGE_SIZE, probe.total, probe.total);
	pages += room;
	if (!oldest?.length) return { items, readUpTo: previousUpperBound, complete: false, pages };
	const newestOfOldest = timeOf(oldest[0] as ClickItem);
	const slice = (oldest as ClickItem[]).filter((item) => timeOf(item) < newestOfOldest);
	if (slice.length === 0) {
		// A tie larger than the pages read, at the oldest end: it cannot be cut, so it is read whole.
		const tie = await readWindow(context, qs, previousUpperBound, newestOfOldest);
		return { items: [...items, ...tie.items], readUpTo: newestOfOldest, complete: false, pages: pages + tie.pages };
	}
	return { items: [...items, ...slice], readUpTo: newestOfOldest - 1, complete: false, pages };
}

/** "Fetch test event": the most recent items, without touching what the trigger remembers. */
async function manualSample(context: IPollFunctions, settings: Settings): Promise<INodeExecutionData[][] | null> {
	const now = Date.now();
	const items = await fetchClickReport(context, {
		path: CLICK_REPORT_PATH,
		qs: {
			...settings.qs,
			updatedAtFrom: iso(now - Math.max(settings.lookbackMs, 24 * HOUR, settings.emitExistingMs)),
			updatedAtTo: iso(now),
		},
		limit: MANUAL_SAMPLE_SIZE,
	});
	return items.length ? [items.map((json) => ({ json }))] : null;
}

/**
 * One poll. Every version of a click item (its `id` with its `updatedAt`) is emitted once: the
 * trigger reads a closed window of `updatedAt` that starts at or before the previous window's
 * end (and at least the lookback before now, for statistics that arrive late) and ends at the
 * time the poll started, and it emits only versions it has not emitted before.
 */
export async function pollClickReport(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context);
	if (context.getMode() === 'manual') return await manualSample(context, settings);

	const staticData = context.getWorkflowStaticData('node');
	const state = staticData.clickReport as TriggerState | undefined;
	const now = Date.now();
	const emitted = EmittedVersions.fromState(state);
	const emitFrom = state ? Date.parse(state.emitFrom) : now - settings.emitExistingMs;

	// The window: from at most the previous upper bound (so nothing between polls is skipped) and
	// at least the lookback before now (late statistics), up to now, both ends included.
	const previousUpperBound = state ? Date.parse(state.upperBound) : now - Math.max(settings.lookbackMs, settings.emitExistingMs);
	const from = state ? Math.min(previousUpperBound, now - settings.lookbackMs) : previousUpperBound;
	const windowRequest = { path: CLICK_REPORT_PATH, qs: { ...settings.qs, updatedAtFrom: iso(from), updatedAtTo: iso(now) } };
	const firstPage = await readClickPage(context, windowRequest, 0, CLICK_PAGE_SIZE);
	const fullReadDue =
		!state || now - Date.parse(state.lastFullRead) >= settings.lookbackMs * FULL_READ_EVERY_FRACTION_OF_LOOKBACK;
	const windowPages = Math.ceil(firstPage.total / CLICK_PAGE_SIZE);
	let allowed: number | undefined;
	let window: WindowRead | undefined;
	if (state && (firstPage.items.length >= firstPage.total || !fullReadDue)) {
		// Usually the newest page holds everything since the last poll, and the counts show that
		// nothing arrived late further down: one request, whatever the window's size. Otherwise the
		// window is read down only as far as something unseen may hide. The whole window is still
		// read every half lookback, for a late update hidden below what was read.
		const firstItems = firstPage.items as ClickItem[];
		if (restHoldsOnlyEmitted(firstItems, firstPage.total, emitted, from)) {
			window = { items: firstItems, readUpTo: now, complete: firstItems.length >= firstPage.total, pages: 0 };
		} else {
			allowed = await pagesAllowed(context);
			if (windowPages <= allowed) window = await readUntilRestIsKnown(context, settings.qs, emitted, firstPage, from, now);
		}
	}
	if (!window) {
		// The first poll, a full read that is due, or a window larger than one poll may read: read
		// it whole when it fits; otherwise drain it oldest first over several polls.
		allowed ??= await pagesAllowed(context);
		window =
			fullReadDue && windowPages <= allowed
				? await readWindow(context, settings.qs, from, now, firstPage)
				: await drainWindow(context, settings.qs, emitted, from, previousUpperBound, now, allowed - 1);
	}
	const fresh = emitUnseen(window.items, emitted, emitFrom);
	commit(
		staticData,
		settings,
		emitted,
		window.readUpTo,
		now,
		window.complete ? iso(now) : (state?.lastFullRead ?? iso(from)),
		emitFrom,
	);
	return fresh.length ? [fresh.map((json) => ({ json }))] : null;
}

/** The versions not emitted before, oldest first, now remembered; those before `emitFrom` only remembered. */
function emitUnseen(items: ClickItem[], emitted: EmittedVersions, emitFrom: number): ClickItem[] {
	const fresh: ClickItem[] = [];
	for (const item of oldestFirst(items)) {
		const time = timeOf(item);
		if (emitted.has(item.id, time)) continue;
		emitted.remember(item.id, time);
		if (time >= emitFrom) fresh.push(item);
	}
	return fresh;
}

function commit(
	staticData: IDataObject,
	settings: Settings,
	emitted: EmittedVersions,
	upperBound: number,
	now: number,
	lastFullRead: string,
	emitFrom: number,
) {
	// Every later window starts at or after this: min(upperBound, a later now - lookback).
	const horizon = Math.min(upperBound, now - settings.lookbackMs);
	emitted.forgetBefore(horizon);
	const state: TriggerState = {
		version: 1,
		upperBound: iso(upperBound),
		horizon: iso(horizon),
		emitted: emitted.toJSON(),
		lastFullRead,
		emitFrom: iso(emitFrom),
	};
	staticData.clickReport = state;
}
