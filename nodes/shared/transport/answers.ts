import type { IDataObject } from 'n8n-workflow';

/** What an answer is shown as, at most: a proxy's HTML page or a stack trace is no message. */
const SHOWN_CHARACTERS = 200;

function clip(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > SHOWN_CHARACTERS ? `${flat.slice(0, SHOWN_CHARACTERS)}…` : flat;
}

function isHtml(text: string): boolean {
	return /^\s*(<!doctype html|<html|<head|<body|<title)/i.test(text) || /<\/(html|body|title)>/i.test(text);
}

/** The `<title>` of an HTML page, entities for &, <, >, " and ' decoded. */
export function htmlTitle(text: string): string | undefined {
	const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
	if (!match) return undefined;
	const title = match[1]
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#0?39;|&apos;/g, "'")
		.replace(/&amp;/g, '&');
	return clip(title) || undefined;
}

/**
 * A short description of an answer body that is not what was expected: an HTML page by its
 * title, text that is not JSON by its start, JSON by its top-level keys.
 */
export function describeBody(body: unknown): string {
	if (body === undefined || body === null || body === '') return 'an empty body';
	if (typeof body === 'string') {
		if (isHtml(body)) {
			const title = htmlTitle(body);
			return title ? `an HTML page titled "${title}"` : 'an HTML page without a title';
		}
		if (/^\s*[[{]/.test(body)) return `JSON that is cut off or malformed: ${clip(body)}`;
		return `text that is not JSON: "${clip(body)}"`;
	}
	if (Array.isArray(body)) return `a JSON array of ${body.length} entries`;
	if (typeof body === 'object') {
		const keys = Object.keys(body as object);
		return keys.length ? `a JSON object with the keys ${clip(keys.join(', '))}` : 'an empty JSON object';
	}
	return `the JSON value ${clip(String(body))}`;
}

export interface ServerProblem {
	field?: string;
	message: string;
}

/** What the server said in an error answer, whatever its error shape. */
export function readServerProblems(body: unknown): ServerProblem[] {
	if (typeof body === 'string') {
		if (!body.trim()) return [];
		return [{ message: isHtml(body) ? (htmlTitle(body) ?? 'an HTML error page') : clip(body) }];
	}
	if (body === null || typeof body !== 'object') return [];
	const data = body as IDataObject;

	// Click interface: {errors: [{status, title, code, meta: {property}}]}
	if (Array.isArray(data.errors)) {
		return (data.errors as IDataObject[]).map((error) => ({
			field: (error?.meta as IDataObject | undefined)?.property as string | undefined,
			message: String(error?.title ?? error?.code ?? 'error'),
		}));
	}
	// Partner interface, OAuth style: {error, error_description, error_code}
	if (typeof data.error === 'string' || typeof data.error_description === 'string') {
		return [{ message: String(data.error_description ?? data.error) }];
	}
	// Partner interface, plain detail: {detail}
	if (typeof data.detail === 'string') return [{ message: data.detail }];
	// Partner interface, validation: {field: ["message", ...], ...}
	const problems: ServerProblem[] = [];
	for (const [field, messages] of Object.entries(data)) {
		if (Array.isArray(messages)) {
			problems.push({ field: field === 'non_field_errors' ? undefined : field, message: messages.join(' ') });
		} else if (typeof messages === 'string') {
			problems.push({ field, message: messages });
		}
	}
	return problems;
}

/**
 * Whether an error answer is the service limiting the request rate: a 429, or the partner
 * interface's 503 with `error_code` 4 (its public docs: "The maximum number of requests for the
 * period expired"). Judged by status and code, never by words in a text.
 */
export function isRateLimitAnswer(status: number, body: unknown): boolean {
	if (status === 429) return true;
	const code = (body as IDataObject | null)?.error_code;
	return status === 503 && body !== null && typeof body === 'object' && (code === 4 || code === '4');
}
