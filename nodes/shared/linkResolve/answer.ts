/**
 * What an answer of the click service's link resolve must hold, and which entry answers which URL
 * (docs/nodes.md, "Link (Click Report 1.2)"). Pure: table-tested in test/click/linkResolve.answer.test.ts.
 *
 * The record (../shared/spec/published-api-facts.md, section 10) shows `{data: [{iri, trackingLink,
 * imageUrl?}]}`; entries are paired with the URLs by their `iri` (nodes/shared/urlPairing.ts).
 */
import type { AskedFor } from '../transport';
import type { LeftOutUrls } from '../urlPairing';
import { pairByUrl, urlForm, urlsSent } from '../urlPairing';

/** One entry of `data`, once checked. */
export interface ResolvedLink {
	iri: string;
	/** null: no program covers the URL (the sandbox's reading where the record is silent; docs/sandbox.md). */
	trackingLink: string | null;
	imageUrl?: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const shown = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);

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

/** What a URL without an entry in the answer means (nodes/shared/urlPairing.ts); "nothing found" is output as not resolved. */
export type { LeftOutUrls };

/**
 * The entry of each URL asked, in the order asked (nodes/shared/urlPairing.ts), or what keeps the
 * answer from being paired whole. A URL left out is refused, or, with `leftOut` 'nothingFound',
 * answered as no program covering it.
 */
export function pairEntries(asked: readonly string[], entries: readonly ResolvedLink[], leftOut: LeftOutUrls = 'fail'): ResolvedLink[] | string {
	return pairByUrl(asked, entries, {
		leftOut,
		nothingFor: (url) => ({ iri: url, trackingLink: null }),
		leftOutHint: '; if the service leaves out the URLs no program covers, set Options → URLs Left Out of the Answer to "Output as Not Resolved"',
	});
}


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

/** The contract's check (contracts.ts, `shapedAs`): one entry for each URL asked (unless left out is allowed), none more, none unknown. */
export function resolveAnswerViolation(body: unknown, asked: AskedFor, leftOut: LeftOutUrls = 'fail'): string | undefined {
	const entries = readEntries(body);
	if (typeof entries === 'string') return entries;
	const paired = pairEntries(urlsSent(asked.body, 'iris'), entries, leftOut);
	return typeof paired === 'string' ? paired : undefined;
}
