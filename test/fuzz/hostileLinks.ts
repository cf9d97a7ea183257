/**
 * Class A: hostile values of the fields the link, program and coupon operations brought: target URL
 * lists (one per line or an array, never split on commas: docs/nodes.md, Deeplink), the deeplink
 * generator's sub IDs (50 characters, 120 for subid4, no `%00`: published-api-facts.md, section 3),
 * the click service's sub ID (6,144 Latin letters, digits, _ and -: section 10), Has Tool's list, a
 * region and the click lists' codes. hostileValue.ts says what a value and its policy are.
 */
import { asText, controls, empties, everywhere, expr, fixed, letters, longLetters, other, padded, v, wrongTypes, type HostileValue } from './hostileValue';
import { instantValues } from './hostileDates';
import { textValues } from './hostileTexts';

const linesOf = (base: unknown) => asText(base).split('\n');
/** What makes a product URL as long as a shop's often are. */
const LONG_QUERY = '#utm_source=newsletter&utm_medium=email&utm_campaign=autumn-sale-2026-product-feed';

/** A URL list's values: its base is two or more absolute http(s) URLs, one per line. */
export function targetUrlValues(): HostileValue[] {
	return [
		...wrongTypes(false),
		v('arrayOfText', 'same', (base) => ({ value: expr(JSON.stringify(linesOf(base))), canonical: base })),
		v('crlf', 'same', (base) => ({ value: linesOf(base).join('\r\n'), canonical: base })),
		v('blankLines', 'same', (base) => ({ value: `\n  ${linesOf(base).join('\n\n \t\n')}  \n`, canonical: base })),
		v('arrayWithNumber', 'refuse', (base) => ({ value: expr(`[${JSON.stringify(linesOf(base)[0])}, 5]`) })),
		v('arrayWithObject', 'refuse', (base) => ({ value: expr(`[${JSON.stringify(linesOf(base)[0])}, {"url": "x"}]`) })),
		v('ftpUrl', 'refuse', (base) => ({ value: [...linesOf(base), 'ftp://shop.example/file'].join('\n') })),
		v('relativeUrl', 'refuse', (base) => ({ value: [...linesOf(base), '/product/1'].join('\n') })),
		v('percentNul', 'refuse', (base) => ({ value: [...linesOf(base), 'https://shop.example/p?q=a%00b'].join('\n') })),
		// Two URLs on one line, joined by a comma and a space: the space gives them away.
		v('commaSpace', 'refuse', (base) => ({ value: linesOf(base).join(', ') })),
		// A comma inside a URL is part of it (never a separator): as many links, each for its URL.
		everywhere(other('commaInUrl', 'byOracle', (base) => ({ value: linesOf(base).map((url, index) => `${url}${url.includes('?') ? '&' : '?'}sizes=3${index},4`).join('\n') }))),
		// Past a request's share, each URL over 100 characters (a deeplink request line of about 30 KB, over
		// Node's default 16 KB head): the oracle counts the requests and pairs every link with its URL.
		everywhere(other('manyUrls', 'byOracle', (base) => ({ value: Array.from({ length: 450 }, (_, index) => `${linesOf(base)[index % 2]}${index}${LONG_QUERY}`).join('\n') }))),
		...controls('refuse', ['NUL', 'TAB', 'DEL', 'CR'], false),
		longLetters('refuse'),
		fixed('blankOnly', 'refuse', '\n \n'),
	];
}

/** A sub ID of a link: an `either` value asks for other links of the same URLs, as many, each with the same fields. */
function linkSubIdValues(max: number): HostileValue[] {
	return textValues(true, max, true).map((value) => (value.policy === 'either' ? { ...value, relation: 'otherRecords' as const } : value));
}

/** The deeplink generator's sub IDs: the limit, and `%00`, which it refuses. */
export const deeplinkSubIdValues = (max: number): HostileValue[] => [
	...linkSubIdValues(max),
	v('percentNul', 'refuse', (base) => ({ value: `${asText(base)}%00` })),
	other('percentOther', 'otherRecords', (base) => ({ value: `${asText(base)}%20x`, given: `${asText(base)}%20x` })),
];

/** The click service's sub ID: Latin letters, digits, _ and - only. */
export const clickSubIdValues = (): HostileValue[] => [
	...linkSubIdValues(6144),
	fixed('space', 'refuse', 'news letter'),
	fixed('unicode', 'refuse', 'neuigkeit-ä'),
	fixed('percentNul', 'refuse', 'news%00'),
];

/** Has Tool (a multi-options list): its base is an array of one known tool. */
export const toolListValues = (): HostileValue[] => [
	v('plainText', 'same', (base) => ({ value: (base as string[])[0], canonical: base })),
	v('repeated', 'same', (base) => ({ value: expr(JSON.stringify([...(base as string[]), ...(base as string[])])), canonical: base })),
	fixed('unknown', 'refuse', expr('["bogus"]')),
	fixed('object', 'refuse', expr('{"a": 1}')),
	fixed('arrayOfObject', 'refuse', expr('[{"a": 1}]')),
	fixed('number', 'refuse', expr('[1]')),
	v('upperCase', 'refuse', (base) => ({ value: expr(JSON.stringify((base as string[]).map((tool) => tool.toUpperCase()))) })),
	...controls('refuse', ['NUL']),
	longLetters('refuse'),
];

/** A coupon region: two letters (or the service's two-digit codes), sent upper case. */
export const regionValues = (): HostileValue[] => [
	...wrongTypes(true),
	v('lowerCase', 'same', (base) => ({ value: asText(base).toLowerCase(), canonical: base })),
	padded(),
	fixed('threeLetters', 'refuse', 'RUS'),
	fixed('name', 'refuse', 'Russia'),
	fixed('number', 'refuse', expr('7')),
	longLetters('refuse'),
	...controls('refuse', ['NUL', 'LF']),
	...empties(),
];

/** The click lists' codes (Language Codes, Country Codes): its base is one code of the right length. */
export const codeListValues = (): HostileValue[] => [
	...wrongTypes(true),
	v('arrayOfText', 'same', (base) => ({ value: expr(JSON.stringify([asText(base)])), canonical: base })),
	v('otherCase', 'same', (base) => ({ value: asText(base) === asText(base).toUpperCase() ? asText(base).toLowerCase() : asText(base).toUpperCase(), canonical: base })),
	v('repeated', 'same', (base) => ({ value: `${asText(base)}, ${asText(base)}`, canonical: base })),
	fixed('oneLetter', 'refuse', 'e'),
	fixed('fourLetters', 'refuse', 'true'),
	fixed('number', 'refuse', expr('[12]')),
	fixed('digits', 'refuse', '12'),
	v('wrongLengthInList', 'refuse', (base, rng) => ({ value: `${asText(base)}, ${letters(rng, 5)}` })),
	...controls('refuse', ['NUL'], true),
	longLetters('refuse'),
	...empties(),
];

export const LINK_KINDS = {
	targetUrls: targetUrlValues(),
	deeplinkSubId: deeplinkSubIdValues(50),
	deeplinkSubId4: deeplinkSubIdValues(120),
	clickSubId: clickSubIdValues(),
	toolList: toolListValues(),
	region: regionValues(),
	codeList: codeListValues(),
	/** An instant with no far value of its own (Starts Before, Ends After). */
	instant: instantValues(),
} satisfies Record<string, HostileValue[]>;
