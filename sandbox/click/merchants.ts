// GET /v1/product/monetize-api/v2/merchant of the click service (../shared/spec/published-api-facts.md,
// section 9): {meta: {next}, data: [merchant]}, by merchantId, over an opaque cursor; `limit`
// 1-500, `updatedAtFrom` (inclusive) and `isActive` (docs/sandbox.md, "Merchants and coupons").

import { clickBadRequest, json, Reply } from '../reply';
import type { RequestContext } from '../state';
import { cursorPage, monetizeData, readFlag, readInstant, readPaging, type Problem } from './monetizeQuery';
import type { Merchant } from './monetizeSeed';

export const MERCHANTS_PATH = '/v1/product/monetize-api/v2/merchant';

/** Merchants come by merchantId; the key keeps that order as text. */
export const merchantKey = (merchant: Merchant) => String(merchant.merchantId).padStart(12, '0');

export function listMerchants(ctx: RequestContext): Reply {
	const data = monetizeData(ctx.state);
	const problems: Problem[] = [];
	const paging = readPaging(ctx.query, 'merchant', data.cursors, problems, ctx.state.config.cursorLimitMax);
	const isActive = readFlag(ctx.query, 'isActive', problems);
	const updatedFrom = readInstant(ctx.query, 'updatedAtFrom', problems);
	if (problems.length) return clickBadRequest(problems);
	const matching = data.merchants.filter(
		(merchant) => (isActive === undefined || merchant.isActive === isActive) && (updatedFrom === undefined || Date.parse(merchant.updatedAt) >= updatedFrom),
	);
	return json(200, cursorPage(matching, merchantKey, paging, 'merchant', data.cursors));
}

/** The host a URL is on, lower case and without `www.`, or undefined when it is not an absolute http(s) URL. */
export function hostOf(iri: string): string | undefined {
	try {
		const url = new URL(iri);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
		return url.hostname.toLowerCase().replace(/^www\./, '');
	} catch {
		return undefined;
	}
}

/** The merchant whose default domain or one of whose domains is the URL's host, or a domain it is under. */
export function merchantForUrl(merchants: readonly Merchant[], iri: string): Merchant | undefined {
	const host = hostOf(iri);
	if (host === undefined) return undefined;
	return merchants.find((merchant) =>
		[merchant.defaultDomain, ...merchant.domains].some((domain) => {
			const bare = domain.toLowerCase().replace(/^www\./, '');
			return host === bare || host.endsWith(`.${bare}`);
		}),
	);
}
