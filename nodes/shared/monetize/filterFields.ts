/**
 * The panel's fields of the click service's merchant and coupon lists and of the coupon search,
 * and how each is read before anything is sent (docs/nodes.md, Click Report: Merchant, Coupon).
 * The labels are the transport's names for the service's parameters (apis.ts fieldLabels), so that
 * a refusal by the service names the field the user sees.
 */
import type { INodeProperties } from 'n8n-workflow';

import { dateProperty } from '../dateFields';
import type { ValidationContext } from '../validation';
import { invalidInput, quoted, readIdList, readList } from '../validation';

export const instantFilter = (name: string, displayName: string, description: string): INodeProperties =>
	dateProperty('instant', 'text', { displayName, name, description });

export function activeOnlyFilter(description: string): INodeProperties {
	return { displayName: 'Active Only', name: 'isActive', type: 'boolean', default: true, description };
}

export const languageCodesField: INodeProperties = {
	displayName: 'Language Codes',
	name: 'languageCodes',
	type: 'string',
	default: '',
	placeholder: 'e.g. en, de',
	description: 'Two- or three-letter language codes (ISO 639), separated by commas or line breaks, or an array from an expression',
};

export const categoryIdsField: INodeProperties = {
	displayName: 'Category IDs',
	name: 'categoryIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 40, 72',
	description: "The service's numeric category IDs, separated by commas or line breaks, or an array from an expression",
};

export const countryCodesField: INodeProperties = {
	displayName: 'Country Codes',
	name: 'countryCodes',
	type: 'string',
	default: '',
	placeholder: 'e.g. US, DE',
	description: 'Two-letter country codes (ISO 3166-1 alpha-2), separated by commas or line breaks, or an array from an expression',
};

/** Each entry of a code list matching `pattern`, in the case the service writes them, each once. */
function readCodes(
	context: ValidationContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
	rule: { pattern: RegExp; says: string; toCase: (code: string) => string },
): string[] {
	const codes = readList(context, itemIndex, field, value);
	for (const code of codes) if (!rule.pattern.test(code)) throw invalidInput(context, itemIndex, field, `${quoted(code)} is not ${rule.says}`);
	return [...new Set(codes.map(rule.toCase))];
}

/** Language codes in lower case, as the service's coupons carry them (`"en"`: facts, section 11). */
export const readLanguageCodes = (context: ValidationContext, itemIndex: number | undefined, value: unknown): string[] =>
	readCodes(context, itemIndex, 'Language Codes', value, {
		pattern: /^[A-Za-z]{2,3}$/,
		says: 'a two- or three-letter language code such as en',
		toCase: (code) => code.toLowerCase(),
	});

/** Country codes in upper case, as the service's merchants and coupons carry them (`"CA"`). */
export const readCountryCodes = (context: ValidationContext, itemIndex: number | undefined, value: unknown): string[] =>
	readCodes(context, itemIndex, 'Country Codes', value, {
		pattern: /^[A-Za-z]{2}$/,
		says: 'a two-letter country code such as US',
		toCase: (code) => code.toUpperCase(),
	});

/** Category IDs as their digits, each once; the search's JSON body sends them as numbers, so none beyond 2^53. */
export function readCategoryIds(context: ValidationContext, itemIndex: number | undefined, value: unknown): string[] {
	const ids = [...new Set(readIdList(context, itemIndex, 'Category IDs', value))];
	const tooLarge = ids.find((id) => !Number.isSafeInteger(Number(id)));
	if (tooLarge !== undefined) throw invalidInput(context, itemIndex, 'Category IDs', `${quoted(tooLarge)} is larger than a category ID can be`);
	return ids;
}
