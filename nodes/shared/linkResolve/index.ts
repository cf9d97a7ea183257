/**
 * Link → Resolve of the Click Report: affiliate links for many URLs, `PUT
 * /v1/product/monetize-api/v2/resolve` (../shared/spec/published-api-facts.md, section 10;
 * docs/nodes.md, "Link (Click Report 1.2)").
 */
import type { IDataObject } from 'n8n-workflow';

import type { Batch } from '../batching';
import type { TransportContext } from '../transport';
import { apiRequest, shapedAs } from '../transport';
import { pairEntries, readEntries, resolveAnswerViolation } from './answer';
import type { LeftOutUrls, ResolvedLink } from './answer';

export { pairEntries, readEntries, resolveAnswerViolation } from './answer';
export { urlForm } from '../urlPairing';
export type { LeftOutUrls, ResolvedLink } from './answer';

export const RESOLVE_PATH = '/v1/product/monetize-api/v2/resolve';

/**
 * URLs per request. The record shows no cap for resolve; 100 is the monetize API's own default
 * page (merchants, coupons; facts sections 9 and 11). Asking more at once would save requests
 * only while the service takes them: a cap it enforces unseen would fail every request.
 * 1,000 URLs are 10 requests, a tenth of the click service's 100 per 5 minutes.
 */
export const URLS_PER_REQUEST = 100;

/** Requests in flight: the click service takes 3 a second, and the account's pacer spaces them. */
export const RESOLVES_IN_FLIGHT = 3;

/** What the requests of one group share: one sub ID per request (facts section 10), whether logos are asked, and what a URL left out means. */
export interface ResolveGroup {
	subId?: string;
	withImages: boolean;
	leftOut: LeftOutUrls;
}

/** The group key of `runBatched`: items with the same sub ID and options share requests. */
export const groupKey = (group: ResolveGroup): string => JSON.stringify([group.subId ?? null, group.withImages, group.leftOut]);

const groupOf = (key: string): ResolveGroup => {
	const [subId, withImages, leftOut] = JSON.parse(key) as [string | null, boolean, LeftOutUrls];
	return { subId: subId ?? undefined, withImages, leftOut };
};

/** The entries of each URL of the batch, in its order. A URL asked twice is sent once and answered for both. */
export async function resolveBatch(context: TransportContext, batch: Batch<string>): Promise<ResolvedLink[]> {
	const { subId, withImages, leftOut } = groupOf(batch.group);
	const iris = [...new Set(batch.values)];
	const body: IDataObject = { iris };
	if (subId !== undefined) body.subId = subId;
	if (withImages) body.withImages = true;
	const answer = await apiRequest(context, 'click', {
		method: 'PUT',
		path: RESOLVE_PATH,
		body,
		// It makes links and changes nothing on the service: retried as a GET is (README, "Guarantees").
		idempotent: true,
		expect: shapedAs('the links of the URLs asked', (body, asked) => resolveAnswerViolation(body, asked, leftOut)),
		itemIndex: batch.itemIndexes[0],
	});
	// The contract held, so every URL has its entry.
	const paired = pairEntries(iris, readEntries(answer) as ResolvedLink[], leftOut) as ResolvedLink[];
	const byUrl = new Map(iris.map((url, index) => [url, paired[index]]));
	return batch.values.map((url) => byUrl.get(url) as ResolvedLink);
}

/**
 * One output item per URL: the URL as given, whether a program covers it, and the service's
 * fields. A URL no program covers is `resolved: false` with `trackingLink: null`, never dropped.
 */
export function linkOutput(entry: ResolvedLink, url: string): IDataObject {
	const output: IDataObject = {
		url,
		resolved: typeof entry.trackingLink === 'string',
		iri: entry.iri,
		trackingLink: entry.trackingLink,
	};
	if (entry.imageUrl !== undefined) output.imageUrl = entry.imageUrl;
	return output;
}
