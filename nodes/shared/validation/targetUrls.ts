/**
 * Target URLs typed one per line, or given as an array by an expression (docs/nodes.md, Deeplink).
 * Never split on commas: a product URL may hold them. Each entry must be an absolute http(s) URL,
 * and a refusal names the field and the entry's position, before any request.
 */
import type { ValidationContext } from './describe';
import { describeValue, quoted, thousands } from './describe';
import { invalidInput } from './refusals';
import { findControlCharacter, isEmptyInput } from './text';

/**
 * What is wrong with one target URL, or undefined. `%00` is refused as well as a raw control
 * character: the deeplink generator forbids the sequence in its values
 * (../shared/spec/published-api-facts.md, section 3), and a target holding it means a NUL.
 */
export function targetUrlProblem(text: string): string | undefined {
	const control = findControlCharacter(text);
	if (control) return `holds a control character (U+${control.code.toString(16).toUpperCase().padStart(4, '0')}) at character ${thousands(control.index + 1)}`;
	if (/%00/.test(text)) return 'holds "%00" (a NUL), which the service refuses';
	// A space inside a line is most often two URLs on one line; a URL holds none unencoded (RFC 3986).
	if (/\s/.test(text)) return 'holds a space; put each URL on its own line';
	let parsed: URL;
	try {
		parsed = new URL(text);
	} catch {
		return 'is not an absolute URL (it needs http:// or https:// and a host)';
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `is a ${parsed.protocol.replace(/:$/, '')} URL, not http or https`;
	if (parsed.hostname === '') return 'has no host';
	return undefined;
}

/** The entries of a URLs field: lines of a text, or an array's entries (each one URL); empty ones dropped. */
export function targetUrlEntries(value: unknown): Array<{ position: number; entry: unknown }> {
	const raw: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\r\n|\r|\n/) : [value];
	return raw.map((entry, index) => ({ position: index + 1, entry: typeof entry === 'string' ? entry.trim() : entry })).filter(({ entry }) => !isEmptyInput(entry));
}

/**
 * One or more absolute http(s) URLs. A position counts the lines (or the array's entries) as
 * given, empty ones included, so that "entry 3" is the third line the user sees.
 */
export function readTargetUrls(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string[] {
	const entries = targetUrlEntries(value);
	if (entries.length === 0) throw invalidInput(context, itemIndex, field, 'at least one URL is required (one per line, or an array from an expression)');
	return entries.map(({ position, entry }) => {
		if (typeof entry !== 'string') throw invalidInput(context, itemIndex, field, `entry ${thousands(position)} must be a URL as text, got ${describeValue(entry)}`);
		const problem = targetUrlProblem(entry);
		if (problem) throw invalidInput(context, itemIndex, field, `entry ${thousands(position)} (${quoted(entry)}) ${problem}`);
		return entry;
	});
}
