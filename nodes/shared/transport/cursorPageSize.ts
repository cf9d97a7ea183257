import { readServerProblems } from './answers';
import type { Account } from './account';
import type { HttpFailure } from './errors';
import type { RequestPacer } from './rateLimiter';

/**
 * The most records a page of a cursor list is asked for. The record shows 500 as the merchants'
 * maximum and nothing for the coupons' and actions' (../shared/spec/published-api-facts.md,
 * sections 9, 11 and 13); 500 is also the partner lists' cap.
 */
export const CURSOR_PAGE_SIZE = 500;

/** The page size every source shows these lists take: their default (published-api-facts.md, sections 9 and 11). */
export const DOCUMENTED_CURSOR_PAGE_SIZE = 100;

/** The paths of each account's lists that refused CURSOR_PAGE_SIZE (the pacer is the account's). */
const refusedSizes = new WeakMap<RequestPacer, Set<string>>();

/** The page size a read of `path` asks for: CURSOR_PAGE_SIZE, or the default once the service refused it. */
export function cursorPageSizeFor(account: Account, path: string): number {
	return refusedSizes.get(account.pacer)?.has(path) ? DOCUMENTED_CURSOR_PAGE_SIZE : CURSOR_PAGE_SIZE;
}

/**
 * Whether a 400 to a page asked for `asked` records refuses its size alone, so that the page can be
 * asked again at the documented default: every problem the service named is `limit`. A 400 that
 * names anything else, or comes to a page already at the default, is the user's to see.
 */
export function refusesPageSizeOnly(failure: HttpFailure, asked: number): boolean {
	if (asked <= DOCUMENTED_CURSOR_PAGE_SIZE) return false;
	const problems = readServerProblems(failure.body);
	return problems.length > 0 && problems.every((problem) => problem.field === 'limit');
}

/** The service refused pages of `path` larger than the default: the account's next reads of it ask for the default at once. */
export function rememberRefusedPageSize(account: Account, path: string): void {
	let paths = refusedSizes.get(account.pacer);
	if (!paths) refusedSizes.set(account.pacer, (paths = new Set()));
	paths.add(path);
}
