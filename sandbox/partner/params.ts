// Query/form validation helpers of the partner interface (Django REST framework messages).

export const MSG = {
	required: 'This field is required.',
	blank: 'This field may not be blank.',
	integer: 'A valid integer is required.',
	number: 'A valid number is required.',
	date: 'Invalid date format, use DD.MM.YYYY.',
	maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
	minValue: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
	choice: (v: string) => `Select a valid choice. ${v} is not one of the available choices.`,
	pk: (v: string) => `Invalid pk "${v}" - object does not exist.`,
};

/** Collects field errors so one 400 lists every bad field, like DRF does. */
export class FieldErrors {
	readonly errors: Record<string, string[]> = {};

	add(field: string, message: string): void {
		(this.errors[field] ??= []).push(message);
	}

	get any(): boolean {
		return Object.keys(this.errors).length > 0;
	}
}

/** Django's QueryDict.get: the last value of a repeated parameter. */
export function last(query: URLSearchParams, name: string): string | undefined {
	const all = query.getAll(name);
	return all.length ? all[all.length - 1] : undefined;
}

export function parseInteger(raw: string): number | undefined {
	const trimmed = raw.trim();
	return /^[+-]?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : undefined;
}

export function parseFloatStrict(raw: string): number | undefined {
	const trimmed = raw.trim();
	return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** An optional integer query parameter; adds an error and returns undefined when malformed. */
export function integerParam(query: URLSearchParams, name: string, errors: FieldErrors): number | undefined {
	const raw = last(query, name);
	if (raw === undefined || raw === '') return undefined;
	const value = parseInteger(raw);
	if (value === undefined) errors.add(name, MSG.integer);
	return value;
}

export interface Page {
	limit: number;
	offset: number;
}

export const DEFAULT_LIMIT = 20;

/** limit/offset; a limit above the cap is silently lowered to the cap (the applied value shows in _meta). */
export function pageParams(query: URLSearchParams, cap: number, errors: FieldErrors): Page {
	const limit = integerParam(query, 'limit', errors);
	const offset = integerParam(query, 'offset', errors);
	if (limit !== undefined && limit < 1) errors.add('limit', MSG.minValue(1));
	if (offset !== undefined && offset < 0) errors.add('offset', MSG.minValue(0));
	return { limit: Math.min(limit ?? DEFAULT_LIMIT, cap), offset: offset ?? 0 };
}

export function paginate<T>(items: T[], page: Page): { results: T[]; _meta: { count: number; limit: number; offset: number } } {
	return {
		results: items.slice(page.offset, page.offset + page.limit),
		_meta: { count: items.length, limit: page.limit, offset: page.offset },
	};
}
