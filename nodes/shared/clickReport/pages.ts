import type { IDataObject } from 'n8n-workflow';

import type { Account, TransportContext } from '../transport';
import { MAX_RECORDS_PER_READ, apiExchange, clickReportPage, pagesInFlight, runPool, tooManyToReadError } from '../transport';
import { CLICK_REPORT_PATH } from './filters';
import type { ClockSample } from './serviceClock';

/** A click read that a total from the service would make too large, refused before anything is sized by it. */
export function tooManyClicksError(context: TransportContext, total: number, itemIndex?: number) {
	return tooManyToReadError(context.getNode(), {
		request: `GET ${CLICK_REPORT_PATH}`,
		count: total,
		narrow: 'Narrow the period (Date From and Date To, or the updatedAt range) or the filters',
		itemIndex,
	});
}

/** The click report's documented maximum page size (spec, section 4.4). */
export const CLICK_PAGE_SIZE = 500;

/** A click item as the report gives it; the transport has checked `id` and `updatedAt` (spec, section 2.6). */
export interface ClickItem extends IDataObject {
	id: string;
	updatedAt: string;
}

export interface ClickPage {
	/** Newest first; equal updatedAt in id order (spec, section 4.4, rule 7). */
	items: ClickItem[];
	/** The number of items matching the query when this page was answered. */
	total: number;
	/** What the answer says about the service's clock. */
	clock: ClockSample;
}

/** The filters of one report; the page and period parameters are added per request. */
export interface ClickQuery {
	qs?: IDataObject;
	itemIndex?: number;
}

/** The updatedAt pair as the service takes it: a closed range of ISO date-times. */
export function updatedAtRange(from: number, to: number): IDataObject {
	return { updatedAtFrom: new Date(from).toISOString(), updatedAtTo: new Date(to).toISOString() };
}

/** One page of the click report. */
export async function readClickPage(
	context: TransportContext,
	query: ClickQuery,
	offset: number,
	limit: number,
): Promise<ClickPage> {
	const answer = await apiExchange<{ data: ClickItem[]; meta: { total: number } }>(context, 'click', {
		method: 'GET',
		path: CLICK_REPORT_PATH,
		expect: clickReportPage,
		qs: { ...query.qs, limit, offset },
		itemIndex: query.itemIndex,
	});
	const date = typeof answer.headers.date === 'string' ? Date.parse(answer.headers.date) : NaN;
	const items = answer.body.data;
	return {
		items,
		total: answer.body.meta.total,
		clock: {
			serviceDate: Number.isNaN(date) ? undefined : date,
			sentAt: answer.sentAt,
			receivedAt: answer.receivedAt,
			newestStamp: items.length ? Date.parse(items[0].updatedAt) : undefined,
		},
	};
}

export type RangeRead = { items: ClickItem[] } | { problem: string };

/**
 * Items at offsets `from` (inclusive) to `to` (exclusive) of a report whose count was
 * `expectedTotal`, read concurrently within the account's pace, in server order; or what shows
 * that the data moved under the offsets meanwhile (a page counted another total, or came short).
 */
export async function readClickRange(
	context: TransportContext,
	account: Account,
	query: ClickQuery,
	from: number,
	to: number,
	expectedTotal: number,
): Promise<RangeRead> {
	// `to` comes from a total the service sent: it is held to what a read returns before it sizes anything.
	if (to - from > MAX_RECORDS_PER_READ) {
		throw tooManyClicksError(context, expectedTotal, query.itemIndex);
	}
	const offsets: number[] = [];
	for (let offset = from; offset < to; offset += CLICK_PAGE_SIZE) offsets.push(offset);
	const pages = await runPool(
		offsets.map((offset) => () => readClickPage(context, query, offset, Math.min(CLICK_PAGE_SIZE, to - offset))),
		pagesInFlight(account),
	);
	const items: ClickItem[] = [];
	for (let index = 0; index < pages.length; index++) {
		const page = pages[index];
		const expected = Math.min(CLICK_PAGE_SIZE, to - offsets[index]);
		if (page.total !== expectedTotal) {
			return { problem: `the page at offset ${offsets[index]} counted ${page.total} items where the first page counted ${expectedTotal}` };
		}
		if (page.items.length !== expected) {
			return { problem: `the page at offset ${offsets[index]} held ${page.items.length} items where ${expected} were due` };
		}
		for (const item of page.items) items.push(item);
	}
	return { items };
}
