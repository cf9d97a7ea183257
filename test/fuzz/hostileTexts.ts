/** Class A: hostile values for identifiers, lists of identifiers and free texts (hostileValue.ts explains the policies). */
import {
	asText,
	controls,
	digits,
	empties,
	everywhere,
	expr,
	fixed,
	LONG,
	letters,
	long10k,
	longLetters,
	padded,
	other,
	v,
	wrongTypes,
	type HostileValue,
} from './hostileValue';

/** A numeric identifier given as a number. */
const asNumber = () => v('number', 'same', (base) => ({ value: expr(asText(base)), canonical: base }));

/**
 * 10,000 digits, which no error may echo in full: an ID has at most 40 (docs/nodes.md), and a
 * merchant no such ID, so that a filter by it selects nothing.
 */
const longDigits = (policy: 'refuse' | 'nothing') => {
	const make: HostileValue['make'] = (_base, rng) => {
		const value = digits(rng, LONG);
		return { value, long: value };
	};
	return policy === 'refuse' ? v('longDigits', 'refuse', make) : other('longDigits', 'empty', make);
};

/** A comma-separated list given as an array of texts, one per line, one per CRLF line. */
const listSpellings = (): HostileValue[] => [
	v('arrayOfText', 'same', (base) => ({ value: expr(JSON.stringify(asText(base).split(/,\s*/))), canonical: base })),
	v('newlines', 'same', (base) => ({ value: asText(base).replace(/,\s*/g, '\n'), canonical: base })),
	v('crlf', 'same', (base) => ({ value: asText(base).replace(/,\s*/g, '\r\n'), canonical: base })),
];

export function idValues(optional: boolean): HostileValue[] {
	return [
		...wrongTypes(optional),
		fixed('arrayOfNumbers', 'refuse', expr('[1, 2]')),
		asNumber(),
		fixed('1e308', 'refuse', expr('1e308')),
		fixed('Infinity', 'refuse', expr('Infinity')),
		fixed('NaN', 'refuse', expr('NaN')),
		fixed('-0', 'refuse', expr('-0')),
		fixed('2^53+1', 'refuse', expr('9007199254740993')),
		v('negative', 'refuse', (base) => ({ value: expr(`-${asText(base)}`) })),
		v('decimal', 'refuse', (base) => ({ value: `${asText(base)}.5` })),
		longDigits('refuse'),
		longLetters('refuse'),
		...controls('refuse', ['NUL', 'DEL', 'CR', 'LF']),
		v('trailingNewline', 'same', (base) => ({ value: `${asText(base)}\r\n`, canonical: base })),
		v('leadingZeros', 'same', (base) => ({ value: ` 000${asText(base)} `, canonical: base })),
		...(optional ? empties() : []),
	];
}

export const idListValues = (): HostileValue[] => [
	...wrongTypes(true),
	v('arrayOfNumbers', 'same', (base) => ({ value: expr(`[${asText(base)}]`), canonical: base })),
	...listSpellings(),
	fixed('unsafeInArray', 'refuse', expr('[6115, 9007199254740993]')),
	fixed('letters', 'refuse', '6115, abc'),
	...controls('refuse', ['NUL', 'DEL'], true),
	longLetters('refuse'),
	...empties(),
];

export const orderIdValues = (): HostileValue[] => [
	...wrongTypes(false),
	...listSpellings(),
	v('repeated', 'same', (base) => ({ value: `${asText(base)}, ${asText(base)}`, canonical: base })),
	fixed('unsafeInArray', 'refuse', expr('[61150001, 9007199254740993]')),
	...controls('refuse', ['NUL', 'DEL', 'TAB'], true),
	v('longOne', 'refuse', (base, rng) => {
		const long = letters(rng, LONG);
		return { value: `${asText(base)}, ${long}`, long };
	}),
	// The base's orders and 44 unknown ones: the base's items, and one for each unknown order.
	other('manyIds', 'superset', (base) => ({ value: [asText(base), ...Array.from({ length: 44 }, (_, i) => `FUZZ-${i}`)].join(', ') })),
];

export const merchantIdValues = (): HostileValue[] => [
	...wrongTypes(true),
	asNumber(),
	fixed('negative', 'refuse', '-1'),
	fixed('decimal', 'refuse', '1.5'),
	fixed('letters', 'refuse', 'abc'),
	fixed('2^53+1', 'refuse', expr('9007199254740993')),
	longDigits('nothing'),
	...controls('refuse', ['NUL']),
];

const UUID_V1 = 'c232ab00-9414-11ec-b3c8-9f6bdeced846';

export const uuidValues = (): HostileValue[] => [
	...wrongTypes(true),
	// A UUID in capitals is the same UUID (RFC 9562), as the service reads it (sandbox/click/clickQuery.ts).
	v('upperCase', 'same', (base) => ({ value: asText(base).toUpperCase(), canonical: base })),
	fixed('uuidV1', 'refuse', UUID_V1),
	padded(),
	longLetters('refuse'),
	...controls('refuse', ['NUL', 'LF']),
];

/**
 * `max`: the most characters the field takes; `singleLine`: line breaks and other controls are
 * refused; otherwise (a claim's Comment) line breaks and tabs are text, other controls refused.
 * A text no record has (a number, 10,000 letters, the most letters) selects nothing as a filter,
 * and is sent as given by a create.
 */
export function textValues(optional: boolean, max: number | undefined, singleLine: boolean): HostileValue[] {
	const values = [
		...wrongTypes(optional),
		fixed('arrayOfNumbers', 'refuse', expr('[1, 2]')),
		other('number', 'empty', () => ({ value: expr('12345'), given: '12345' })),
		fixed('2^53+1', 'refuse', expr('9007199254740993')),
		fixed('NaN', 'refuse', expr('NaN')),
		max === undefined ? everywhere({ ...long10k('either'), relation: 'empty' }) : longLetters('refuse'),
		v('padded', 'same', (base) => ({ value: `  ${asText(base)}  `, canonical: base })),
		...(singleLine ? controls('refuse') : [...controls('refuse', ['NUL', 'DEL']), ...controls('either', ['CR', 'LF', 'TAB'])]),
		...(optional ? empties() : []),
	];
	if (max !== undefined) {
		values.push(other('atMax', 'empty', (_base, rng) => ({ value: letters(rng, max) })));
		values.push(v('overMax', 'refuse', (_base, rng) => ({ value: letters(rng, max + 1) })));
	}
	return values;
}

/** The name of a binary property, which the item must have. */
export const binaryPropertyValues = (): HostileValue[] => [
	fixed('missing', 'refuse', 'data'),
	fixed('object', 'refuse', expr('{"a": 1}')),
	...controls('refuse', ['NUL']),
	long10k('refuse'),
];
