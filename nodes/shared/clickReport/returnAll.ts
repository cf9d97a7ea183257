import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Account, TransportContext } from '../transport';
import { MAX_RECORDS_PER_READ, resolveAccount } from '../transport';
import type { ClickItem, ClickQuery } from './pages';
import { CLICK_PAGE_SIZE, readClickPage, readClickRange, tooManyClicksError } from './pages';

/** How often a click report is read again when the data moved under the pages. */
const MAX_CLICK_REREADS = 3;
/** A Return All that waits longer than this for the account's pace says how long it will take. */
const ANNOUNCE_WAITS_OVER_MS = 30_000;
/** A lower updatedAt bound that excludes nothing; the service takes the updatedAt pair together. */
const UPDATED_AT_FLOOR = '2000-01-01T00:00:00.000Z';

export interface ClickReportRequest extends ClickQuery {
	/** `undefined` means Return All. */
	limit?: number;
	/**
	 * Pin the pages after the first to the first page's newest `updatedAt` (for a query without an
	 * updatedAt pair of its own): an item updated while the pages are read then leaves the report,
	 * which changes its total and triggers a re-read, instead of moving to the top unseen.
	 */
	pinToFirstPage?: boolean;
}

/** A report that moved under every read of it: nothing is output rather than items skipped or repeated. */
function keptChangingError(context: TransportContext, problem: string, itemIndex: number | undefined): NodeApiError {
	return new NodeApiError(
		context.getNode(),
		{ reason: problem },
		{
			message: `The click report kept changing while it was read (${MAX_CLICK_REREADS} reads): ${problem}`,
			description:
				'Items were added or updated between pages, or the pages did not add up to the count the service gave, which would skip or repeat items. Nothing was output. Narrow the period or the updatedAt range, or run the node again.',
			itemIndex,
		},
	);
}

/** The first id that appears twice, if any. */
function repeatedId(items: ClickItem[]): string | undefined {
	const seen = new Set<string>();
	for (const item of items) {
		if (seen.has(item.id)) return item.id;
		seen.add(item.id);
	}
	return undefined;
}

/** Says how long the rest of a large report will take when the account's pace makes it wait long. */
function announceLongRead(context: TransportContext, { pacer, limits }: Account, pages: number) {
	const now = Date.now();
	const waitMs = pacer.schedule.lastSlotOf(pages, now) - now;
	if (waitMs <= ANNOUNCE_WAITS_OVER_MS) return;
	const window = limits.window ? ` and ${limits.window.requests} per 5 minutes` : '';
	context.logger.info(
		`Click report: ${pages} more pages to read at ${limits.requestsPerSecond} requests per second${window}; this takes about ${Math.ceil(waitMs / 60_000)} minute(s)`,
	);
}

/**
 * Reads the click report (`{meta: {total}, data}`) with Return All or a limit.
 *
 * Page size is 500. After the first page, the remaining pages (known from `meta.total`) are read
 * concurrently within the account's pace and merged in server order, so the report costs
 * exactly `ceil(total / 500)` requests. Every page must report the same total and be full (the
 * last one: the rest), and the ids read must be distinct; otherwise the data moved under the
 * offsets, and the whole report is read again so that no item is skipped or repeated.
 */
export async function fetchClickReport(context: TransportContext, request: ClickReportRequest): Promise<IDataObject[]> {
	const wanted = request.limit ?? Number.POSITIVE_INFINITY;
	if (wanted <= 0) return [];
	const query: ClickQuery = { qs: request.qs, itemIndex: request.itemIndex };
	let problem = '';
	let account: Account | undefined;
	for (let read = 1; read <= MAX_CLICK_REREADS; read++) {
		// The account is resolved beside the first page, so that the pages after it are not held up by it.
		const [first, resolved] = await Promise.all([
			readClickPage(context, query, 0, Math.min(wanted, CLICK_PAGE_SIZE)),
			account ?? resolveAccount(context, 'click', request.itemIndex),
		]);
		account = resolved;
		const target = Math.min(wanted, first.total);
		if (target > MAX_RECORDS_PER_READ) {
			throw tooManyClicksError(context, first.total, request.itemIndex);
		}
		let items: ClickItem[] | undefined;
		if (first.items.length < Math.min(CLICK_PAGE_SIZE, target)) {
			problem = `the first page held ${first.items.length} items where ${Math.min(CLICK_PAGE_SIZE, target)} were due`;
		} else if (first.items.length >= target) {
			items = first.items.slice(0, target);
		} else {
			if (read === 1) announceLongRead(context, account, Math.ceil(target / CLICK_PAGE_SIZE) - 1);
			// Items are newest first: the first item's updatedAt was the newest of all when it was read.
			const restQuery = request.pinToFirstPage
				? { ...query, qs: { ...request.qs, updatedAtFrom: UPDATED_AT_FLOOR, updatedAtTo: first.items[0].updatedAt } }
				: query;
			const rest = await readClickRange(context, account, restQuery, CLICK_PAGE_SIZE, target, first.total);
			if ('items' in rest) items = first.items.concat(rest.items);
			else problem = rest.problem;
		}
		if (items) {
			const repeated = repeatedId(items);
			if (repeated === undefined) return items;
			problem = `the item ${repeated} appeared twice`;
		}
		context.logger.info(`Click report: the report moved while it was read (${problem}); reading it again`);
	}
	throw keptChangingError(context, problem, request.itemIndex);
}

/** The windows read once: at once with Return All, one after the other with a limit. */
async function readWindows(context: TransportContext, windows: IDataObject[], common: Omit<ClickReportRequest, 'qs'>): Promise<ClickItem[]> {
	const records: ClickItem[] = [];
	if (common.limit === undefined) {
		const perWindow = await Promise.all(windows.map((qs) => fetchClickReport(context, { ...common, qs })));
		for (const items of perWindow) for (const item of items) records.push(item as ClickItem);
		return records;
	}
	for (const qs of windows) {
		const remaining = common.limit - records.length;
		if (remaining <= 0) break;
		for (const record of await fetchClickReport(context, { ...common, qs, limit: remaining })) records.push(record as ClickItem);
	}
	return records;
}

/**
 * Reads consecutive windows of one click report, in the given order. With Return All the windows
 * are read at once: their pages share the account's pace, so a second window costs no extra
 * round trip. With a limit they are read one after the other, so that no page past the limit is
 * asked for. The windows split the period by day, so an item belongs to one of them: an id in two
 * means an item moved between days while they were read, and they are read again.
 */
export async function fetchClickReportWindows(
	context: TransportContext,
	request: Omit<ClickReportRequest, 'qs'> & { windows: IDataObject[] },
): Promise<IDataObject[]> {
	const { windows, ...common } = request;
	let problem = '';
	for (let read = 1; read <= MAX_CLICK_REREADS; read++) {
		const records = await readWindows(context, windows, common);
		const repeated = windows.length > 1 ? repeatedId(records) : undefined;
		if (repeated === undefined) return records;
		problem = `the item ${repeated} appeared in two of its 120-day windows`;
		context.logger.info(`Click report: the report moved while it was read (${problem}); reading it again`);
	}
	throw keptChangingError(context, problem, request.itemIndex);
}
