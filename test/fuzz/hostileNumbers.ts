/** Class A: hostile values for amounts, counts (Limit, days, hours, minutes) and booleans (hostileValue.ts explains the policies). */
import { asText, everywhere, expr, expressions, fixed, longLetters, padded, REMOVED, v, wrongTypes, type HostileValue, type Policy } from './hostileValue';

const nonFinite = (): HostileValue[] => expressions([['NaN', 'refuse', 'NaN'], ['Infinity', 'refuse', 'Infinity'], ['-Infinity', 'refuse', '-Infinity']]);

/** A number an expression gives, which a create must send as these digits' number or refuse: never rounded. */
const exactly = (name: string, digits: string, policy: Policy = 'either'): HostileValue => v(name, policy, () => ({ value: expr(digits), given: digits }));

/**
 * `amount`: a price, which must be above zero; `any`: any finite number. Numbers of the service
 * go into a create's form: 1e308 and 2^53 + 1 (which JavaScript holds as 2^53) must be refused or
 * sent as the number given, never as another.
 */
export function numberValues(optional: boolean, rule: 'amount' | 'any'): HostileValue[] {
	const notPositive = rule === 'amount' ? 'refuse' : 'either';
	return [
		...wrongTypes(optional),
		...nonFinite(),
		exactly('1e308', '1e308'),
		exactly('2^53+1', '9007199254740993'),
		exactly('zero', '0', notPositive),
		exactly('-0', '-0', notPositive),
		exactly('negative', '-12.5', notPositive),
		fixed('decimalText', 'same', '12.50', 12.5),
		fixed('commaDecimal', 'refuse', '12,50'),
		fixed('garbageText', 'refuse', 'twelve'),
		longLetters('refuse'),
	];
}

/** A trigger's hours or minutes of 1e308 may crash or block a process: run alone, in the hazard lane. Both are at most a year. */
const hugeHazard = (): HostileValue => ({ ...fixed('1e308', 'refuse', expr('1e308')), hazard: true });

type Count = 'limit' | 'watchDays' | 'hours' | 'minutes';

/** Each count's own bounds, after the values every count gets. */
const COUNT_BOUNDS: Record<Count, HostileValue[]> = {
	limit: expressions([['zero', 'refuse', '0'], ['-0', 'refuse', '-0'], ['fraction', 'refuse', '1.5'], ['1e308', 'refuse', '1e308'], ['2^53+1', 'refuse', '9007199254740993'], ['null', 'refuse', 'null']]),
	watchDays: expressions([['zero', 'refuse', '0'], ['overMax', 'refuse', '366'], ['fraction', 'refuse', '1.5'], ['1e308', 'refuse', '1e308'], ['null', 'same', 'null', REMOVED]]),
	hours: [fixed('-0', 'same', expr('-0'), 0), hugeHazard()],
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

/**
 * Not a boolean: refused. An object or a number may mean either (is 1 true? is {} all?), and a
 * wrong guess reads everything (the text "false" once did).
 */
const notBooleans = (): HostileValue[] => [fixed('object', 'refuse', expr('{"a": 1}')), fixed('number', 'refuse', expr('1'))];

/** Return All: the booleans as text, and values of other types. */
export const returnAllValues = (): HostileValue[] => [
	everywhere(v('textFalse', 'same', () => ({ value: 'false', canonical: false, hides: ['limit'] }))),
	fixed('textTrue', 'same', 'true', true),
	...notBooleans(),
];

export const optionalBooleanValues = (): HostileValue[] => [fixed('textFalse', 'same', 'false', false), ...notBooleans()];
