import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CalendarDate } from './dates';
import { readCalendarDate } from './dates';

/** A NodeOperationError that names the parameter and the rule it broke. */
export function invalidInput(context: IExecuteFunctions, itemIndex: number, field: string, rule: string) {
	return new NodeOperationError(context.getNode(), `Invalid "${field}": ${rule}`, { itemIndex });
}

/** A required real calendar date, or an error naming the field. */
export function requireDate(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown): CalendarDate {
	const date = readCalendarDate(value);
	if (!date) {
		const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
		throw invalidInput(context, itemIndex, field, `${shown} is not a real date (use a date, an ISO date or DD.MM.YYYY)`);
	}
	return date;
}

/** An optional date: empty means not given. */
export function optionalDate(
	context: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): CalendarDate | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	return requireDate(context, itemIndex, field, value);
}

/**
 * A list typed as text (comma- or newline-separated) or given as an array by an expression.
 * Empty entries are dropped.
 */
export function readList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.flatMap((entry) => readList(entry)) : String(value ?? '').split(/[,\n\r]+/);
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

export function requireMaxLength(
	context: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: string,
	max: number,
) {
	if (value.length > max) {
		throw invalidInput(context, itemIndex, field, `at most ${max} characters are allowed, got ${value.length}`);
	}
}

/** A positive whole number (an ID), from a number or numeric text. */
export function requireId(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown): number {
	const text = String(value ?? '').trim();
	if (!/^\d+$/.test(text) || Number(text) < 1) {
		throw invalidInput(context, itemIndex, field, `must be a positive whole number, got "${text}"`);
	}
	return Number(text);
}

/** Whether an optional parameter was left empty (nothing, or only spaces). */
export function isEmptyInput(value: unknown): boolean {
	return value === undefined || value === null || String(value).trim() === '';
}

/** An optional ID: empty means not given. */
export function optionalId(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown) {
	return isEmptyInput(value) ? undefined : requireId(context, itemIndex, field, value);
}

/** One of the allowed values of a dropdown (an expression may give anything). */
export function requireChoice(
	context: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
	allowed: string[],
): string {
	const text = String(value ?? '').trim();
	if (!allowed.includes(text)) {
		throw invalidInput(context, itemIndex, field, `"${text}" is not one of ${allowed.join(', ')}`);
	}
	return text;
}

/** A required text: trimmed, not empty, at most `max` characters. */
export function requireText(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown, max: number) {
	if (isEmptyInput(value)) throw invalidInput(context, itemIndex, field, 'a value is required');
	const text = String(value).trim();
	requireMaxLength(context, itemIndex, field, text, max);
	return text;
}

/** An optional text: empty means not given. */
export function optionalText(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown, max: number) {
	return isEmptyInput(value) ? undefined : requireText(context, itemIndex, field, value, max);
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number, from a number or numeric text such as "12.50" (not "12,50", NaN or Infinity). */
export function requireNumber(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown): number {
	const text = String(value ?? '').trim();
	const number = typeof value === 'number' ? value : NUMERIC_TEXT.test(text) ? Number(text) : NaN;
	if (!Number.isFinite(number)) {
		throw invalidInput(context, itemIndex, field, `must be a finite number, got ${typeof value === 'number' ? text : `"${text}"`}`);
	}
	return number;
}

/** An optional number: empty means not given. */
export function optionalNumber(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown) {
	return isEmptyInput(value) ? undefined : requireNumber(context, itemIndex, field, value);
}
