/**
 * Class B: what an answer family is (a way the fuzz proxy rewrites an answer of the sandbox, in
 * variants), and the JSON helpers the families are written with. Each rewrite is a pure function
 * of the answer and a stream seeded by the case and the request's label, so a retried request is
 * rewritten the same way. Pure (no n8n import): the parent plans from the names, the worker's proxy
 * applies them. The families, by what they do: answersTopLevel.ts, answersCounts.ts,
 * answersRecords.ts, answersEquivalent.ts; answers.ts lists them.
 */
import type { Rng } from '../../sandbox/prng';

/** What an endpoint answers: which checks and rewrites make sense for it. */
export type Shape = 'list' | 'plainList' | 'record' | 'orderInfo' | 'rate' | 'clickPage' | 'bareList' | 'totals' | 'cursorPage' | 'deeplinks' | 'resolved' | 'searched';
/** Which of the pages (distinct requests) of a read a rewrite takes; `all` for single requests. */
export type Position = 'first' | 'middle' | 'last' | 'all';
/** `always`: every answer to a chosen request, retries too; `once`: only its first answer. */
export type Mode = 'always' | 'once';

export interface Answer {
	status: number;
	contentType: string;
	text: string;
}

export interface RewriteContext {
	rng: Rng;
	/** The record key of the config (`id`, `code`, `language_code`; empty for plain strings). */
	key: string;
	/** The request's query. */
	query: URLSearchParams;
	/** The undisturbed answers of the config's other requests, by label (for items of another window). */
	otherAnswers: Array<{ label: string; query: URLSearchParams; body: unknown }>;
}

export type Json = Record<string, unknown>;

export interface Family {
	name: string;
	shapes: Shape[];
	variants: (shape: Shape, key: string) => string[];
	/** The answer means the same: the run must succeed with the undisturbed output. */
	equivalent?: boolean;
	/** May crash or block a process with the known defects: run alone. */
	hazard?: boolean;
	/** Only for a config read over two click windows. */
	twoWindows?: boolean;
	/** Only for a config whose records are these (catalogB.ts, ReadConfig.about): a rewrite of their own fields. */
	about?: RecordsAbout;
	/** The pages it may take, when not every one: a repeated cursor needs a page asked with one. */
	positions?: Position[];
	/** How to compare outputs: the record key may come back as a string of itself. */
	keyAsText?: (variant: string) => boolean;
	rewrite: (answer: Answer, variant: string, context: RewriteContext) => Answer;
}

/**
 * What a read's records are, for the families that rewrite their own fields: the partner
 * interface's actions, those read one item per position, click actions read with a Status filter,
 * and one program of an ad space (answersLinks.ts).
 */
export type RecordsAbout = 'actions' | 'positions' | 'statusFiltered' | 'program';

/** A field name no answer has: extra fields carry it, and outputs are compared without it. */
export const EXTRA_FIELD = 'fuzzExtraField';

export const LISTS: Shape[] = ['list', 'plainList', 'clickPage'];
export const ALL: Shape[] = ['list', 'plainList', 'record', 'orderInfo', 'rate', 'clickPage', 'cursorPage', 'resolved', 'searched'];
/** A deeplink answer: a bare array of links (answersLinks.ts has its own families). */
export const LINK_ARRAYS: Shape[] = ['deeplinks'];
/** Answers that are a bare JSON array, with no top-level keys: a list the sources show so too (/websites/v2/), a report's totals. */
export const BARE: Shape[] = ['bareList', 'totals'];

export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
export const mainArray = (body: Json) => (['results', 'data', 'order_info'] as const).find((key) => Array.isArray(body[key]));
export const metaOf = (body: Json) => (isObject(body._meta) ? body._meta : isObject(body.meta) ? body.meta : undefined);
export const countKey = (body: Json) => (isObject(body._meta) ? 'count' : 'total');

/** The answer's body when it is a JSON object; undefined for anything else. */
export function jsonObject(answer: Answer): Json | undefined {
	let body: unknown;
	try {
		body = JSON.parse(answer.text);
	} catch {
		return undefined;
	}
	return isObject(body) ? body : undefined;
}

/** JSON text with some values spliced in as raw text (numbers JSON.stringify cannot write). */
function stringify(value: unknown, raw: Record<string, string> = {}): string {
	let text = JSON.stringify(value);
	for (const [marker, replacement] of Object.entries(raw)) text = text.split(JSON.stringify(marker)).join(replacement);
	return text;
}

/** The answer's JSON rewritten by `change` (which may return raw splices); an answer that is not a JSON object stays. */
export function withJson(answer: Answer, change: (body: Json) => Record<string, string> | void): Answer {
	const body = jsonObject(answer);
	if (!body) return answer;
	const raw = change(body) ?? {};
	return { ...answer, text: stringify(body, raw) };
}

/** Whether an answer's text is a JSON array (the BARE shapes' answers; every other shape's is an object). */
export const isBare = (answer: Answer) => answer.text.trimStart().startsWith('[');

/** The answer's JSON array rewritten in place by `change` (which may return raw splices); an answer that is not a JSON array stays. */
export function withArray(answer: Answer, change: (items: unknown[]) => Record<string, string> | void): Answer {
	let body: unknown;
	try {
		body = JSON.parse(answer.text);
	} catch {
		return answer;
	}
	if (!Array.isArray(body)) return answer;
	const raw = change(body) ?? {};
	return { ...answer, text: stringify(body, raw) };
}

/** A value by its spelling in a variant: `null`, `{}`, `[]`, `""`, `true`, `"57"`, `1.5`, `-1`. */
export const valueOf = (spelling: string): unknown => JSON.parse(spelling);

/** A variant `name=spelling`, split at its first `=`. */
export const assignment = (variant: string) => variant.split(/=(.*)/s) as [string, string];

/** Which entry of the main array a rewrite takes: one, chosen by the stream. */
export function pickIndex(items: unknown[], rng: Rng): number {
	return items.length ? rng.int(0, items.length - 1) : -1;
}
