/**
 * Deeplink → Create's decisions, apart from n8n and the network (docs/nodes.md, Deeplink): which
 * URLs may share a request, what an answer must hold, and what each URL outputs.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Deeplink } from './answer';

export { deeplinkAnswer, deeplinkAnswerViolation, readDeeplinks, urlsAsked } from './answer';
export type { Deeplink } from './answer';
export { DEEPLINK_SUB_ID4_MAX_LENGTH, DEEPLINK_SUB_ID_MAX_LENGTH, DEEPLINK_SUB_IDS, percentNulAt, readDeeplinkSubIds } from './subIds';

/** The service takes at most 200 `ulp` per request (published-api-facts.md, section 3). */
export const URLS_PER_DEEPLINK_REQUEST = 200;

/**
 * Requests in flight: the account's pacer spaces them (10 a second by default), so with answers of
 * 200 ms or more one at a time would leave the pace unused; 4 keep it busy up to 400 ms answers
 * (BENCHMARKS.md, "Links and coupons").
 */
export const DEEPLINK_REQUESTS_IN_FLIGHT = 4;

/** Where a URL's link is made: one ad space, one program, one set of sub IDs. */
export interface DeeplinkTarget {
	adSpaceId: string;
	programId: string;
	/** Query name → value, only those given. */
	subIds: Record<string, string>;
}

/**
 * The group of a target: URLs of the same group share requests. Sub IDs count by name and value,
 * so `subid=a` and `subid1=a` are two groups, and an empty sub ID is the same as none.
 */
export function deeplinkGroup(target: DeeplinkTarget): string {
	const subIds = Object.keys(target.subIds)
		.sort()
		.map((name) => [name, target.subIds[name]]);
	return JSON.stringify([target.adSpaceId, target.programId, subIds]);
}

/**
 * One output item: the URL asked, its link, and the service's `is_affiliate_product` under its
 * own name (null where the service gives none, and always with the answer of bare links).
 */
export function deeplinkItem(deeplink: Deeplink, url: string): IDataObject {
	return { url, link: deeplink.link, is_affiliate_product: deeplink.isAffiliateProduct };
}
