import type { IDataObject } from 'n8n-workflow';

import type { AskedFor, AskedKey, Contract, CursorPageContract, ListContract } from './contracts';
import { recordKey } from './contracts';

/**
 * Whether a 2xx answer keeps its endpoint's promise (contracts.ts), and if not, what exactly is
 * wrong. Beyond its shape, an answer must be about what was asked: the record of the key asked
 * for, one status per order ID asked, the rate of the currencies and day asked, and pages whose
 * counts are whole numbers a read can use and that hold no more than their own counts allow.
 */

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);
/** Counts size what is read next: only a whole number JavaScript holds exactly (below 2^53) will do. */
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const hasKey = (value: unknown, key: string) => {
	const field = (value as IDataObject | null)?.[key];
	return (typeof field === 'string' && field !== '') || (typeof field === 'number' && Number.isFinite(field));
};
/** A value as an error shows it: text quoted, anything cut to a readable length. */
const shown = (value: unknown) => {
	const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

function numberAsked(asked: AskedFor, name: string): number | undefined {
	const value = asked.qs?.[name];
	return value === undefined || value === null || value === '' ? undefined : Number(value);
}

function checkPage(meta: unknown, metaName: string, countName: string, items: unknown[], asked: AskedFor): string | undefined {
	if (!isObject(meta)) return `it has no "${metaName}" object`;
	const count = meta[countName];
	if (!isCount(count)) return `"${metaName}.${countName}" is ${shown(count)}, not a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;
	const offset = numberAsked(asked, 'offset');
	if (offset !== undefined && meta.offset !== offset) {
		return `it is the page at offset ${shown(meta.offset)}, not at the offset ${offset} asked for`;
	}
	const limit = numberAsked(asked, 'limit');
	if (limit !== undefined && items.length > limit) return `it holds ${items.length} records where at most ${limit} were asked for`;
	const left = Math.max(0, count - (offset ?? 0));
	if (items.length > left) {
		return `it holds ${items.length} records where its own "${metaName}.${countName}" of ${count} leaves at most ${left} from offset ${offset ?? 0}`;
	}
	return undefined;
}

/** A record a page lists twice: two entries that may differ, of which only one can be true. */
function listedTwice(items: unknown[], keyOf: (item: unknown) => string, name: string, key: string): string | undefined {
	const seen = new Set<string>();
	for (const item of items) {
		const value = keyOf(item);
		if (seen.has(value)) return `${name} lists the ${key} ${shown(value)} twice`;
		seen.add(value);
	}
	return undefined;
}

function firstBadEntry(items: unknown[], isGood: (item: unknown) => boolean, name: string, rule: string): string | undefined {
	const index = items.findIndex((item) => !isGood(item));
	return index < 0 ? undefined : `${name}[${index}] is not ${rule}`;
}

/**
 * Whether a JSON number is the integer whose digits were asked for. Beyond 2^53 the parser has
 * rounded it, so it can only be compared as rounded.
 */
function isInteger(value: unknown, digits: string): boolean {
	if (typeof value !== 'number' || !Number.isInteger(value)) return false;
	return Number.isSafeInteger(value) ? String(value) === digits : value === Number(digits);
}

function checkRecord(body: IDataObject, key: string, asked: AskedKey | undefined): string | undefined {
	if (!hasKey(body, key)) return `it has no "${key}"`;
	if (!asked) return undefined;
	const value = body[key];
	const same = asked.type === 'integer' ? isInteger(value, asked.value) : value === asked.value;
	if (same) return undefined;
	const wanted = asked.type === 'integer' ? `the number ${asked.value}` : `"${asked.value}"`;
	return `its "${key}" is ${shown(value)}, not ${wanted} asked for: it is not the record asked for`;
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
	const answered = entries.map((entry) => String((entry as IDataObject).order_id));
	// Two entries for one order may carry two statuses; which one holds cannot be told.
	const twice = answered.find((orderId, index) => answered.indexOf(orderId) !== index);
	if (twice !== undefined) return `it lists the order ID ${shown(twice)} more than once`;
	const missing = queried.filter((orderId) => !answered.includes(orderId));
	if (missing.length) return `it has no entry for the order ID${missing.length > 1 ? 's' : ''} ${missing.slice(0, 5).join(', ')}`;
	const unasked = answered.filter((orderId) => !queried.includes(orderId));
	if (unasked.length) return `it has entries for order IDs that were not asked for: ${unasked.slice(0, 5).map(shown).join(', ')}`;
	return undefined;
}

/** `DD.MM.YYYY`, as the query sends a day, to the answer's `YYYY-MM-DD`. */
const isoDay = (partnerDate: unknown) => String(partnerDate).split('.').reverse().join('-');

function checkRate(body: IDataObject, asked: AskedFor): string | undefined {
	const missing = ['base', 'target', 'date', 'rate'].filter((field) => !hasKey(body, field));
	if (missing.length) return `it has no ${missing.map((field) => `"${field}"`).join(', ')}`;
	if (!Number.isFinite(Number(body.rate))) return `"rate" is not a number: ${shown(body.rate)}`;
	for (const currency of ['base', 'target']) {
		const wanted = asked.qs?.[currency];
		if (wanted !== undefined && String(body[currency]).toUpperCase() !== String(wanted).toUpperCase()) {
			return `it is the rate with ${currency} ${shown(body[currency])}, not the ${wanted} asked for`;
		}
	}
	const day = asked.qs?.date;
	if (day !== undefined && body.date !== isoDay(day)) return `it is the rate of ${shown(body.date)}, not of ${isoDay(day)} asked for`;
	return undefined;
}

const isStampedEntry = (item: unknown, stampedBy: string) =>
	isObject(item) && hasKey(item, 'id') && typeof item[stampedBy] === 'string' && !Number.isNaN(Date.parse(item[stampedBy] as string));

/** A grouped field of a report row: present, as text (possibly empty), a number, or null. */
const isGroupValue = (value: unknown) => value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** Records of a list keyed by `key`, each held to the request's own check. */
function checkRecords(items: unknown[], contract: ListContract | CursorPageContract, name: string, asked: AskedFor): string | undefined {
	const key = contract.key;
	const problem = Array.isArray(key)
		? firstBadEntry(
				items,
				(item) => isObject(item) && key.every((field) => field in item && isGroupValue(item[field])),
				name,
				`an object with ${key.map((field) => `"${field}"`).join(' and ')}`,
			)
		: (firstBadEntry(items, (item) => isObject(item) && hasKey(item, key as string), name, `an object with "${key as string}"`) ??
			listedTwice(items, (item) => recordKey(contract, item), name, `record with ${key as string}`));
	if (problem || !contract.check) return problem;
	for (let index = 0; index < items.length; index++) {
		const wrong = contract.check(items[index] as IDataObject, asked);
		if (wrong) return `${name}[${index}] ${wrong}`;
	}
	// Rows of a report are told apart by their grouped values together; two alike are one row twice.
	return Array.isArray(key) ? listedTwice(items, (item) => recordKey(contract, item), name, `row with ${key.join(' and ')}`) : undefined;
}

function checkList(contract: ListContract, body: unknown, asked: AskedFor): string | undefined {
	if (Array.isArray(body)) {
		if (!contract.bareArray) return 'it is a bare JSON array, not an object with "results" and "_meta"';
		return checkRecords(body, contract, 'the array', asked);
	}
	if (!isObject(body)) return 'it is not a JSON object';
	if (!Array.isArray(body.results)) return 'it has no "results" list';
	const page = checkPage(body._meta, '_meta', 'count', body.results, asked);
	if (page) return page;
	if (contract.key === 'plainString') {
		return (
			firstBadEntry(body.results, (item) => typeof item === 'string', 'results', 'a string') ??
			listedTwice(body.results, String, 'results', 'value')
		);
	}
	return checkRecords(body.results, contract, 'results', asked);
}

function checkCursorPage(contract: CursorPageContract, body: IDataObject, asked: AskedFor): string | undefined {
	if (!Array.isArray(body.data)) return 'it has no "data" list';
	if (!isObject(body.meta)) return 'it has no "meta" object';
	const next = body.meta.next;
	if (next !== undefined && next !== null && (typeof next !== 'string' || next === '')) {
		return `"meta.next" is ${shown(next)}, not a cursor (text) or null`;
	}
	const limit = numberAsked(asked, 'limit');
	if (limit !== undefined && body.data.length > limit) return `it holds ${body.data.length} records where at most ${limit} were asked for`;
	return checkRecords(body.data, contract, 'data', asked);
}

/** What is wrong with a 2xx answer, or undefined when it keeps its endpoint's promise. */
export function contractViolation(contract: Contract, body: unknown, asked: AskedFor): string | undefined {
	if (contract.kind === 'json') {
		return body !== null && typeof body === 'object' ? undefined : 'it is not JSON';
	}
	if (contract.kind === 'list') return checkList(contract, body, asked);
	if (contract.kind === 'shaped') return contract.violation(body, asked);
	if (contract.kind === 'totals') {
		if (!Array.isArray(body)) return isObject(body) ? 'it is an object, not the bare array of totals' : 'it is not a JSON array';
		// One row per currency: a row without one, or two of one, cannot be summed or told apart.
		return (
			firstBadEntry(body, (item) => isObject(item) && typeof item.currency === 'string' && item.currency !== '', 'the array', 'an object with a "currency"') ??
			listedTwice(body, (item) => String((item as IDataObject).currency), 'the array', 'currency')
		);
	}
	if (!isObject(body)) return 'it is not a JSON object';
	switch (contract.kind) {
		case 'cursorPage':
			return checkCursorPage(contract, body, asked);
		case 'totalPage': {
			if (!Array.isArray(body.data)) return 'it has no "data" list';
			return (
				checkPage(body.meta, 'meta', 'total', body.data, asked) ??
				firstBadEntry(body.data, (item) => isStampedEntry(item, contract.stampedBy), 'data', `an entry with an id and an ${contract.stampedBy}`) ??
				listedTwice(body.data, (item) => String((item as IDataObject).id), 'data', 'item with id')
			);
		}
		case 'record':
			return checkRecord(body, contract.key, contract.asked);
		case 'orderInfo':
			return checkOrderInfo(body, asked);
		case 'rate':
			return checkRate(body, asked);
	}
}
