/** Class A: hostile values for fields with a fixed set of values: options, language and currency codes, trigger events. */
import { asText, controls, everywhere, expr, fixed, long10k, longLetters, padded, REMOVED, v, wrongTypes, type HostileValue } from './hostileValue';

export function choiceValues(optional: boolean): HostileValue[] {
	return [
		...wrongTypes(optional),
		fixed('number', 'refuse', expr('1')),
		fixed('unknown', 'refuse', 'bogus'),
		// A dropdown's values are exact: "REJECTED" is none of them.
		v('upperCase', 'refuse', (base) => ({ value: asText(base).toUpperCase() })),
		padded(),
		longLetters('refuse'),
		...controls('refuse', ['NUL', 'LF']),
		...(optional ? [fixed('empty', 'same', '', REMOVED)] : []),
	];
}

/** An optional choice whose values are capitals (the click service's action statuses): "pending" is none of them. */
export function capitalChoiceValues(): HostileValue[] {
	return choiceValues(true).map((value) => (value.name === 'upperCase' ? v('lowerCase', 'refuse', (base) => ({ value: asText(base).toLowerCase() })) : value));
}

/**
 * An optional choice between "1" and "0" (an action's Processed and Paid): it has no letters to
 * change the case of, and the number 1 an expression gives is the option "1" written as a number.
 */
export function flagChoiceValues(): HostileValue[] {
	return choiceValues(true)
		.filter((value) => value.name !== 'upperCase')
		.map((value) => (value.name === 'number' ? fixed('number', 'same', expr('1'), '1') : value));
}

export function languageValues(optional: boolean): HostileValue[] {
	return [
		...wrongTypes(optional),
		everywhere(fixed('threeLetter', 'refuse', 'eng')),
		fixed('threeLetterDe', 'refuse', 'deu'),
		fixed('oneLetter', 'refuse', 'e'),
		// Two letters, `DE` sent as `de` (docs/nodes.md): a region is no language code.
		fixed('region', 'refuse', 'en-US'),
		v('upperCase', 'same', (base) => ({ value: asText(base).toUpperCase(), canonical: base })),
		padded(),
		longLetters('refuse'),
		...controls('refuse', ['NUL', 'CR']),
		...(optional ? [fixed('empty', 'same', '', REMOVED)] : []),
	];
}

export const currencyValues = (): HostileValue[] => [
	...wrongTypes(false),
	v('lowerCase', 'same', (base) => ({ value: asText(base).toLowerCase(), canonical: base })),
	padded(),
	fixed('twoLetters', 'refuse', 'US'),
	fixed('fourLetters', 'refuse', 'USDX'),
	fixed('symbol', 'refuse', 'U$D'),
	longLetters('refuse'),
	...controls('refuse', ['NUL']),
];

/** The Affiliate Partner Trigger's events, a list of choices. */
export const eventValues = (): HostileValue[] => [
	fixed('plainText', 'same', 'lostOrderCreated', ['lostOrderCreated']),
	fixed('repeated', 'same', expr('["lostOrderCreated", "lostOrderCreated"]'), ['lostOrderCreated']),
	fixed('unknown', 'refuse', expr('["bogus"]')),
	fixed('none', 'refuse', expr('[]')),
	fixed('object', 'refuse', expr('{"a": 1}')),
	fixed('null', 'refuse', expr('null')),
	long10k('refuse', (long) => ({ value: expr(JSON.stringify([long])), long })),
];
