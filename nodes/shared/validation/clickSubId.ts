import { quoted, thousands } from './describe';
import type { ValidationContext } from './describe';
import { invalidInput } from './refusals';
import { optionalText } from './text';

/** The longest sub ID the click service takes on a link or a coupon search (published-api-facts.md, section 10). */
export const CLICK_SUB_ID_MAX_LENGTH = 6144;

/**
 * The click service's sub ID of Link → Resolve and Coupon → Search: at most 6,144 Latin letters,
 * digits, `_` and `-`, checked before any request. The service's docs list the digits as 1–9;
 * 0 is taken too, because a sub ID such as a customer number 100 would otherwise be refused here
 * whatever the service does, and the service's own refusal names the field (docs/nodes.md, Link).
 */
export function optionalClickSubId(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown): string | undefined {
	const text = optionalText(context, itemIndex, field, value, CLICK_SUB_ID_MAX_LENGTH);
	if (text === undefined) return undefined;
	const refused = /[^0-9A-Za-z_-]/.exec(text);
	if (refused) {
		const rule = 'may hold only Latin letters, digits, "_" and "-"';
		throw invalidInput(context, itemIndex, field, `${rule}; found ${quoted(refused[0])} at character ${thousands(refused.index + 1)} of ${quoted(text)}`);
	}
	return text;
}
