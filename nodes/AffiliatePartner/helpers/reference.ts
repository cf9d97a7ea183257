import type { ValidationContext } from '../../shared/validation';
import { invalidInput, isEmptyInput, received } from '../../shared/validation';

/** A required ISO 4217 code (three letters), upper-cased; anything else is refused before sending. */
export function requireCurrencyCode(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!/^[A-Za-z]{3}$/.test(text)) {
		const got = isEmptyInput(value) ? 'got nothing' : received(value);
		throw invalidInput(context, itemIndex, field, `must be a three-letter currency code such as USD, ${got}`);
	}
	return text.toUpperCase();
}

/** The service's language codes are two letters, lower case (spec 2.5, 4.5). */
const LANGUAGE_CODE = /^[A-Za-z]{2}$/;

/**
 * A two-letter language code such as `en`, sent lower case: `DE` is read as `de`, as a person
 * typing it means. Anything else (`eng`, `pt-br`) is refused before sending: the service would
 * answer in another language, or not at all. `undefined` when empty and optional.
 */
export function readLanguageCode(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	required: boolean,
): string | undefined {
	if (isEmptyInput(value)) {
		if (!required) return undefined;
		throw invalidInput(context, itemIndex, field, 'a language code such as en is required');
	}
	const text = typeof value === 'string' ? value.trim() : '';
	if (!LANGUAGE_CODE.test(text)) {
		throw invalidInput(context, itemIndex, field, `must be a language code of two letters, such as en or de, ${received(value)}`);
	}
	return text.toLowerCase();
}

/** `social_network` → `Social network`. */
export function readableKind(kind: string): string {
	const words = kind.replace(/[_-]+/g, ' ').trim();
	return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}
