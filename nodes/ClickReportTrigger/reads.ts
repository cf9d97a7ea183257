import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ClickItem, ClickPage, ClickQuery } from '../shared/clickReport';
import { CLICK_PAGE_SIZE, readClickPage, readClickRange, tooManyClicksError, updatedAtRange } from '../shared/clickReport';
import type { Account } from '../shared/transport';
import { MAX_RECORDS_PER_READ } from '../shared/transport';
import type { Read, ReadResult } from './decide';
import type { Range } from './progress';

/** How often a range is read again when it moved under its offsets. */
const MAX_REREADS = 3;

const queryFor = (qs: IDataObject, range: Range): ClickQuery => ({ qs: { ...qs, ...updatedAtRange(range.from, range.to) } });

function keptChanging(context: IPollFunctions, problem: string): NodeApiError {
	return new NodeApiError(
		context.getNode(),
		{ reason: problem },
		{
			message: `The click report kept changing while the trigger read it (${MAX_REREADS} reads): ${problem}`,
			description: 'Nothing was emitted and nothing is lost: the next poll reads the same changes again.',
		},
	);
}

/**
 * One page of a range. Its total sizes the reads the decisions plan, so a total no read can use
 * fails the poll here, before anything is planned from it.
 */
async function readPage(context: IPollFunctions, query: ClickQuery, offset: number): Promise<ClickPage> {
	const page = await readClickPage(context, query, offset, CLICK_PAGE_SIZE);
	if (page.total > MAX_RECORDS_PER_READ) {
		throw tooManyClicksError(context, page.total);
	}
	return page;
}

/** Every item of a range, by offsets, proven by equal counts on every page. */
async function readAll(context: IPollFunctions, account: Account, qs: IDataObject, range: Range): Promise<ReadResult> {
	const query = queryFor(qs, range);
	let requests = 0;
	let problem = '';
	for (let attempt = 1; attempt <= MAX_REREADS; attempt++) {
		const first = await readPage(context, query, 0);
		requests++;
		if (first.items.length >= first.total) return { items: first.items, total: first.total, clock: first.clock, requests };
		const rest = await readClickRange(context, account, query, CLICK_PAGE_SIZE, first.total, first.total);
		requests += Math.ceil((first.total - CLICK_PAGE_SIZE) / CLICK_PAGE_SIZE);
		if ('items' in rest) return { items: first.items.concat(rest.items), total: first.total, clock: first.clock, requests };
		problem = rest.problem;
	}
	throw keptChanging(context, problem);
}

/**
 * The oldest pages of a range that counted `total`. When the range moved meanwhile, the single
 * oldest page is read instead: one answer is one snapshot, so its page is the oldest one if its
 * own count is not larger than the count its offset was taken from.
 */
async function readOldest(
	context: IPollFunctions,
	account: Account,
	qs: IDataObject,
	read: Extract<Read, { kind: 'oldest' }>,
): Promise<ReadResult> {
	const query = queryFor(qs, read.range);
	const start = Math.max(0, read.total - read.pages * CLICK_PAGE_SIZE);
	const pages = await readClickRange(context, account, query, start, read.total, read.total);
	let requests = Math.ceil((read.total - start) / CLICK_PAGE_SIZE);
	if ('items' in pages) return { items: pages.items, total: read.total, requests };
	let total = read.total;
	for (let attempt = 1; attempt <= MAX_REREADS; attempt++) {
		const offset = Math.max(0, total - CLICK_PAGE_SIZE);
		const page = await readPage(context, query, offset);
		requests++;
		if (page.total <= total && (page.items.length > 0 || page.total === 0)) {
			return { items: page.items, total: page.total, clock: page.clock, requests };
		}
		total = page.total;
	}
	return { items: [] as ClickItem[], total, requests };
}

/** Performs one read the decisions asked for. */
export async function perform(context: IPollFunctions, account: Account, qs: IDataObject, read: Read): Promise<ReadResult> {
	if (read.kind === 'all') return await readAll(context, account, qs, read.range);
	if (read.kind === 'oldest') return await readOldest(context, account, qs, read);
	const page = await readPage(context, queryFor(qs, read.range), 0);
	return { items: page.items, total: page.total, clock: page.clock, requests: 1 };
}
