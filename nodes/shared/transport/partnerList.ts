import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { resolveAccount, type Account } from './account';
import { recordKey } from './contracts';
import type { Contract, ListContract } from './contracts';
import { pagesInFlight, runPool } from './pool';
import { listName, ReadAhead, rememberRead } from './readAhead';
import { MAX_PAGES_PER_READ, MAX_RECORDS_PER_READ, tooManyToReadError } from './readLimits';
import type { TransportContext } from './send';
import { apiRequest, normalizePath } from './request';

/** Partner lists cap `limit` at this in the known clients; asking for more only gets capped. */
export const PARTNER_MAX_PAGE_SIZE = 500;
/** How often a list is read in full before the run fails because it kept moving. */
const MAX_LIST_READS = 3;

export interface ListRequest {
	path: string;
	/** The list's records: what identifies one (contracts.ts `listOf`). */
	expect: ListContract;
	qs?: IDataObject;
	/** `undefined` means Return All. */
	limit?: number;
	itemIndex?: number;
	/** The record a 404 means is missing, in the user's words: `Program 6115`. */
	notFound?: string;
}

interface Page {
	/** The answer was a bare array (contracts.ts, `bareArray`): no count, no paging. */
	bare?: boolean;
	offset: number;
	/** How many records were asked for. */
	asked: number;
	records: unknown[];
	count: number;
}

/** Either every record of the list, proven, or what moved. */
type ListRead = { records: unknown[] } | { movement: string };

/** Every page must count what the first counted: a list whose count changed has moved. */
function countProblem(first: Page, page: Page): string | undefined {
	if (page.count === first.count) return undefined;
	return `the page at offset ${page.offset} counted ${page.count} records where the first page counted ${first.count}`;
}

/** A page must hold what its own count promises from its offset: all it asked for, or the rest. */
function pageProblem(page: Page): string | undefined {
	const promised = Math.max(0, Math.min(page.asked, page.count - page.offset));
	if (page.records.length === promised) return undefined;
	return `the page at offset ${page.offset} held ${page.records.length} records where its count of ${page.count} promised ${promised}`;
}

/**
 * Pages overlap by one record, and the record both pages hold must be the same. Records added or
 * removed ahead of the read position between two page reads shift the second page, so another
 * record sits where the overlap should be; without the overlap, as many records as were removed
 * would slip past unseen while the counts still add up. With a fixed order, a matching overlap
 * proves the two pages meet without a gap (docs/guarantees.md).
 */
function seamProblem(contract: Contract, before: Page, after: Page): string | undefined {
	const last = before.records[before.records.length - 1];
	const first = after.records[0];
	if (last === undefined || first === undefined || recordKey(contract, first) !== recordKey(contract, last)) {
		return `records were added or removed ahead of offset ${after.offset} between the reads of the pages at offsets ${before.offset} and ${after.offset}`;
	}
	return undefined;
}

/**
 * A bare array carries no count, so its whole is proven by a second read. More records than asked
 * for is a list the server did not page; as many as a Limit wants is enough. Otherwise the page
 * after it is read: empty, or the same records again (a server that ignores the offset, with
 * fewer than asked), proves the first whole. Anything else is a list paged without a count,
 * which no read can prove whole: the run fails rather than output part of it.
 */
async function wholeBareArray(request: ListRequest, first: Page, wanted: number, getPage: GetPage): Promise<unknown[] | string> {
	if (first.records.length >= wanted || first.records.length > first.asked) return first.records.slice(0, wanted);
	const next = await getPage(first.records.length, first.asked);
	if (!next.bare) return 'it answered a bare array first and an object with "results" for the next page';
	const keys = (page: Page) => JSON.stringify(page.records.map((record) => recordKey(request.expect, record)));
	if (next.records.length === 0) return first.records;
	if (keys(next) === keys(first)) {
		if (first.records.length < first.asked) return first.records;
		return `it answered the same ${first.records.length} records, as many as asked for, at offsets 0 and ${first.records.length}: whether more exist cannot be told`;
	}
	return `it answered a bare array of ${first.records.length} records, and more at offset ${first.records.length}, without a count that would prove the list whole`;
}

type GetPage = (offset: number, asked: number) => Promise<Page>;

/**
 * A node's run, which a person or the rest of a workflow waits for, reads ahead (readAhead.ts).
 * A trigger's poll and a dropdown do not: nobody waits on a poll, a dropdown's list is short, and
 * a guess costs requests of the account's limit.
 */
function waitedOn(context: TransportContext): boolean {
	return typeof (context as Partial<IExecuteFunctions>).getInputData === 'function';
}

async function readOnce(
	context: TransportContext,
	request: ListRequest,
	contract: Contract,
	wanted: number,
): Promise<ListRead> {
	const getPage: GetPage = async (offset, asked) => {
		const body = await apiRequest<{ results: unknown[]; _meta: { count: number } } | unknown[]>(context, 'partner', {
			method: 'GET',
			path: request.path,
			expect: contract,
			qs: { ...request.qs, limit: asked, offset },
			itemIndex: request.itemIndex,
			notFound: request.notFound,
		});
		if (Array.isArray(body)) return { bare: true, offset, asked, records: body, count: body.length };
		return { offset, asked, records: body.results, count: body._meta.count };
	};

	const firstAsked = Math.min(wanted, PARTNER_MAX_PAGE_SIZE);
	const firstPage = getPage(0, firstAsked);
	// Awaited below; a credential that cannot work fails both, and resolveAccount says why.
	firstPage.catch(() => undefined);
	// Read beside the first page, so that the pages after it are not held up by it.
	const account = await resolveAccount(context, 'partner', request.itemIndex);
	const list = listName(request.path, request.qs);
	const ahead = waitedOn(context) ? new ReadAhead({ account, list, size: { wanted, firstAsked }, read: getPage }) : ReadAhead.none<Page>();
	try {
		return await readFromFirst(context, request, contract, { wanted, account, list, ahead, first: await firstPage }, getPage);
	} finally {
		await ahead.dropUnused();
	}
}

async function readFromFirst(
	context: TransportContext,
	request: ListRequest,
	contract: Contract,
	read: { wanted: number; account: Account; list: string; ahead: ReadAhead<Page>; first: Page },
	getPage: GetPage,
): Promise<ListRead> {
	const { wanted, first, account } = read;
	if (first.bare) {
		const whole = await wholeBareArray(request, first, wanted, getPage);
		if (typeof whole !== 'string') return { records: whole };
		const path = normalizePath(request.path, true);
		throw new NodeApiError(context.getNode(), { path, records: first.records.length }, {
			message: `GET ${path} cannot be read whole: ${whole}`,
			description: 'Nothing was output, so that no record is missing. Narrow the filters (for example a status) so that fewer records match.',
			itemIndex: request.itemIndex,
		});
	}
	const target = Math.min(wanted, first.count);
	// The server may cap `limit` silently: the first page tells the real page size.
	const pageSize = first.records.length;
	// Pages overlap by one record (below): each after the first adds pageSize - 1.
	const pagesNeeded = pageSize < target && pageSize >= 2 ? Math.ceil((target - 1) / (pageSize - 1)) : 1;
	rememberRead(account, read.list, { count: first.count, asked: first.asked, pageSize });
	if (target > MAX_RECORDS_PER_READ || pagesNeeded > MAX_PAGES_PER_READ) {
		throw tooManyToReadError(context.getNode(), {
			request: `GET ${normalizePath(request.path, true)}`,
			count: first.count,
			pages: target > MAX_RECORDS_PER_READ ? undefined : pagesNeeded,
			narrow: 'Narrow the filters (for example a date range or a status)',
			itemIndex: request.itemIndex,
		});
	}
	const pages = [first];
	if (pageSize < target) {
		if (pageSize < 2) return { movement: `the page at offset 0 came back with ${pageSize} of ${target} records` };
		first.asked = pageSize;
		const stride = pageSize - 1;
		// Pages read ahead were asked at the offsets of the page size expected: of use only when the server gave it.
		const readEarly = (offset: number) => (pageSize === read.ahead.pageSize ? read.ahead.take(offset) : undefined);
		const offsets: number[] = [];
		for (let offset = stride; offset + 1 < target; offset += stride) offsets.push(offset);
		const rest = await runPool(
			offsets.map((offset) => () => readEarly(offset) ?? getPage(offset, Math.min(pageSize, target - offset))),
			pagesInFlight(account),
		);
		for (const page of rest) pages.push(page);
	}

	const records: unknown[] = [];
	const seen = new Set<string>();
	for (let index = 0; index < pages.length; index++) {
		const problem =
			countProblem(first, pages[index]) ?? pageProblem(pages[index]) ?? (index > 0 ? seamProblem(contract, pages[index - 1], pages[index]) : undefined);
		if (problem) return { movement: problem };
		// Every page after the first starts with the record the page before it ended with.
		for (const record of index === 0 ? pages[index].records : pages[index].records.slice(1)) {
			const key = recordKey(contract, record);
			// With the pages meeting, a record seen twice has moved within the list while it was read.
			if (seen.has(key)) return { movement: `the record ${key} appeared twice` };
			seen.add(key);
			records.push(record);
		}
	}
	return { records: records.slice(0, target) };
}

/**
 * Reads a partner list (`{results, _meta: {count}}`) with Return All or a limit, and proves it
 * complete: every record that was in the list for the whole read is returned exactly once, or
 * the run fails. The first page tells the count and the real page size; the rest are read
 * concurrently within the account's pace, overlapping by one record. When the list moved under
 * the pages, it is read again, at most three times in all.
 */
export async function fetchPartnerList(context: TransportContext, request: ListRequest): Promise<IDataObject[]> {
	const wanted = request.limit ?? Number.POSITIVE_INFINITY;
	if (wanted <= 0) return [];
	const path = normalizePath(request.path, true);
	const contract = request.expect;
	let movement = '';
	for (let read = 1; read <= MAX_LIST_READS; read++) {
		const outcome = await readOnce(context, request, contract, wanted);
		if ('records' in outcome) return outcome.records as IDataObject[];
		movement = outcome.movement;
		context.logger.info(`GET ${path}: the list moved while it was read (${movement}); reading it again`);
	}
	throw new NodeApiError(
		context.getNode(),
		{ path, reason: movement },
		{
			message: `The list GET ${path} kept changing while it was read (${MAX_LIST_READS} reads): ${movement}`,
			description: `Nothing was output, so that no record is missing or doubled. Narrow the filters (for example a date range, or a status that does not change while you read) so that the list fits fewer pages, or run the node again.`,
			itemIndex: request.itemIndex,
		},
	);
}
