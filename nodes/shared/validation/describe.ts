/**
 * How a refusal is worded: the field, the rule, and what it got. An expression may yield any
 * type, or a text of any length, so a value is described by its type and shown cut and with its
 * control characters visible, never as "[object Object]" or 10,000 characters.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

/** All the helpers need of n8n: the node, for the error. Execute, poll and load options contexts have it. */
export type ValidationContext = Pick<IExecuteFunctions, 'getNode'>;

/** An error shows at most this many characters of a value: enough to recognise it, short enough to read. */
const SHOWN_LENGTH = 60;

/** 10000 → `10,000`, without depending on the runtime's locale data. */
export const thousands = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A control character as JSON writes it (`\n`, `\u0000`), so that it shows in a message instead of breaking it. */
export function visibleCharacter(character: string): string {
	const code = character.charCodeAt(0);
	if (code > 0x1f && code !== 0x7f) return character;
	return ESCAPES[character] ?? `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The start of `text` that fits SHOWN_LENGTH once its control characters are made visible, and whether it is all of it. */
function head(text: string): { shown: string; whole: boolean } {
	const pieces: string[] = [];
	let length = 0;
	for (const character of text) {
		const visible = visibleCharacter(character);
		if (length + visible.length > SHOWN_LENGTH) {
			// Room for the ellipsis.
			while (length > SHOWN_LENGTH - 1) length -= pieces.pop()!.length;
			return { shown: `${pieces.join('')}…`, whole: false };
		}
		pieces.push(visible);
		length += visible.length;
	}
	return { shown: pieces.join(''), whole: true };
}

/** A text as an error quotes it: `"abc"`, or `"abc…" (10,000 characters)` when long. */
export function quoted(text: string): string {
	const { shown, whole } = head(text);
	return whole ? `"${shown}"` : `"${shown}" (${thousands(text.length)} characters)`;
}

/** JSON of a value, cut like a text; JSON already writes control characters visibly. */
function asJson(value: unknown): string {
	let json: string;
	try {
		json = JSON.stringify(value) ?? typeof value;
	} catch {
		return 'not printable';
	}
	const { shown, whole } = head(json);
	return whole ? shown : `${shown} (${thousands(json.length)} characters)`;
}

/** What a parameter holds, for an error: `"abc"`, `12`, `an object ({"a":1})`, `a boolean (true)`, `nothing`. */
export function describeValue(value: unknown): string {
	if (value === undefined || value === null) return 'nothing';
	if (typeof value === 'string') return quoted(value);
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
