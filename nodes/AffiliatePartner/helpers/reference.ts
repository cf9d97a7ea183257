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

const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * A language code such as `en` or `pt-br` (letters, optionally with a hyphenated subtag).
 * `undefined` when empty and optional.
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
		throw invalidInput(context, itemIndex, field, `must be a language code such as en or de, ${received(value)}`);
	}
	return text;
}

/** `social_network` → `Social network`. */
export function readableKind(kind: string): string {
	const words = kind.replace(/[_-]+/g, ' ').trim();
	return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}
