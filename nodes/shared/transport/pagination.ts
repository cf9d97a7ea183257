import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { TransportContext } from './request';
import { apiRequest } from './request';

/** Partner lists cap `limit` at this in the known clients; asking for more only gets capped. */
export const PARTNER_MAX_PAGE_SIZE = 500;
/** The click report's documented maximum page size. */
export const CLICK_PAGE_SIZE = 500;
/** Upper bound of pages in flight; the per-credential pacer sets the real pace. */
const MAX_PAGES_IN_FLIGHT = 32;
/** How often a click report is read again when the data moved under the pages. */
const MAX_CLICK_REREADS = 3;

export interface ListRequest {
	path: string;
	qs?: IDataObject;
	/** `undefined` means Return All. */
	limit?: number;
	itemIndex?: number;
}

interface PartnerPage {
	results?: unknown[];
	_meta?: { count?: number; limit?: number; offset?: number };
}

interface ClickPageBody {
	meta?: { total?: number; limit?: number; offset?: number };
	data?: IDataObject[];
}

/** Runs tasks with at most `concurrency` in flight; the first failure stops new starts. */
async function runPool<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
	const results: T[] = new Array(tasks.length);
	let next = 0;
	let failed = false;
	const worker = async () => {
		while (!failed && next < tasks.length) {
			const index = next++;
			let succeeded = false;
			try {
				results[index] = await tasks[index]();
				succeeded = true;
			} finally {
				if (!succeeded) failed = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
	return results;
}

async function pagesInFlight(context: TransportContext, credentialType: string): Promise<number> {
	const credentials = await context.getCredentials(credentialType);
	const rate = Number(credentials.maxRequestsPerSecond);
	// Two seconds' worth of requests keeps the pacer busy at latencies up to about two seconds.
	return Math.max(2, Math.min(MAX_PAGES_IN_FLIGHT, Math.ceil((Number.isFinite(rate) && rate > 0 ? rate : 3) * 2)));
}

function keyOf(record: unknown): string | undefined {
	const id = (record as IDataObject | null)?.id;
	return id === undefined || id === null ? undefined : String(id);
}

/**
 * Reads a partner list (`{results, _meta: {count}}`) with Return All or a limit.
 *
 * The first page tells how many records there are and how many the server really gives per
 * page (it may cap `limit` silently). The remaining pages are then read concurrently at offsets
 * that step by that page size. A page that comes back short, for instance because records were
 * removed meanwhile, is continued from where it ended, advancing by what was received; the end
 * is `_meta.count`, so no page past the end is ever asked for. Records are returned once each.
 */
export async function fetchPartnerList(context: TransportContext, request: ListRequest): Promise<IDataObject[]> {
	const wanted = request.limit ?? Number.POSITIVE_INFINITY;
	if (wanted <= 0) return [];
	const getPage = async (offset: number, limit: number) => {
		const page = await apiRequest<PartnerPage>(context, 'partner', {
			method: 'GET',
			path: request.path,
			qs: { ...request.qs, limit, offset },
			itemIndex: request.itemIndex,
		});
		return { records: (page?.results ?? []) as IDataObject[], count: Number(page?._meta?.count ?? 0) };
	};

	const first = await getPage(0, Math.min(wanted, PARTNER_MAX_PAGE_SIZE));
	const target = Math.min(wanted, first.count);
	const pageSize = first.records.length;
	if (pageSize === 0 || pageSize >= target) return first.records.slice(0, target);

	const offsets: number[] = [];
	for (let offset = pageSize; offset < target; offset += pageSize) offsets.push(offset);
	const concurrency = await pagesInFlight(context, 'affiliatePartnerApi');
	const pages = await runPool(
		offsets.map((offset) => () => getPage(offset, Math.min(pageSize, target - offset))),
		concurrency,
	);

	const records = [...first.records];
	const seen = new Set(first.records.map(keyOf));
	const add = (batch: IDataObject[]) => {
		for (const record of batch) {
			const key = keyOf(record);
			if (key !== undefined) {
				if (seen.has(key)) continue;
				seen.add(key);
			}
			records.push(record);
		}
	};
	for (let index = 0; index < pages.length; index++) {
		const offset = offsets[index];
		const expected = Math.min(pageSize, target - offset);
		add(pages[index].records);
		let received = pages[index].records.length;
		let end = Math.min(target, pages[index].count);
		// A short page: continue right after what came back, one page at a time.
		while (received < expected && pages[index].records.length > 0 && offset + received < end) {
			const rest = await getPage(offset + received, expected - received);
			if (rest.records.length === 0) break;
			add(rest.records);
			received += rest.records.length;
			end = Math.min(target, rest.count);
		}
	}
	return records.slice(0, target);
}

export interface ClickPage {
	items: IDataObject[];
	total: number;
}

/** One page of the click report. */
export async function readClickPage(
	context: TransportContext,
	request: { path: string; qs?: IDataObject; itemIndex?: number },
	offset: number,
	limit: number,
): Promise<ClickPage> {
	const page = await apiRequest<ClickPageBody>(context, 'click', {
		method: 'GET',
		path: request.path,
		qs: { ...request.qs, limit, offset },
		itemIndex: request.itemIndex,
	});
	return { items: page?.data ?? [], total: Number(page?.meta?.total ?? 0) };
}

/**
 * Items at offsets `from` (inclusive) to `to` (exclusive) of a report whose first page gave
 * `expectedTotal`, read concurrently within the credential's pace, in server order. Returns
 * undefined when the data moved meanwhile: a page reported another total or came back short.
 */
export async function readClickRange(
	context: TransportContext,
	request: { path: string; qs?: IDataObject; itemIndex?: number },
	from: number,
	to: number,
	expectedTotal: number,
): Promise<IDataObject[] | undefined> {
	const offsets: number[] = [];
	for (let offset = from; offset < to; offset += CLICK_PAGE_SIZE) offsets.push(offset);
	const concurrency = await pagesInFlight(context, 'clickStatisticsApi');
	const pages = await runPool(
		offsets.map((offset) => () => readClickPage(context, request, offset, Math.min(CLICK_PAGE_SIZE, to - offset))),
		concurrency,
	);
	const consistent = pages.every(
		(page, index) =>
			page.total === expectedTotal && page.items.length === Math.min(CLICK_PAGE_SIZE, to - offsets[index]),
	);
	return consistent ? ([] as IDataObject[]).concat(...pages.map((page) => page.items)) : undefined;
}

export interface ClickReportRequest {
	path: string;
	qs?: IDataObject;
	/** `undefined` means Return All. */
	limit?: number;
	itemIndex?: number;
	/**
	 * Pin the pages after the first to the first page's newest `updatedAt` (for a query without an
	 * updatedAt pair of its own): an item updated while the pages are read then leaves the report,
	 * which changes its total and triggers a re-read, instead of moving to the top unseen.
	 */
	pinToFirstPage?: boolean;
}

/** A lower updatedAt bound that excludes nothing; the service takes the updatedAt pair together. */
const UPDATED_AT_FLOOR = '2000-01-01T00:00:00.000Z';

/**
 * Reads the click report (`{meta: {total}, data}`) with Return All or a limit.
 *
 * Page size is 500. After the first page, the remaining pages (known from `meta.total`) are read
 * concurrently within the credential's pace and merged in server order, so the report costs
 * exactly `ceil(total / 500)` requests. Every page must report the same total and be full (the
 * last one: the rest); otherwise the data moved under the offsets, and the whole report is read
 * again so that no item is skipped or repeated.
 */
export async function fetchClickReport(context: TransportContext, request: ClickReportRequest): Promise<IDataObject[]> {
	const wanted = request.limit ?? Number.POSITIVE_INFINITY;
	if (wanted <= 0) return [];
	const pageRequest = { path: request.path, qs: request.qs, itemIndex: request.itemIndex };
	for (let read = 1; read <= MAX_CLICK_REREADS; read++) {
		const first = await readClickPage(context, pageRequest, 0, Math.min(wanted, CLICK_PAGE_SIZE));
		const target = Math.min(wanted, first.total);
		if (first.items.length >= target) return first.items.slice(0, target);
		if (first.items.length < Math.min(CLICK_PAGE_SIZE, target)) continue;
		// Items are newest first: the first item's updatedAt was the newest of all when it was read.
		const restRequest = request.pinToFirstPage
			? {
					...pageRequest,
					qs: { ...request.qs, updatedAtFrom: UPDATED_AT_FLOOR, updatedAtTo: String(first.items[0].updatedAt) },
				}
			: pageRequest;
		const rest = await readClickRange(context, restRequest, CLICK_PAGE_SIZE, target, first.total);
		if (rest) return first.items.concat(rest);
	}
	throw new NodeApiError(
		context.getNode(),
		{ reason: 'click report kept changing while it was read' },
		{
			message: `The click report kept changing while it was read (${MAX_CLICK_REREADS} attempts)`,
			description:
				'Items were added or updated between pages, which would skip or repeat items. Narrow the period or the updatedAt range, or run the node again.',
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Reads consecutive windows of one click report, in the given order. With Return All the windows
 * are read at once: their pages share the credential's pace, so a second window costs no extra
 * round trip. With a limit they are read one after the other, so that no page past the limit is
 * asked for.
 */
export async function fetchClickReportWindows(
	context: TransportContext,
	request: Omit<ClickReportRequest, 'qs'> & { windows: IDataObject[] },
): Promise<IDataObject[]> {
	const { windows, ...common } = request;
	if (common.limit === undefined) {
		const perWindow = await Promise.all(windows.map((qs) => fetchClickReport(context, { ...common, qs })));
		return ([] as IDataObject[]).concat(...perWindow);
	}
	const records: IDataObject[] = [];
	for (const qs of windows) {
		const remaining = common.limit - records.length;
		if (remaining <= 0) break;
		for (const record of await fetchClickReport(context, { ...common, qs, limit: remaining })) records.push(record);
	}
	return records;
}
