/** IDs, choices, numbers, booleans and dates: each read as what it names, or refused naming the field. */
import type { CalendarDate } from '../dates';
import { readCalendarDate, readInstant } from '../dates';
import type { ValidationContext } from './describe';
import { describeValue, received, thousands } from './describe';
import { invalidInput } from './refusals';
import { isEmptyInput, readList, scalarText } from './text';

const ID_RULE = 'must be a positive whole number';
/** More digits than any 128-bit integer has: no ID of these services is longer, and a longer one would go into a path. */
const MAX_ID_DIGITS = 40;

/**
 * A positive whole number (an ID) as its exact digits: IDs beyond 2^53 given as text are sent
 * as they are, never through Number(). Leading zeros are dropped, as Number() did.
 */
export function requireId(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string {
	const text = scalarText(context, itemIndex, field, value, ID_RULE).trim();
	const digits = /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : '';
	if (digits === '' || digits === '0') throw invalidInput(context, itemIndex, field, `${ID_RULE}, ${received(value)}`);
	if (digits.length > MAX_ID_DIGITS) {
		throw invalidInput(context, itemIndex, field, `an ID has at most ${MAX_ID_DIGITS} digits, got ${thousands(digits.length)}`);
	}
	return digits;
}

/** An optional ID: empty means not given. */
export function optionalId(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): string | undefined {
	return isEmptyInput(value) ? undefined : requireId(context, itemIndex, field, value);
}

/** A list of IDs (see readList), each as its exact digits. */
export function readIdList(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string[] {
	return readList(context, itemIndex, field, value).map((id) => requireId(context, itemIndex, field, id));
}

/** One of the allowed values of a dropdown (an expression may give anything). */
export function requireChoice(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	allowed: string[],
): string {
	if (typeof value !== 'string') {
		throw invalidInput(context, itemIndex, field, `must be one of ${allowed.join(', ')}, ${received(value)}`);
	}
	const text = value.trim();
	if (!allowed.includes(text)) {
		throw invalidInput(context, itemIndex, field, `${describeValue(text)} is not one of ${allowed.join(', ')}`);
	}
	return text;
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Beyond 2^53 a JavaScript number skips whole numbers: 9007199254740993 in an expression arrives
 * as 9007199254740992. A larger number may already be another than the one typed, and a price
 * (a create cannot be undone) must be sent as given or not at all.
 */
const LARGEST_EXACT = Number.MAX_SAFE_INTEGER;

/** A numeric text's significant digits and power of ten ("12.50" and "1.25e1" give "125e-1"). */
function digitsAndPower(text: string): string {
	const [mantissa, power = '0'] = text.toLowerCase().split('e');
	const [whole, fraction = ''] = mantissa.replace(/^[+-]/, '').split('.');
	const digits = `${whole}${fraction}`.replace(/^0+/, '');
	const significant = digits.replace(/0+$/, '');
	if (!significant) return '0';
	return `${mantissa.startsWith('-') ? '-' : ''}${significant}e${Number(power) - fraction.length + digits.length - significant.length}`;
}

/**
 * A finite number, from a number or numeric text such as "12.50" (not "12,50", NaN or Infinity),
 * that is the number given: none beyond ±(2^53 - 1), and no text with more digits than a number
 * holds (which Number() would round without a word).
 */
export function requireNumber(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): number {
	const text = typeof value === 'string' ? value.trim() : '';
	const number = typeof value === 'number' ? value : NUMERIC_TEXT.test(text) ? Number(text) : NaN;
	if (!Number.isFinite(number)) throw invalidInput(context, itemIndex, field, `must be a finite number, ${received(value)}`);
	if (Math.abs(number) > LARGEST_EXACT) {
		throw invalidInput(context, itemIndex, field, `must be from -${thousands(LARGEST_EXACT)} to ${thousands(LARGEST_EXACT)}, beyond which numbers are rounded, ${received(value)}`);
	}
	if (text && digitsAndPower(text) !== digitsAndPower(String(number))) {
		throw invalidInput(context, itemIndex, field, `has more digits than a number holds: ${describeValue(text)} would be read as ${number}`);
	}
	return number;
}

/**
 * A required amount of money above zero. A claim for an order of 0 is no claim: the service
 * accepts it, and the create cannot be undone (README, Operations).
 */
export function requireAmount(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): number {
	if (isEmptyInput(value)) throw invalidInput(context, itemIndex, field, 'a value is required');
	const amount = requireNumber(context, itemIndex, field, value);
	if (amount <= 0) throw invalidInput(context, itemIndex, field, `must be more than 0, got ${amount}`);
	return amount;
}

/** An optional number: empty means not given. */
export function optionalNumber(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): number | undefined {
	return isEmptyInput(value) ? undefined : requireNumber(context, itemIndex, field, value);
}

/**
 * The boolean a value names: a boolean, or the text `true` or `false` (any case, trimmed), which
 * is what an expression such as `{{ $json.all }}` yields from a sheet or a form. Undefined for
 * anything else: "yes", "0" or 1 may mean either, and a wrong guess reads everything.
 */
export function booleanFrom(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** A boolean parameter (see booleanFrom); empty means its default. Anything else is refused. */
export function readBoolean(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	fallback = false,
): boolean {
	if (isEmptyInput(value)) return fallback;
	const flag = booleanFrom(value);
	if (flag === undefined) throw invalidInput(context, itemIndex, field, `must be true or false, ${received(value)}`);
	return flag;
}

/** A required real calendar date (a date, a Luxon value, an ISO date or DD.MM.YYYY), or an error naming the field. */
/**
 * The forms a refusal asks for: the node's own (README, Operations), or, for the node as an AI
 * agent's tool, the one form a tool's argument description asks for (docs/ai-agents.md).
 */
function dateFormsFor(context: ValidationContext): string {
	return context.getNode().type.endsWith('Tool') ? 'YYYY-MM-DD' : 'YYYY-MM-DD or DD.MM.YYYY';
}

export function requireDate(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): CalendarDate {
	const date = readCalendarDate(value);
	if (!date) throw invalidInput(context, itemIndex, field, `${describeValue(value)} is not a real date (use ${dateFormsFor(context)})`);
	return date;
}

/** An optional date: empty means not given. */
export function optionalDate(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): CalendarDate | undefined {
	return isEmptyInput(value) ? undefined : requireDate(context, itemIndex, field, value);
}

/**
 * A date-time (a date, a Luxon value or ISO 8601 text) as ISO 8601 in UTC with milliseconds, as
 * the click service takes it; any other value is refused, described.
 */
export function requireInstant(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string {
	const instant = readInstant(value);
	if (!instant) throw invalidInput(context, itemIndex, field, `${describeValue(value)} is not a date-time`);
	return instant;
}

/** An optional date-time: empty means not given. */
export function optionalInstant(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string | undefined {
	return isEmptyInput(value) ? undefined : requireInstant(context, itemIndex, field, value);
}
