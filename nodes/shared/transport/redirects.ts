/** Redirects: followed only to the credential's own origin, only for a request that may be sent again. */
import type { Account } from './account';
import type { FullResponse } from './send';

/** Same-origin redirects followed per request, at most. */
const MAX_REDIRECTS = 5;

/** Where a redirect points, or undefined when its Location cannot be read. */
export function redirectTarget(response: FullResponse, from: string): URL | undefined {
	const location = response.headers.location;
	if (typeof location !== 'string' || location === '') return undefined;
	try {
		return new URL(location, from);
	} catch {
		return undefined;
	}
}

/** Why a redirect is not followed, or undefined when it may be. */
export function redirectRefusal(target: URL | undefined, account: Account, mayRetry: boolean, redirects: number): string | undefined {
	if (!target) return 'The redirect has no readable Location.';
	if (target.origin !== account.origin) {
		return `The credential is never sent to another origin than its Base URL (${account.origin}).`;
	}
	if (!mayRetry) return 'A create is never sent twice, so its redirects are not followed.';
	if (redirects >= MAX_REDIRECTS) return `More than ${MAX_REDIRECTS} redirects.`;
	return undefined;
}
