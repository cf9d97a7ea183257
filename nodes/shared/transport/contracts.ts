import type { IDataObject } from 'n8n-workflow';

/**
 * What a 2xx answer of an endpoint promises (the spec, /work/shared/spec/affiliate-api-spec.md,
 * sections 2 and 4). Every request states its endpoint's promise beside its path; the transport
 * checks each answer against it. An answer that breaks its promise is an error, never data: a
 * proxy's HTML page with status 200, a cut-off body or a missing envelope would otherwise become
 * zero items, or a page too few, with success.
 */
export type Contract =
	/** `{results: [...], _meta: {count, limit, offset}}`; records keyed by `key`, or plain strings. */
	| { kind: 'list'; key: string | 'plainString'; what: string }
	/** `{meta: {limit, offset, total}, data: [...]}`, every entry with an `id` and a date-time in `stampedBy`. */
	| { kind: 'totalPage'; stampedBy: string; what: string }
	/** One record, an object with `key`. */
	| { kind: 'record'; key: string; what: string }
	/** `{order_info: [...]}` with one entry per queried order ID. */
	| { kind: 'orderInfo'; what: string }
	/** `{base, target, date, rate}` */
	| { kind: 'rate'; what: string }
	/** Any JSON object or array. */
	| { kind: 'json'; what: string };

export type ListContract = Extract<Contract, { kind: 'list' }>;

/** A partner list page, `{results, _meta: {count, limit, offset}}`, of records keyed by `key` or of plain strings. */
export const listOf = (key: string | 'plainString', what: string): ListContract => ({ kind: 'list', key, what });

/** One record, an object with `key`. */
export const oneRecord = (key: string, what: string): Contract => ({ kind: 'record', key, what });

/** GET /lost_orders/payments_info/: one entry per queried order ID (spec 2.3, 4.2). */
export const orderStatuses: Contract = { kind: 'orderInfo', what: 'order statuses' };

/** GET /currencies/rate/. */
export const exchangeRate: Contract = { kind: 'rate', what: 'an exchange rate' };

/** A page of the click report, every item stamped with `updatedAt`. */
export const clickReportPage: Contract = { kind: 'totalPage', stampedBy: 'updatedAt', what: 'a page of the click report' };

const isObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const hasKey = (value: unknown, key: string) => {
	const field = (value as IDataObject | null)?.[key];
	return (typeof field === 'string' && field !== '') || (typeof field === 'number' && Number.isFinite(field));
};

/** The identity of one record of a list, for deduplication and for matching overlapping pages. */
export function recordKey(contract: Contract, value: unknown): string {
	if (contract.kind === 'list' && contract.key === 'plainString') return String(value);
	if (contract.kind === 'list' || contract.kind === 'record') return String((value as IDataObject)[contract.key]);
	return String((value as IDataObject).id);
}

/** The query a request asked with, as far as the checks need it. */
export interface AskedFor {
	qs?: IDataObject;
}

function numberAsked(asked: AskedFor, name: string): number | undefined {
	const value = asked.qs?.[name];
	return value === undefined || value === null || value === '' ? undefined : Number(value);
}

function checkPage(meta: unknown, metaName: string, countName: string, items: unknown[], asked: AskedFor): string | undefined {
	if (!isObject(meta)) return `it has no "${metaName}" object`;
	if (!isCount(meta[countName])) return `"${metaName}.${countName}" is not a whole number`;
	const offset = numberAsked(asked, 'offset');
	if (offset !== undefined && meta.offset !== offset) {
		return `it is the page at offset ${String(meta.offset)}, not at the offset ${offset} asked for`;
	}
	const limit = numberAsked(asked, 'limit');
	if (limit !== undefined && items.length > limit) return `it holds ${items.length} records where at most ${limit} were asked for`;
	return undefined;
}

function firstBadEntry(items: unknown[], isGood: (item: unknown) => boolean, name: string, rule: string): string | undefined {
	const index = items.findIndex((item) => !isGood(item));
	return index < 0 ? undefined : `${name}[${index}] is not ${rule}`;
}

function checkOrderInfo(body: IDataObject, asked: AskedFor): string | undefined {
	const entries = body.order_info;
	if (!Array.isArray(entries)) return 'it has no "order_info" list';
	const bad = firstBadEntry(
		entries,
		(entry) => isObject(entry) && hasKey(entry, 'order_id') && typeof entry.status === 'string' && entry.status !== '',
		'order_info',
		'an object with an order_id and a status',
	);
	if (bad) return bad;
	const queried = ([] as unknown[]).concat(asked.qs?.order_id ?? []).map(String);
	const answered = new Set(entries.map((entry) => String((entry as IDataObject).order_id)));
	const missing = queried.filter((orderId) => !answered.has(orderId));
	if (missing.length) return `it has no entry for the order ID${missing.length > 1 ? 's' : ''} ${missing.slice(0, 5).join(', ')}`;
	const unasked = [...answered].filter((orderId) => !queried.includes(orderId));
	if (unasked.length) return `it has entries for order IDs that were not asked for: ${unasked.slice(0, 5).join(', ')}`;
	return undefined;
}

const isStampedEntry = (item: unknown, stampedBy: string) =>
	isObject(item) && hasKey(item, 'id') && typeof item[stampedBy] === 'string' && !Number.isNaN(Date.parse(item[stampedBy] as string));

/** What is wrong with a 2xx answer, or undefined when it keeps its endpoint's promise. */
export function contractViolation(contract: Contract, body: unknown, asked: AskedFor): string | undefined {
	if (contract.kind === 'json') {
		return body !== null && typeof body === 'object' ? undefined : 'it is not JSON';
	}
	if (!isObject(body)) return 'it is not a JSON object';
	switch (contract.kind) {
		case 'list': {
			if (!Array.isArray(body.results)) return 'it has no "results" list';
			const page = checkPage(body._meta, '_meta', 'count', body.results, asked);
			if (page) return page;
			return contract.key === 'plainString'
				? firstBadEntry(body.results, (item) => typeof item === 'string', 'results', 'a string')
				: firstBadEntry(body.results, (item) => isObject(item) && hasKey(item, contract.key), 'results', `an object with "${contract.key}"`);
		}
		case 'totalPage': {
			if (!Array.isArray(body.data)) return 'it has no "data" list';
			return (
				checkPage(body.meta, 'meta', 'total', body.data, asked) ??
				firstBadEntry(body.data, (item) => isStampedEntry(item, contract.stampedBy), 'data', `an entry with an id and an ${contract.stampedBy}`)
			);
		}
		case 'record':
			return hasKey(body, contract.key) ? undefined : `it has no "${contract.key}"`;
		case 'orderInfo':
			return checkOrderInfo(body, asked);
		case 'rate': {
			const missing = ['base', 'target', 'date', 'rate'].filter((field) => !hasKey(body, field));
			if (missing.length) return `it has no ${missing.map((field) => `"${field}"`).join(', ')}`;
			return Number.isFinite(Number(body.rate)) ? undefined : `"rate" is not a number: ${String(body.rate).slice(0, 40)}`;
		}
	}
}
