import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * The most records one read returns. A count the service sends sizes the pages a read plans, so
 * it is held to this before any page is planned: beyond it n8n could not hold the records anyway
 * (about a gigabyte of items), and a count that large is likelier a broken answer than a list.
 */
export const MAX_RECORDS_PER_READ = 1_000_000;
/** The most pages one read asks for: about an hour at the services' usual pace of 3 requests a second. */
export const MAX_PAGES_PER_READ = 10_000;

const formatted = (count: number) => count.toLocaleString('en-US');

/**
 * The read of `count` records that is refused before its pages are planned, naming the request;
 * with `pages`, refused for the number of pages the service's page size makes of them.
 */
export function tooManyToReadError(
	node: INode,
	refused: { request: string; count: number; pages?: number; narrow: string; itemIndex?: number },
): NodeApiError {
	const tooMany = refused.pages
		? `${formatted(refused.count)} records in ${formatted(refused.pages)} pages, more pages than one read asks for (${formatted(MAX_PAGES_PER_READ)})`
		: `${formatted(refused.count)} records, more than one read returns (${formatted(MAX_RECORDS_PER_READ)})`;
	return new NodeApiError(
		node,
		{ request: refused.request, count: refused.count, maxRecordsPerRead: MAX_RECORDS_PER_READ, maxPagesPerRead: MAX_PAGES_PER_READ },
		{
			message: `${refused.request} counts ${tooMany}`,
			description: `Nothing was read past the first page, and nothing was output. ${refused.narrow}, or set a Limit.`,
			itemIndex: refused.itemIndex,
		},
	);
}
