import type { IDataObject } from 'n8n-workflow';

import type { Account } from './account';
import type { RequestPacer } from './rateLimiter';
import { pagesInFlight } from './pool';

/** At most this many pages leave before the first answer tells how many there are. */
const MAX_PAGES_READ_AHEAD = 3;
/**
 * Reading ahead saves at most one answer's time per read; with answers quicker than this, that is
 * less than n8n's own cost of a run and not worth a guessed request.
 */
const MIN_ANSWER_MS_TO_READ_AHEAD = 100;
/** Lists remembered per account (listName). */
const REMEMBERED_LISTS = 50;

/**
 * What the last read of each list learnt, per account (the pacer is the account's). A
 * list is its path and the names of its filters: a workflow that reads yesterday's actions every
 * day reads the same list with other dates.
 */
const lastReads = new WeakMap<RequestPacer, Map<string, LastRead>>();

/** What the reads of a list showed: its last count, and the page size the server caps `limit` at, if one showed it. */
interface LastRead {
	count: number;
	serverCap?: number;
}

/** How long each account's answers took lately, from leaving to answer (the pacer is the account's). */
const recentAnswerMs = new WeakMap<RequestPacer, number>();

/** An answer came `ms` after its request left: the account's estimate moves a third of the way to it. */
export function answerTook(account: Account, ms: number) {
	const before = recentAnswerMs.get(account.pacer);
	recentAnswerMs.set(account.pacer, before === undefined ? ms : before + (ms - before) / 3);
}

/** Names a list: its path and the names of the filters it was given. */
export function listName(path: string, qs: IDataObject | undefined): string {
	const filters = Object.keys(qs ?? {}).filter((name) => qs?.[name] !== undefined && qs[name] !== '');
	return `${path}?${filters.sort().join('&')}`;
}

/** Remembers what the first page of a read of `list` (listName) showed, for the next read of it. */
export function rememberRead(account: Account, list: string, first: { count: number; asked: number; pageSize: number }) {
	let paths = lastReads.get(account.pacer);
	if (!paths) lastReads.set(account.pacer, (paths = new Map()));
	const before = paths.get(list)?.serverCap;
	// A page smaller than asked, of a list that has more, is the cap; a page larger than a cap seen
	// before proves it gone; otherwise (a Limit, a short list) the one seen before stays.
	const capped = first.pageSize < first.asked && first.pageSize < first.count;
	const serverCap = capped ? first.pageSize : before !== undefined && first.pageSize > before ? undefined : before;
	paths.delete(list);
	paths.set(list, { count: first.count, serverCap });
	if (paths.size > REMEMBERED_LISTS) paths.delete(paths.keys().next().value as string);
}

/**
 * Pages after the first, asked for before the first answer comes back, so that a long list reads
 * in one latency plus its pages' pace rather than two latencies (BENCHMARKS.md, the floor). It
 * reads ahead only when the last read of the same list counted more records than a page holds and
 * answers take 100 ms or more; then as many pages as the pace lets leave while the first answer is
 * awaited. A page read ahead is used only when the first answer shows it is one of the list's
 * pages; otherwise it is waited for and dropped, so that no request outlives the run: the cost of
 * a wrong guess is its requests and their time, never a record.
 */
export class ReadAhead<T> {
	private readonly pages = new Map<number, Promise<T>>();

	/** The page size the pages read ahead were asked with: of use only if the server gives it again. */
	readonly pageSize: number;

	/** Reads nothing ahead. */
	static none<T>(): ReadAhead<T> {
		return new ReadAhead<T>();
	}

	/**
	 * `size.wanted`: the records the read wants (Infinity for Return All); `size.firstAsked`: the
	 * first page's `limit`. Without a plan, nothing is read ahead.
	 */
	constructor(plan?: { account: Account; list: string; size: { wanted: number; firstAsked: number }; read: (offset: number, asked: number) => Promise<T> }) {
		const last = plan && lastReads.get(plan.account.pacer)?.get(plan.list);
		// The server may cap `limit`: the pages go at the size it gave last time.
		this.pageSize = plan ? Math.min(plan.size.firstAsked, last?.serverCap ?? plan.size.firstAsked) : 0;
		if (!plan || !last) return;
		const { account, size, read } = plan;
		const answerMs = recentAnswerMs.get(account.pacer);
		if (answerMs === undefined || answerMs < MIN_ANSWER_MS_TO_READ_AHEAD) return;
		if (this.pageSize < 2 || size.wanted <= this.pageSize) return;
		const stride = this.pageSize - 1;
		// The pages the last count fills at this page size, less the first (pages overlap by one record).
		const pagesAfterFirst = Math.ceil((Math.min(size.wanted, last.count) - this.pageSize) / stride);
		const count = Math.min(MAX_PAGES_READ_AHEAD, pagesAfterFirst, pagesInFlight(account) - 1, Math.floor(answerMs / account.pacer.schedule.gapMs));
		for (let index = 1; index <= count; index++) {
			const page = read(index * stride, this.pageSize);
			// Its failure counts where it is used (take); a page not used cannot fail the run.
			page.catch(() => undefined);
			this.pages.set(index * stride, page);
		}
	}

	/** The page at `offset` read ahead, if any; it is the caller's from then on. */
	take(offset: number): Promise<T> | undefined {
		const page = this.pages.get(offset);
		this.pages.delete(offset);
		return page;
	}

	/** Waits for every page read ahead and not taken, and drops it. */
	async dropUnused(): Promise<void> {
		await Promise.allSettled([...this.pages.values()]);
		this.pages.clear();
	}
}
