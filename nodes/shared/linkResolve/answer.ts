/**
 * What an answer of the click service's link resolve must hold, and which entry answers which URL
 * (docs/nodes.md, "Link (Click Report 1.2)"). Pure: table-tested in test/click/linkResolve.answer.test.ts.
 *
 * The record (../shared/spec/published-api-facts.md, section 10) shows `{data: [{iri, trackingLink,
 * imageUrl?}]}` and says neither whether `data` keeps the order of `iris` nor whether `iri` comes
 * back as it was sent. So entries are paired by their `iri`, never by position: exactly as sent,
 * or else the same URL once parsed (the service may write `https://Shop.example` back as
 * `https://shop.example/`). An answer that cannot be paired whole is refused, never half used.
 */
import type { AskedFor } from '../transport';

/** One entry of `data`, once checked. */
export interface ResolvedLink {
	iri: string;
	/** null: no program covers the URL (the sandbox's reading where the record is silent; docs/sandbox.md). */
	trackingLink: string | null;
	imageUrl?: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const shown = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);

/** The URL as WHATWG URL writes it (lower-case scheme and host, punycode, default port dropped, path encoded), or undefined. */
export function urlForm(url: string): string | undefined {
	try {
		return new URL(url).href;
	} catch {
		return undefined;
	}
}

const isHttpUrl = (text: string) => {
	const form = urlForm(text);
	return form !== undefined && /^https?:\/\/[^/]/.test(form);
};

/** Why entry `index` of `data` is not a link entry, or undefined. */
function entryProblem(entry: unknown, index: number): string | undefined {
	const at = `entry ${index + 1} of "data"`;
	if (!isObject(entry)) return `${at} is not an object`;
	if (typeof entry.iri !== 'string' || entry.iri === '') return `${at} has no "iri" text`;
	const link = entry.trackingLink;
	if (link !== null && typeof link !== 'string') return `${at} (${shown(entry.iri)}) has a "trackingLink" that is neither text nor null`;
	if (typeof link === 'string' && !isHttpUrl(link)) return `${at} (${shown(entry.iri)}) has a "trackingLink" that is not an http(s) URL: ${shown(link)}`;
	const image = entry.imageUrl;
	if (image !== undefined && image !== null && typeof image !== 'string') return `${at} (${shown(entry.iri)}) has an "imageUrl" that is neither text nor null`;
	return undefined;
}

/**
 * Pairs each URL asked with its entry: first every entry whose `iri` is exactly a URL asked, then
 * each other entry with the URL asked that is the same once parsed and has no entry yet. Returns
 * the entry of each URL, in the order asked, or what keeps the answer from being paired whole.
 */
export function pairEntries(asked: readonly string[], entries: readonly ResolvedLink[]): ResolvedLink[] | string {
	const askedSet = new Set(asked);
	const byUrl = new Map<string, ResolvedLink>();
	const rest: Array<{ entry: ResolvedLink; index: number }> = [];
	for (const [index, entry] of entries.entries()) {
		if (!askedSet.has(entry.iri)) {
			rest.push({ entry, index });
			continue;
		}
		if (byUrl.has(entry.iri)) return `it lists ${shown(entry.iri)} twice (entry ${index + 1} of "data")`;
		byUrl.set(entry.iri, entry);
	}
	for (const { entry, index } of rest) {
		const form = urlForm(entry.iri);
		const same = form === undefined ? [] : asked.filter((url) => urlForm(url) === form);
		const open = same.find((url) => !byUrl.has(url));
		if (open === undefined) {
			return same.length === 0
				? `entry ${index + 1} of "data" is for ${shown(entry.iri)}, which was not asked`
				: `entry ${index + 1} of "data" (${shown(entry.iri)}) is a second entry for ${shown(same[0])}`;
		}
		byUrl.set(open, entry);
	}
	const missing = asked.filter((url) => !byUrl.has(url));
	if (missing.length > 0) {
		const more = missing.length > 1 ? ` and ${missing.length - 1} more` : '';
		return `it holds no entry for ${shown(missing[0])}${more} (${missing.length} of the ${asked.length} URLs asked)`;
	}
	return asked.map((url) => byUrl.get(url) as ResolvedLink);
}

/** The URLs a request sent (`iris` of its JSON body). */
const askedUrls = (asked: AskedFor): string[] => (Array.isArray(asked.body?.iris) ? (asked.body.iris as unknown[]).map(String) : []);

/** The answer's entries, checked one by one, or what is wrong with them. */
export function readEntries(body: unknown): ResolvedLink[] | string {
	if (!isObject(body)) return 'it is not a JSON object';
	if (!Array.isArray(body.data)) return 'it has no "data" list';
	for (const [index, entry] of body.data.entries()) {
		const problem = entryProblem(entry, index);
		if (problem) return problem;
	}
	return body.data as ResolvedLink[];
}

/** The contract's check (contracts.ts, `shapedAs`): one entry for each URL asked, none more, none unknown. */
export function resolveAnswerViolation(body: unknown, asked: AskedFor): string | undefined {
	const entries = readEntries(body);
	if (typeof entries === 'string') return entries;
	const paired = pairEntries(askedUrls(asked), entries);
	return typeof paired === 'string' ? paired : undefined;
}
