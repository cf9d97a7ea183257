/** Texts and lists of texts: their type, their length, and no control characters where they are sent. */
import type { ValidationContext } from './describe';
import { quoted, received, thousands, visibleCharacter } from './describe';
import { invalidInput } from './refusals';

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
	// Characters as the partner service counts them (Django's max_length): code points, so that an
	// emoji, two UTF-16 units in JavaScript, counts once. A text within `max` units is within it.
	if (value.length <= max) return;
	const characters = [...value].length;
	if (characters > max) {
		throw invalidInput(context, itemIndex, field, `at most ${max} characters are allowed, got ${characters}`);
	}
}

/** Line feed, carriage return and tab: the control characters a multi-line text may hold. */
const LINE_BREAKS_AND_TABS = new Set([0x0a, 0x0d, 0x09]);

/**
 * The first C0 control character (U+0000–U+001F) or DEL (U+007F) in `text`, except line breaks
 * and tabs when `multiline`. None belongs in a path or a query: percent-encoded, a NUL or a line
 * break reaches the service as part of an ID or a filter, and nobody means that.
 */
export function findControlCharacter(text: string, multiline = false): { index: number; code: number } | undefined {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if ((code <= 0x1f || code === 0x7f) && !(multiline && LINE_BREAKS_AND_TABS.has(code))) return { index, code };
	}
	return undefined;
}

/** Refuses a text holding a control character (see findControlCharacter), naming it and where it is. */
function refuseControlCharacters(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	text: string,
	multiline = false,
) {
	const found = findControlCharacter(text, multiline);
	if (!found) return;
	const what = `U+${found.code.toString(16).toUpperCase().padStart(4, '0')} (${visibleCharacter(text[found.index])})`;
	const rule = multiline
		? 'may hold line breaks and tabs but no other control character'
		: 'must not hold control characters such as line breaks, tabs or NUL';
	throw invalidInput(context, itemIndex, field, `${rule}; found ${what} at character ${thousands(found.index + 1)} of ${quoted(text)}`);
}

export interface TextRules {
	/** At most this many characters. */
	max?: number;
	/** Line breaks and tabs are allowed: a text sent in a form body, such as a comment, never in a path or a query. */
	multiline?: boolean;
}

/** A required text: trimmed, not empty, at most `max` characters when given, no control characters (but line breaks where `multiline`). */
export function requireText(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	rules: number | TextRules = {},
): string {
	const { max, multiline } = typeof rules === 'number' ? { max: rules, multiline: false } : rules;
	if (isEmptyInput(value)) throw invalidInput(context, itemIndex, field, 'a value is required');
	const text = scalarText(context, itemIndex, field, value).trim();
	if (max !== undefined) requireMaxLength(context, itemIndex, field, text, max);
	refuseControlCharacters(context, itemIndex, field, text, multiline);
	return text;
}

/** An optional text: empty means not given. */
export function optionalText(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	rules: number | TextRules = {},
): string | undefined {
	return isEmptyInput(value) ? undefined : requireText(context, itemIndex, field, value, rules);
}

/**
 * A list typed as text (comma- or newline-separated) or given as an array by an expression, whose
 * entries are text or numbers (an entry that is an object, array or boolean is refused). Empty
 * entries are dropped; line breaks separate entries, any other control character in one is refused.
 */
export function readList(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string[] {
	const entries = Array.isArray(value) ? value : [value];
	const parts = entries
		.filter((entry) => !isEmptyInput(entry))
		.flatMap((entry) => scalarText(context, itemIndex, field, entry, `each entry ${TEXT_RULE}`).split(/[,\n\r]+/))
		.map((part) => part.trim())
		.filter((part) => part !== '');
	for (const part of parts) refuseControlCharacters(context, itemIndex, field, part);
	return parts;
}
