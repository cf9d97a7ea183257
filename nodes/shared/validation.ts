/**
 * Checks of parameter values before anything is sent (README, Operations: "Bad input never
 * reaches the service"). An expression may yield any type where the field expects text or an ID,
 * so every helper checks the type first and says what it got, never "[object Object]".
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CalendarDate } from './dates';
import { readCalendarDate } from './dates';

/** All the helpers need of n8n: the node, for the error. Execute, poll and load options contexts have it. */
export type ValidationContext = Pick<IExecuteFunctions, 'getNode'>;

/**
 * A NodeOperationError that names the parameter and the rule it broke. `itemIndex` is undefined
 * where there are no items (a poll, a load options call).
 */
export function invalidInput(context: ValidationContext, itemIndex: number | undefined, field: string, rule: string) {
	return new NodeOperationError(context.getNode(), `Invalid "${field}": ${rule}`, { itemIndex });
}

const SHOWN_LENGTH = 60;

function capped(text: string): string {
	return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
}

function asJson(value: unknown): string {
	try {
		return capped(JSON.stringify(value) ?? typeof value);
	} catch {
		return 'not printable';
	}
}

/** What a parameter holds, for an error: `"abc"`, `12`, `an object ({"a":1})`, `a boolean (true)`, `nothing`. */
export function describeValue(value: unknown): string {
	if (value === undefined || value === null) return 'nothing';
	if (typeof value === 'string') return `"${capped(value)}"`;
	if (typeof value === 'number') return String(value);
	if (typeof value === 'boolean') return `a boolean (${value})`;
	if (Array.isArray(value)) return `an array (${asJson(value)})`;
	if (value instanceof Date) return `a date (${asJson(value)})`;
	if (typeof value === 'object') {
		const luxon = value as { toISO?: () => string | null };
		return typeof luxon.toISO === 'function' ? `a date-time (${String(luxon.toISO())})` : `an object (${asJson(value)})`;
	}
	return `a ${typeof value}`;
}

/** `got …`, the end of every refusal. */
export function received(value: unknown): string {
	return `got ${describeValue(value)}`;
}

/** Whether an optional parameter was left empty: nothing, or text of only spaces. */
export function isEmptyInput(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const TEXT_RULE = 'must be text or a number';

/**
 * A string as it is, or a finite number as text (an expression often yields 12345 for an order
 * ID). An integer beyond 2^53 has already been rounded by JavaScript, so it is refused rather
 * than sent as another value. Objects, arrays and booleans are refused with `rule`.
 */
export function scalarText(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	rule = TEXT_RULE,
): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) {
		if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
			throw invalidInput(
				context,
				itemIndex,
				field,
				`the number ${String(value)} is beyond ${Number.MAX_SAFE_INTEGER} and has lost precision; give it as text`,
			);
		}
		return String(value);
	}
	throw invalidInput(context, itemIndex, field, `${rule}, ${received(value)}`);
}

export function requireMaxLength(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
	max: number,
) {
	if (value.length > max) {
		throw invalidInput(context, itemIndex, field, `at most ${max} characters are allowed, got ${value.length}`);
	}
}

/** A required text: trimmed, not empty, at most `max` characters when given. */
export function requireText(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	max?: number,
): string {
	if (isEmptyInput(value)) throw invalidInput(context, itemIndex, field, 'a value is required');
	const text = scalarText(context, itemIndex, field, value).trim();
	if (max !== undefined) requireMaxLength(context, itemIndex, field, text, max);
	return text;
}

/** An optional text: empty means not given. */
export function optionalText(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	max?: number,
): string | undefined {
	return isEmptyInput(value) ? undefined : requireText(context, itemIndex, field, value, max);
}

const ID_RULE = 'must be a positive whole number';

/**
 * A positive whole number (an ID) as its exact digits: IDs beyond 2^53 given as text are sent
 * as they are, never through Number(). Leading zeros are dropped, as Number() did.
 */
export function requireId(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string {
	const text = scalarText(context, itemIndex, field, value, ID_RULE).trim();
	const digits = /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : '';
	if (digits === '' || digits === '0') throw invalidInput(context, itemIndex, field, `${ID_RULE}, ${received(value)}`);
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

/**
 * A list typed as text (comma- or newline-separated) or given as an array by an expression, whose
 * entries are text or numbers (an entry that is an object, array or boolean is refused). Empty
 * entries are dropped.
 */
export function readList(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string[] {
	const entries = Array.isArray(value) ? value : [value];
	return entries
		.filter((entry) => !isEmptyInput(entry))
		.flatMap((entry) => scalarText(context, itemIndex, field, entry, `each entry ${TEXT_RULE}`).split(/[,\n\r]+/))
		.map((part) => part.trim())
		.filter((part) => part !== '');
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
		throw invalidInput(context, itemIndex, field, `"${text}" is not one of ${allowed.join(', ')}`);
	}
	return text;
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number, from a number or numeric text such as "12.50" (not "12,50", NaN or Infinity). */
export function requireNumber(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): number {
	const text = typeof value === 'string' ? value.trim() : '';
	const number = typeof value === 'number' ? value : NUMERIC_TEXT.test(text) ? Number(text) : NaN;
	if (!Number.isFinite(number)) throw invalidInput(context, itemIndex, field, `must be a finite number, ${received(value)}`);
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

/** A required real calendar date (a date, a Luxon value, an ISO date or DD.MM.YYYY), or an error naming the field. */
export function requireDate(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): CalendarDate {
	const date = readCalendarDate(value);
	if (!date) {
		throw invalidInput(context, itemIndex, field, `${describeValue(value)} is not a real date (use a date, an ISO date or DD.MM.YYYY)`);
	}
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
