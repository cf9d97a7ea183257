import type { ClickItem, ClockSample } from '../shared/clickReport';
import { CLICK_PAGE_SIZE, answeredNoEarlierThan } from '../shared/clickReport';
import type { Progress, Range } from './progress';

/**
 * The trigger's reading decisions, as pure functions of what a poll has learned (docs/nodes.md,
 * Click Report Trigger). Pages are read newest first by updatedAt ranges, not offsets ("keyset"): each
 * page asks for the window up to the oldest updatedAt of the page before it, so items that
 * change or arrive late while a poll reads cannot shift an unread item past it.
 */

export type Read =
	/** The newest 500 items of the range. */
	| { kind: 'page'; range: Range }
	/** The oldest `pages` pages of a range that counted `total` items. */
	| { kind: 'oldest'; range: Range; total: number; pages: number }
	/** Every item of the range, however many pages: a tie on updatedAt, which is never cut. */
	| { kind: 'all'; range: Range };

export interface ReadResult {
	/** Newest first, as the service orders them. */
	items: ClickItem[];
	/** The range's count, as the (first) answer gave it. */
	total: number;
	clock?: ClockSample;
	requests: number;
}

/** Keyset pages re-read the tie at their upper end, so they advance a little less than a page. */
const KEYSET_PAGE_ADVANCE = CLICK_PAGE_SIZE - 10;
const pagesFor = (items: number) => Math.ceil(Math.max(0, items) / KEYSET_PAGE_ADVANCE);

export const timeOf = (item: ClickItem) => Date.parse(item.updatedAt);

/** The poll reads no more: it has read what it must, or what its requests allow (`why`). */
export type Stop = { kind: 'stop'; why?: string };
export type Step = Read | Stop;

const finished: Stop = { kind: 'stop' };

/** The next read of the poll, or why it stops. */
export function nextStep(p: Progress): Step {
	if (p.done) return finished;
	if (p.requests === 0) return { kind: 'page', range: { from: p.from, to: p.far } };
	if (p.drainTieAt !== undefined) return { kind: 'all', range: { from: p.mark, to: p.drainTieAt } };
	if (p.tieAt !== undefined) return { kind: 'all', range: { from: p.tieAt, to: p.tieAt } };
	const left = p.start.budget - p.requests;
	const below = p.lowest ?? p.far;
	if (!p.onTimeDone) {
		if (p.plan === 'drain' && p.onTimeCount) {
			return { kind: 'oldest', range: p.onTimeCount.range, total: p.onTimeCount.total, pages: Math.max(1, left) };
		}
		if (left <= 0) return { kind: 'stop', why: 'the on-time changes took more requests than foreseen' };
		const listFrom = p.list === 'onTime' ? p.mark : p.from;
		return { kind: 'page', range: { from: listFrom, to: below } };
	}
	// Below the window's start there is nothing left to read.
	if (p.windowDone || below < p.from || (p.countsAgree && (!p.sweep || p.sweep.done))) return finished;
	if (left <= 0) {
		return { kind: 'stop', why: p.countsAgree ? 'the full read goes on in the next poll' : 'late changes are looked for again in the next poll' };
	}
	if (p.countsAgree && p.sweep && !p.sweep.jumped && p.sweep.cursor !== undefined && p.sweep.cursor < below) {
		// The full read goes on below where earlier polls took it.
		return { kind: 'page', range: { from: p.from, to: p.sweep.cursor } };
	}
	return { kind: 'page', range: { from: p.from, to: below } };
}

/** Whether nothing unseen can hide below a page of the window: the server's count there equals the versions emitted there. */
function countsAgreeBelow(p: Progress, page: ReadResult): boolean {
	const oldest = timeOf(page.items[page.items.length - 1]);
	return page.total - page.items.length === p.memory.countWithin(p.from, oldest, p.seen);
}

/** Takes in what a read returned. */
export function absorb(p: Progress, read: Read, result: ReadResult): void {
	const first = p.requests === 0;
	p.requests += result.requests;
	if (result.clock) p.samples.push(result.clock);
	if (read.kind === 'oldest') return absorbOldest(p, result);
	if (read.kind === 'all') return absorbAll(p, read, result);
	if (first) {
		p.newest = result.items.length ? timeOf(result.items[0]) : undefined;
		p.answeredFrom = result.clock ? answeredNoEarlierThan(result.clock) : undefined;
	}
	for (const item of result.items) {
		p.read.push(item);
		p.seen.add(String(item.id));
	}
	if (first && p.listenOnly) {
		p.done = true;
		return;
	}
	const complete = result.items.length >= result.total;
	const oldest = result.items.length ? timeOf(result.items[result.items.length - 1]) : read.range.from;
	if (!complete && result.items.length >= CLICK_PAGE_SIZE && timeOf(result.items[0]) === oldest) p.tieAt = oldest;
	else p.lowest = oldest;
	if (p.sweep && read.range.to === p.sweep.cursor && p.countsAgree) p.sweep.jumped = true;

	if (p.list === 'onTime' && read.range.from === p.mark) return absorbOnTimePage(p, read, result, complete);
	if (complete) {
		p.windowDone = p.onTimeDone = p.countsAgree = true;
		if (p.sweep) p.sweep.done = true;
		return;
	}
	if (p.countsAgree) return; // the full read: every item is read, nothing is counted
	// Everything newer than the page's oldest updatedAt is read; a tie there that is older than
	// the mark holds no on-time change.
	if (!p.onTimeDone && oldest < p.mark) p.onTimeDone = true;
	if (p.onTimeDone) {
		p.countsAgree = countsAgreeBelow(p, result);
		// A tie below what agrees holds nothing unseen either, unless a full read wants every item.
		if (p.countsAgree && !p.sweep) p.tieAt = undefined;
	} else if (first) planOnTimePart(p, result);
}

/** The on-time changes spill past the first page: read them down if they fit the poll, count them first if unsure. */
function planOnTimePart(p: Progress, first: ReadResult): void {
	const left = p.start.budget - p.requests;
	if (p.from === p.mark) {
		// The window holds nothing but on-time changes: the first page counted them.
		p.onTimeCount = { range: { from: p.mark, to: p.newest ?? p.far }, total: first.total };
		p.plan = pagesFor(first.total - first.items.length) <= left ? 'readDown' : 'drain';
	} else if (pagesFor(first.total - first.items.length) <= left) {
		p.plan = 'readDown';
	} else {
		p.list = 'onTime';
	}
}

function absorbOnTimePage(p: Progress, read: Read, result: ReadResult, complete: boolean): void {
	if (complete) {
		p.onTimeDone = true;
		p.list = 'window';
	} else if (!p.onTimeCount) {
		p.onTimeCount = { range: read.range, total: result.total };
		// The rest of the on-time part, and one page below it to check the counts. A drain emits
		// from the oldest pages only: what this page read waits for a later poll.
		const needed = pagesFor(result.total - result.items.length) + 1;
		p.plan = needed <= p.start.budget - p.requests ? 'readDown' : 'drain';
	}
}

/** Every item of a range (a tie at one updatedAt, or a drain's oldest part that is one tie). */
function absorbAll(p: Progress, read: Read, result: ReadResult): void {
	if (p.drainTieAt !== undefined) {
		p.drained = { items: result.items, upTo: p.drainTieAt };
		p.done = true;
		return;
	}
	for (const item of result.items) {
		p.read.push(item);
		p.seen.add(String(item.id));
	}
	p.tieAt = undefined;
	p.lowest = read.range.from - 1;
	if (p.list === 'window' && p.lowest < p.from) {
		// The tie was the bottom of the window: everything in it is read.
		if (p.sweep) p.sweep.done = true;
		if (!p.sweep?.jumped) p.windowDone = p.onTimeDone = p.countsAgree = true;
		return;
	}
	if (p.list === 'onTime' && p.lowest < p.mark) {
		p.onTimeDone = true;
		p.list = 'window';
	} else if (p.list === 'window' && !p.onTimeDone && p.lowest < p.mark) {
		p.onTimeDone = true;
	}
}

/**
 * A drain's oldest pages: everything older than their newest updatedAt is emitted now, so that
 * the next poll starts right after it and no tie on updatedAt is cut.
 */
function absorbOldest(p: Progress, result: ReadResult): void {
	if (result.items.length === 0) {
		p.done = true;
		return;
	}
	const newestOfOldest = timeOf(result.items[0]);
	const slice = result.items.filter((item) => timeOf(item) < newestOfOldest);
	if (slice.length === 0) {
		p.drainTieAt = newestOfOldest;
		return;
	}
	p.drained = { items: slice, upTo: newestOfOldest };
	p.done = true;
}
