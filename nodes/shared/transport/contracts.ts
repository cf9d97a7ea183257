import type { IDataObject } from 'n8n-workflow';

/**
 * What a 2xx answer of an endpoint promises (the spec, /work/shared/spec/affiliate-api-spec.md,
 * sections 2 and 4). Every request states its endpoint's promise beside its path; the transport
 * checks each answer against it. An answer that breaks its promise is an error, never data: a
 * proxy's HTML page with status 200, a cut-off body or a missing envelope would otherwise become
 * zero items, or a page too few, with success.
 */
export type Contract =
	/**
	 * `{results: [...], _meta: {count, limit, offset}}`; records keyed by `key`, by the values of
	 * several fields together (a report's rows: the grouped field and the currency), or plain
	 * strings. With `bareArray`, an endpoint the sources show both ways may also answer a bare array
	 * of the records. With `check`, every record is also held to what was asked (a filter).
	 */
	| { kind: 'list'; key: string | 'plainString' | readonly string[]; what: string; bareArray?: boolean; check?: RecordCheck }
	/** `{meta: {next: string | null}, data: [...]}`: a page of a cursor list, records keyed by `key`. */
	| { kind: 'cursorPage'; key: string; what: string; check?: RecordCheck }
	/** A bare array of objects, without `_meta`: the totals of a report (`total=1`). */
	| { kind: 'totals'; what: string }
	/** `{meta: {limit, offset, total}, data: [...]}`, every entry with an `id` and a date-time in `stampedBy`. */
	| { kind: 'totalPage'; stampedBy: string; what: string }
	/** One record, an object with `key`; when it was asked for by its key, that key. */
	| { kind: 'record'; key: string; what: string; asked?: AskedKey }
	/** `{order_info: [...]}` with one entry per queried order ID. */
	| { kind: 'orderInfo'; what: string }
	/** `{base, target, date, rate}` */
	| { kind: 'rate'; what: string }
	/**
	 * An answer whose shape its endpoint's own module knows (a deeplink answer, a resolve answer):
	 * `violation` says what is wrong with it, given what was asked, or undefined.
	 */
	| { kind: 'shaped'; what: string; violation: (body: unknown, asked: AskedFor) => string | undefined }
	/** Any JSON object or array. */
	| { kind: 'json'; what: string };

export type ListContract = Extract<Contract, { kind: 'list' }>;
export type CursorPageContract = Extract<Contract, { kind: 'cursorPage' }>;

/**
 * What is wrong with one record of an answer, given what was asked, or undefined. An answer
 * about another status than the filter asked for would otherwise pass as data.
 */
export type RecordCheck = (record: IDataObject, asked: AskedFor) => string | undefined;

/** A partner list page, `{results, _meta: {count, limit, offset}}`, of records keyed by `key` or of plain strings. */
export const listOf = (
	key: string | 'plainString' | readonly string[],
	what: string,
	more: { bareArray?: boolean; check?: RecordCheck } = {},
): ListContract => ({ kind: 'list', key, what, ...more });

/** A page of a list read over a `meta.next` cursor. */
export const cursorPageOf = (key: string, what: string, check?: RecordCheck): CursorPageContract => ({ kind: 'cursorPage', key, what, check });

/** The totals of a report: a bare array of objects. */
export const totalsOf = (what: string): Contract => ({ kind: 'totals', what });

/**
 * The key a single get asked for, in the record's own type: an answer about another record, or
 * with its key in another type (`"5"` or `5.5` for the lost order 5), is not the record asked for.
 */
export interface AskedKey {
	value: string;
	type: 'integer' | 'text';
}

/** One record, an object with `key`; with `asked`, the record whose `key` is that. */
export const oneRecord = (key: string, what: string, asked?: AskedKey): Contract => ({ kind: 'record', key, what, asked });

/** The record a get by integer ID asked for (`/lost_orders/5/`): its `id` is the number 5. */
export const recordWithId = (id: string, what: string): Contract => oneRecord('id', what, { value: id, type: 'integer' });

/** GET /lost_orders/payments_info/: exactly one entry per queried order ID (spec 2.3, 4.2). */
export const orderStatuses: Contract = { kind: 'orderInfo', what: 'order statuses' };

/** GET /currencies/rate/: the rate of the base, target and day asked for. */
export const exchangeRate: Contract = { kind: 'rate', what: 'an exchange rate' };

/** A page of the click report, every item stamped with `updatedAt`. */
export const clickReportPage: Contract = { kind: 'totalPage', stampedBy: 'updatedAt', what: 'a page of the click report' };

/** The identity of one record of a list, for deduplication and for matching overlapping pages. */
export function recordKey(contract: Contract, value: unknown): string {
	if (contract.kind === 'list' && contract.key === 'plainString') return String(value);
	if (contract.kind === 'list' && Array.isArray(contract.key)) {
		return JSON.stringify(contract.key.map((field) => (value as IDataObject)[field] ?? null));
	}
	if (contract.kind === 'list' || contract.kind === 'record' || contract.kind === 'cursorPage') {
		return String((value as IDataObject)[contract.key as string]);
	}
	return String((value as IDataObject).id);
}

/** The query and JSON body a request asked with, as far as the checks need them. */
export interface AskedFor {
	qs?: IDataObject;
	body?: IDataObject;
}

/** An answer held to a check its endpoint's module writes (contracts.ts, `shaped`). */
export const shapedAs = (what: string, violation: (body: unknown, asked: AskedFor) => string | undefined): Contract => ({
	kind: 'shaped',
	what,
	violation,
});
