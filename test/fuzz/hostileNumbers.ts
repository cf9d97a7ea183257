/** Class A: hostile values for amounts, counts (Limit, days, hours, minutes) and booleans (hostileValue.ts explains the policies). */
import { asText, everywhere, expr, expressions, fixed, longLetters, padded, REMOVED, v, wrongTypes, type HostileValue } from './hostileValue';

const nonFinite = (): HostileValue[] => expressions([['NaN', 'refuse', 'NaN'], ['Infinity', 'refuse', 'Infinity'], ['-Infinity', 'refuse', '-Infinity']]);

/** `amount`: a price, which must be above zero; `any`: any finite number. */
export function numberValues(optional: boolean, rule: 'amount' | 'any'): HostileValue[] {
	const notPositive = rule === 'amount' ? 'refuse' : 'either';
	return [
		...wrongTypes(optional),
		...nonFinite(),
		...expressions([
			['1e308', 'either', '1e308'],
			['2^53+1', 'either', '9007199254740993'],
			['zero', notPositive, '0'],
			['-0', notPositive, '-0'],
			['negative', notPositive, '-12.5'],
		]),
		fixed('decimalText', 'same', '12.50', 12.5),
		fixed('commaDecimal', 'refuse', '12,50'),
		fixed('garbageText', 'refuse', 'twelve'),
		longLetters('refuse'),
	];
}

/** A trigger's hours or minutes of 1e308 may crash or block a process: run alone, in the hazard lane. */
const hugeHazard = (): HostileValue => ({ ...fixed('1e308', 'either', expr('1e308')), hazard: true });

type Count = 'limit' | 'watchDays' | 'hours' | 'minutes';

/** Each count's own bounds, after the values every count gets. */
const COUNT_BOUNDS: Record<Count, HostileValue[]> = {
	limit: expressions([['zero', 'refuse', '0'], ['-0', 'refuse', '-0'], ['fraction', 'refuse', '1.5'], ['1e308', 'refuse', '1e308'], ['2^53+1', 'refuse', '9007199254740993'], ['null', 'either', 'null']]),
	watchDays: expressions([['zero', 'refuse', '0'], ['overMax', 'refuse', '366'], ['fraction', 'refuse', '1.5'], ['1e308', 'refuse', '1e308'], ['null', 'same', 'null', REMOVED]]),
	hours: [fixed('-0', 'either', expr('-0')), hugeHazard()],
	minutes: [...expressions([['zero', 'refuse', '0'], ['fraction', 'refuse', '0.5']]), hugeHazard()],
};

export function countValues(count: Count): HostileValue[] {
	return [
		fixed('object', 'refuse', expr('{"a": 1}')),
		fixed('boolean', 'refuse', expr('true')),
		...nonFinite(),
		fixed('negative', 'refuse', expr('-1')),
		fixed('garbageText', 'refuse', 'abc'),
		v('numericText', 'same', (base) => ({ value: asText(base), canonical: base })),
		padded('paddedText'),
		...COUNT_BOUNDS[count],
	];
}

/** Return All: the booleans as text, and values of other types. */
export const returnAllValues = (): HostileValue[] => [
	everywhere(v('textFalse', 'same', () => ({ value: 'false', canonical: false, hides: ['limit'] }))),
	fixed('textTrue', 'same', 'true', true),
	fixed('object', 'either', expr('{"a": 1}')),
	fixed('number', 'either', expr('1')),
];

export const optionalBooleanValues = (): HostileValue[] => [fixed('textFalse', 'same', 'false', false)];
