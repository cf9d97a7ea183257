/** The pure parts of Link → Resolve: which entry answers which URL, what an answer must hold, which URLs are taken. */
import { pairEntries, resolveAnswerViolation } from '../../nodes/shared/linkResolve';
import type { ResolvedLink } from '../../nodes/shared/linkResolve';

const LEFT_OUT_HINT = '; if the service leaves out the URLs no program covers, set Options → URLs Left Out of the Answer to "Output as Not Resolved"';

const link = (iri: string, trackingLink: string | null = `https://tatrck.com/h/AAAAAAAAAAAA?url=${encodeURIComponent(iri)}`): ResolvedLink => ({ iri, trackingLink });
const A = 'https://shop-one.example/a';
const B = 'https://shop-one.example/b';

describe('pairEntries: by iri, never by position', () => {
	test.each<[string, string[], ResolvedLink[], Array<string | null> | string]>([
		['in the order asked', [A, B], [link(A), link(B)], [A, B]],
		['in another order', [A, B], [link(B), link(A)], [A, B]],
		['written back normalised (host case, trailing slash)', ['https://Shop-One.example', B], [link(B), link('https://shop-one.example/')], ['https://shop-one.example/', B]],
		['an IRI written back in punycode and percent-encoding', ['https://bücher.example/straße'], [link('https://xn--bcher-kva.example/stra%C3%9Fe')], ['https://xn--bcher-kva.example/stra%C3%9Fe']],
		['two URLs the same once parsed, each answered as sent', ['https://shop-one.example', 'https://shop-one.example/'], [link('https://shop-one.example/'), link('https://shop-one.example')], ['https://shop-one.example', 'https://shop-one.example/']],
		['one entry short', [A, B], [link(A)], `it holds no entry for "https://shop-one.example/b" (1 of the 2 URLs asked)${LEFT_OUT_HINT}`],
		['none at all', [A, B], [], `it holds no entry for "https://shop-one.example/a" and 1 more (2 of the 2 URLs asked)${LEFT_OUT_HINT}`],
		['an entry not asked for', [A], [link(A), link('https://shop-one.example/c')], 'entry 2 of "data" is for "https://shop-one.example/c", which was not asked'],
		['one URL twice, as sent', [A, B], [link(A), link(A)], 'it lists "https://shop-one.example/a" twice (entry 2 of "data")'],
		['a second entry the same once parsed', ['https://shop-one.example'], [link('https://shop-one.example'), link('https://SHOP-ONE.example/')], 'entry 2 of "data" ("https://SHOP-ONE.example/") is a second entry for "https://shop-one.example"'],
		['the right count, but one swapped for another URL', [A, B], [link(A), link('https://shop-one.example/z')], 'entry 2 of "data" is for "https://shop-one.example/z", which was not asked'],
	])('%s', (_name, asked, entries, expected) => {
		const paired = pairEntries(asked, entries);
		expect(typeof paired === 'string' ? paired : paired.map((entry) => entry.iri)).toEqual(expected);
	});
});

describe('resolveAnswerViolation: the contract of the answer', () => {
	const asked = { body: { iris: [A, B] } };
	test.each<[string, unknown, string | undefined]>([
		['the record\'s shape', { data: [link(A), { ...link(B), imageUrl: null }] }, undefined],
		['a URL no program covers: trackingLink null', { data: [link(A), link(B, null)] }, undefined],
		['a bare array', [link(A), link(B)], 'it is not a JSON object'],
		['no data', { meta: {} }, 'it has no "data" list'],
		['an entry that is no object', { data: [link(A), 'x'] }, 'entry 2 of "data" is not an object'],
		['an entry without iri', { data: [link(A), { trackingLink: null }] }, 'entry 2 of "data" has no "iri" text'],
		['an empty trackingLink', { data: [link(A), link(B, '')] }, 'entry 2 of "data" ("https://shop-one.example/b") has a "trackingLink" that is not an http(s) URL: ""'],
		['a trackingLink that is a number', { data: [link(A), { iri: B, trackingLink: 5 }] }, 'entry 2 of "data" ("https://shop-one.example/b") has a "trackingLink" that is neither text nor null'],
		['a trackingLink that is a path', { data: [link(A), link(B, '/h/abc')] }, 'entry 2 of "data" ("https://shop-one.example/b") has a "trackingLink" that is not an http(s) URL: "/h/abc"'],
		['an imageUrl that is an object', { data: [link(A), { ...link(B), imageUrl: {} }] }, 'entry 2 of "data" ("https://shop-one.example/b") has an "imageUrl" that is neither text nor null'],
		['one entry short', { data: [link(B)] }, `it holds no entry for "https://shop-one.example/a" (1 of the 2 URLs asked)${LEFT_OUT_HINT}`],
	])('%s', (_name, body, expected) => {
		expect(resolveAnswerViolation(body, asked)).toBe(expected);
	});
});

test('with URLs left out read as not covered, a URL left out is answered with trackingLink null, and an unknown one is still refused', () => {
	const A = 'https://shop-one.example/a';
	const B = 'https://shop-one.example/b';
	const answered = { iri: B, trackingLink: 'https://tatrck.com/h/abcdefabcdef' };
	expect(pairEntries([A, B], [answered], 'nothingFound')).toEqual([{ iri: A, trackingLink: null }, answered]);
	expect(pairEntries([A], [answered], 'nothingFound')).toBe('entry 1 of "data" is for "https://shop-one.example/b", which was not asked');
});
