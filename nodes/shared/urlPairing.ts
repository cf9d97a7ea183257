/**
 * Pairs the entries of an answer about many URLs with the URLs asked (Link → Resolve, Coupon →
 * Search of the Click Report; docs/nodes.md). The record does not say whether the service keeps the
 * order of the URLs sent, nor whether it writes each back as it was sent
 * (../shared/spec/published-api-facts.md, sections 10 and 11). So entries are paired by their
 * `iri`, never by position: exactly as sent, or else the same URL once parsed (`https://Shop.example`
 * answered as `https://shop.example/`). An answer that cannot be paired whole is refused, never half
 * used. Pure: table-tested in test/click/linkResolve.answer.test.ts.
 */

/** An entry of an answer: about the URL in `iri`. */
export interface UrlEntry {
	iri: string;
}

const shown = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);

/** The URL as WHATWG URL writes it (lower-case scheme and host, punycode, default port dropped, path encoded), or undefined. */
export function urlForm(url: string): string | undefined {
	try {
		return new URL(url).href;
	} catch {
		return undefined;
	}
}

/**
 * What a URL without an entry in the answer means. The record does not say whether the service
 * leaves out a URL it has nothing for (facts section 13): by default such an answer is refused, as
 * a broken one is; the operation's option URLs Left Out of the Answer reads it as "nothing for it".
 */
export type LeftOutUrls = 'fail' | 'nothingFound';

export interface PairingRules<Entry extends UrlEntry> {
	leftOut: LeftOutUrls;
	/** The entry of a URL left out, when they are read as "nothing for it". */
	nothingFor: (url: string) => Entry;
	/** Ends the error of a URL left out: where the option is, in the words of the operation. */
	leftOutHint: string;
}

/**
 * The entry of each URL asked, in the order asked, or what keeps the answer from being paired
 * whole: first every entry whose `iri` is exactly a URL asked, then each other entry with the URL
 * asked that is the same once parsed and has no entry yet.
 */
export function pairByUrl<Entry extends UrlEntry>(asked: readonly string[], entries: readonly Entry[], rules: PairingRules<Entry>): Entry[] | string {
	const askedSet = new Set(asked);
	const byUrl = new Map<string, Entry>();
	const rest: Array<{ entry: Entry; index: number }> = [];
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
	if (missing.length > 0 && rules.leftOut === 'fail') {
		const more = missing.length > 1 ? ` and ${missing.length - 1} more` : '';
		return `it holds no entry for ${shown(missing[0])}${more} (${missing.length} of the ${asked.length} URLs asked)${rules.leftOutHint}`;
	}
	return asked.map((url) => byUrl.get(url) ?? rules.nothingFor(url));
}

/** The URLs a request sent in its JSON body's `field`. */
export const urlsSent = (body: Record<string, unknown> | undefined, field: string): string[] =>
	Array.isArray(body?.[field]) ? (body[field] as unknown[]).map(String) : [];
