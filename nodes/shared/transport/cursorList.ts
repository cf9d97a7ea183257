import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { resolveAccount } from './account';
import type { ApiName } from './apis';
import type { CursorPageContract } from './contracts';
import { recordKey } from './contracts';
import { NOTHING_OUTPUT, refusedCursorError, shownCursor } from './cursorRefusal';
import { CURSOR_PAGE_SIZE, DOCUMENTED_CURSOR_PAGE_SIZE, cursorPageSizeFor, refusesPageSizeOnly, rememberRefusedPageSize } from './cursorPageSize';
import { MAX_PAGES_PER_READ, MAX_RECORDS_PER_READ } from './readLimits';
import type { TransportContext } from './send';
import { apiRequest, normalizePath } from './request';

export { CURSOR_PAGE_SIZE };

export interface CursorListRequest {
	api: ApiName;
	path: string;
	/** The page's promise (contracts.ts `cursorPageOf`): the records' key and the check of each. */
	expect: CursorPageContract;
	qs?: IDataObject;
	/** `undefined` means Return All. */
	limit?: number;
	itemIndex?: number;
	/** What the user can narrow when a read is too long: `Narrow the filters (for example a status)`. */
	narrow: string;
}

/** What a read does after a page. */
export type CursorStep =
	| { done: true }
	| { next: string }
	| { refused: 'repeatedCursor'; cursor: string; page: number }
	| { refused: 'tooManyPages' | 'tooManyRecords'; pages: number; records: number };

/**
 * One read of a cursor list, as pure decisions (no I/O): the records kept so far and the cursors
 * sent. A record seen twice is kept once, in its newest state and at its newest place: a list
 * ordered by last change (the click service's actions, by `updatedAt`) moves a record updated
 * during the read behind the cursor, where a later page shows it again as it is now; the earlier
 * copy is the older state. So a later page wins.
 */
export class CursorRead {
	private readonly kept = new Map<string, IDataObject>();
	private readonly sent = new Set<string>();
	private pages = 0;

	constructor(
		private readonly wanted: number,
		private readonly keyOf: (record: IDataObject) => string,
		private readonly bounds = { pages: MAX_PAGES_PER_READ, records: MAX_RECORDS_PER_READ },
		private fullPage = CURSOR_PAGE_SIZE,
	) {}

	/** The `limit` of the next page: a page's worth, or what the Limit still wants. */
	pageSize(): number {
		return Math.min(this.fullPage, this.wanted - this.kept.size);
	}

	/** The service refused the page size: the pages from now on ask for at most `size`. */
	shrinkPages(size: number): void {
		this.fullPage = Math.min(this.fullPage, size);
	}

	/** Keeps a page's records and says what comes next; `sentCursor` is the cursor the page was asked with. */
	take(records: IDataObject[], next: unknown, sentCursor?: string): CursorStep {
		this.pages++;
		if (sentCursor !== undefined) this.sent.add(sentCursor);
		for (const record of records) {
			const key = this.keyOf(record);
			// Deleted first, so that the newest state also takes the newest place in the order.
			this.kept.delete(key);
			this.kept.set(key, record);
		}
		const tally = { pages: this.pages, records: this.kept.size };
		if (this.kept.size > this.bounds.records) return { refused: 'tooManyRecords', ...tally };
		if (this.kept.size >= this.wanted || next === undefined || next === null) return { done: true };
		const cursor = String(next);
		// A cursor given before leads where the read has been: followed, it would never end.
		if (this.sent.has(cursor)) return { refused: 'repeatedCursor', cursor, page: this.pages };
		if (this.pages >= this.bounds.pages) return { refused: 'tooManyPages', ...tally };
		return { next: cursor };
	}

	records(): IDataObject[] {
		return [...this.kept.values()];
	}
}

const formatted = (count: number) => count.toLocaleString('en-US');

function refusedReadError(
	context: TransportContext,
	request: CursorListRequest,
	label: string,
	step: Extract<CursorStep, { refused: string }>,
): NodeApiError {
	if (step.refused === 'repeatedCursor') {
		return new NodeApiError(
			context.getNode(),
			{ request: label, page: step.page, next: step.cursor },
			{
				message: `${label} answered page ${step.page} with the cursor ${shownCursor(step.cursor)} in "meta.next", one the read had already sent: following it would read the same pages again without end`,
				description: `${NOTHING_OUTPUT} The service's paging went wrong; run the workflow again later.`,
				itemIndex: request.itemIndex,
			},
		);
	}
	const tooMany =
		step.refused === 'tooManyPages'
			? `more than ${formatted(MAX_PAGES_PER_READ)} pages, more than one read asks for`
			: `more than ${formatted(MAX_RECORDS_PER_READ)} records, more than one read returns`;
	return new NodeApiError(
		context.getNode(),
		{ request: label, pages: step.pages, records: step.records, maxRecordsPerRead: MAX_RECORDS_PER_READ, maxPagesPerRead: MAX_PAGES_PER_READ },
		{
			message: `${label} has ${tooMany} (${formatted(step.records)} records in ${formatted(step.pages)} pages read)`,
			description: `${NOTHING_OUTPUT} ${request.narrow}, or set a Limit.`,
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Reads a list that pages by cursor (`{meta: {next}, data}`), with Return All or a Limit: the
 * one way a node reads such a list. Each page asks for `limit` and, after the first, `next` from
 * the page before (both unconfirmed by the record: docs/nodes.md, Click Report); the read ends on
 * a `next` that is null or absent. Pages follow each other by nature, each paced by the account's
 * pacer in `apiRequest`. Every record is returned once, in its newest state (`CursorRead`); a
 * Limit returns that many records, or all there are.
 */
export async function fetchCursorList(context: TransportContext, request: CursorListRequest): Promise<IDataObject[]> {
	const wanted = request.limit ?? Number.POSITIVE_INFINITY;
	if (wanted <= 0) return [];
	const account = await resolveAccount(context, request.api, request.itemIndex);
	const label = `GET ${normalizePath(request.path, account.profile.trailingSlash)}`;
	const read = new CursorRead(wanted, (record) => recordKey(request.expect, record), undefined, cursorPageSizeFor(account, request.path));
	let cursor: string | undefined;
	for (let pageNumber = 1; ; pageNumber++) {
		const asked = read.pageSize();
		const qs: IDataObject = { ...request.qs, limit: asked };
		if (cursor !== undefined) qs.next = cursor;
		const refused = cursor === undefined ? undefined : { label, page: pageNumber, cursor, itemIndex: request.itemIndex };
		const page = await apiRequest<{ meta: { next?: unknown }; data: IDataObject[] } | null>(context, request.api, {
			method: 'GET',
			path: request.path,
			expect: request.expect,
			qs,
			itemIndex: request.itemIndex,
			// The record shows no maximum page size for most of these lists: a first page refused for
			// its size alone is asked again at the documented default, once (cursorPageSize.ts).
			nullWhenRefused: cursor === undefined ? (failure) => refusesPageSizeOnly(failure, asked) : undefined,
			// A 400 to the first page is about the filters, and names them; to a later one, about its cursor.
			badRequest: refused && ((failure, redactor) => refusedCursorError(context.getNode(), refused, failure, redactor)),
		});
		if (page === null) {
			rememberRefusedPageSize(account, request.path);
			read.shrinkPages(DOCUMENTED_CURSOR_PAGE_SIZE);
			pageNumber--;
			continue;
		}
		const step = read.take(page.data, page.meta.next, cursor);
		if ('done' in step) return read.records();
		if ('refused' in step) throw refusedReadError(context, request, label, step);
		cursor = step.next;
	}
}
