// PUT /v1/product/monetize-api/v2/resolve (Takeads style): an affiliate link for each IRI asked,
// as ../shared/spec/published-api-facts.md, section 10, records it; docs/sandbox.md, "Link resolve".

import { clickBadRequest, json, Reply } from '../reply';
import type { RequestContext } from '../state';

/** A shop the sandbox's programs cover: its domains (subdomains too), its link code and its logo. */
interface Shop {
	merchantId: number;
	domains: string[];
	/** The 12 letters and digits after /h/ of its tracking links, as the facts' `https://tatrck.com/h/0Hu30zXq0OQX`. */
	code: string;
	imageUrl: string;
}

/** The covered shops. Any other host is a URL no program covers. */
export const RESOLVE_SHOPS: readonly Shop[] = [
	{ merchantId: 41001, domains: ['shop-one.example', 'shopone.example'], code: '0Hu30zXq0OQX', imageUrl: 'https://images.takeads.example/merchants/41001.png' },
	{ merchantId: 41002, domains: ['fashion-two.example'], code: 'K7mQ2vLp9TzA', imageUrl: 'https://images.takeads.example/merchants/41002.png' },
	{ merchantId: 41003, domains: ['travel-three.example'], code: 'r4NbX8sYw1Ce', imageUrl: 'https://images.takeads.example/merchants/41003.png' },
	{ merchantId: 41004, domains: ['electro-four.example', 'electro4.example'], code: 'Zq5Jt0uHd3Vm', imageUrl: 'https://images.takeads.example/merchants/41004.png' },
	{ merchantId: 41005, domains: ['xn--bcher-kva.example'], code: 'p9GfE2kRa6Ls', imageUrl: 'https://images.takeads.example/merchants/41005.png' },
];

const TRACKING_ORIGIN = 'https://tatrck.com';
/** The docs' sub ID rule as written: digits 1-9, Latin letters, _ and -, at most 6144 (facts section 10). */
const SUB_ID_PATTERN = /^[1-9A-Za-z_-]*$/;
const SUB_ID_MAX = 6144;

/** The shop covering this URL's host, if any. */
export function shopFor(iri: string): Shop | undefined {
	let host: string;
	try {
		host = new URL(iri).hostname.toLowerCase();
	} catch {
		return undefined;
	}
	return RESOLVE_SHOPS.find((shop) => shop.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)));
}

/** `https://tatrck.com/h/<code>?s=<sub ID>&url=<the IRI>`: the query keys the facts name for the sub ID and the deeplink. */
export function trackingLinkFor(shop: Shop, iri: string, subId: string | undefined): string {
	const query = new URLSearchParams();
	if (subId) query.set('s', subId);
	query.set('url', iri);
	return `${TRACKING_ORIGIN}/h/${shop.code}?${query.toString()}`;
}

interface ResolveBody {
	iris: string[];
	subId?: string;
	withImages: boolean;
}

type Refusal = { property: string; title: string };

function isAbsoluteIri(text: string): boolean {
	try {
		return /^https?:$/.test(new URL(text).protocol);
	} catch {
		return false;
	}
}

/** The body as the service takes it, or what it refuses, each with the property (click error style). */
function readBody(ctx: RequestContext): ResolveBody | Refusal[] {
	let body: unknown;
	try {
		body = JSON.parse(ctx.body.toString('utf8'));
	} catch {
		return [{ property: 'body', title: 'The body must be JSON.' }];
	}
	// Kept in the request log, for tests that check what each request carried.
	ctx.record.json = body;
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return [{ property: 'body', title: 'The body must be a JSON object.' }];
	const { iris, subId, withImages } = body as Record<string, unknown>;
	const refusals: Refusal[] = [];
	if (!Array.isArray(iris) || iris.length === 0) {
		refusals.push({ property: 'iris', title: 'iris must be a non-empty array of strings.' });
	} else {
		const bad = iris.findIndex((iri) => typeof iri !== 'string' || !isAbsoluteIri(iri));
		if (bad >= 0) refusals.push({ property: 'iris', title: `iris[${bad}] must be an absolute http(s) IRI.` });
	}
	if (subId !== undefined && (typeof subId !== 'string' || subId.length > SUB_ID_MAX || !SUB_ID_PATTERN.test(subId))) {
		refusals.push({ property: 'subId', title: `subId must be at most ${SUB_ID_MAX} of the digits 1-9, Latin letters, _ and -.` });
	}
	if (withImages !== undefined && typeof withImages !== 'boolean') refusals.push({ property: 'withImages', title: 'withImages must be a boolean.' });
	if (refusals.length > 0) return refusals;
	return { iris: iris as string[], subId: subId === '' ? undefined : (subId as string | undefined), withImages: withImages === true };
}

/**
 * One entry per IRI sent, in the order sent, the IRI as sent. A URL no program covers follows the
 * config `resolveUncovered`: an entry with `trackingLink: null` (default) or none.
 */
export function resolveLinks(ctx: RequestContext): Reply {
	const read = readBody(ctx);
	if (Array.isArray(read)) return clickBadRequest(read);
	const omitUncovered = ctx.state.config.resolveUncovered === 'omitted';
	const data: Array<Record<string, unknown>> = [];
	for (const iri of read.iris) {
		const shop = shopFor(iri);
		if (!shop && omitUncovered) continue;
		const entry: Record<string, unknown> = { iri, trackingLink: shop ? trackingLinkFor(shop, iri, read.subId) : null };
		if (read.withImages) entry.imageUrl = shop ? shop.imageUrl : null;
		data.push(entry);
	}
	return json(200, { data });
}
