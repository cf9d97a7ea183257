// What the merchant and coupon lists of the click service's monetize API share: the seeded data of
// one sandbox, their cursors, the paging (`limit`, `next`, `meta.next`) and the reading of their
// query parameters, 400s in the click error style (docs/sandbox.md, "Merchants and coupons").

import { parseIsoDateTime, parseYmd } from '../dates';
import type { SandboxState } from '../state';
import { seedCoupons, seedMerchants, type Coupon, type Merchant } from './monetizeSeed';

export const DEFAULT_LIMIT = 100;

export type Problem = { property: string; title: string };

/** Cursors the sandbox handed out, each naming the key of the last record of its page; any other `next` is refused. */
export class KeyCursors {
	private readonly issued = new Set<string>();

	issue(list: string, lastKey: string): string {
		const cursor = Buffer.from(JSON.stringify([list, lastKey])).toString('base64url');
		this.issued.add(cursor);
		return cursor;
	}

	/** The key after which the page asked with `cursor` starts, or undefined when the sandbox never gave it for this list. */
	read(list: string, cursor: string): string | undefined {
		if (!this.issued.has(cursor)) return undefined;
		const [cursorList, lastKey] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
		return cursorList === list ? lastKey : undefined;
	}
}

export interface MonetizeData {
	merchants: Merchant[];
	coupons: Coupon[];
	cursors: KeyCursors;
}

const stores = new WeakMap<SandboxState, MonetizeData>();

/** The merchants and coupons of a sandbox, seeded from its seed at its first use by its click clock. */
export function monetizeData(state: SandboxState): MonetizeData {
	let data = stores.get(state);
	if (!data) {
		const nowMs = state.clickNow().getTime();
		const merchants = seedMerchants(state.seed, nowMs, state.clickCatalog);
		data = { merchants, coupons: seedCoupons(state.seed, nowMs, merchants), cursors: new KeyCursors() };
		stores.set(state, data);
	}
	return data;
}

/** `limit` from 1 to `maxLimit` (the config's cursorLimitMax; 100 by default) and `next`, a cursor of this list. */
export function readPaging(q: URLSearchParams, list: string, cursors: KeyCursors, problems: Problem[], maxLimit: number): { limit: number; afterKey?: string } {
	const rawLimit = q.get('limit');
	const limit = rawLimit === null ? DEFAULT_LIMIT : /^\d+$/.test(rawLimit) ? Number(rawLimit) : NaN;
	if (!(limit >= 1 && limit <= maxLimit)) problems.push({ property: 'limit', title: `limit must be an integer between 1 and ${maxLimit}` });
	const rawNext = q.get('next');
	const afterKey = rawNext === null ? undefined : cursors.read(list, rawNext);
	if (rawNext !== null && afterKey === undefined) problems.push({ property: 'next', title: 'next must be a cursor from meta.next of an earlier page' });
	return { limit, afterKey };
}

/** `true` or `false`; absent is undefined. */
export function readFlag(q: URLSearchParams, name: string, problems: Problem[]): boolean | undefined {
	const raw = q.get(name);
	if (raw === null) return undefined;
	if (raw !== 'true' && raw !== 'false') problems.push({ property: name, title: `${name} must be true or false` });
	return raw === 'true';
}

/** An ISO 8601 date-time, or (with `dayToo`, as the record's client sends coupon dates) `YYYY-MM-DD` for the start of that day in UTC. */
export function readInstant(q: URLSearchParams, name: string, problems: Problem[], dayToo = false): number | undefined {
	const raw = q.get(name);
	if (raw === null) return undefined;
	const ms = parseIsoDateTime(raw) ?? (dayToo && parseYmd(raw) ? Date.parse(`${raw}T00:00:00Z`) : undefined);
	if (ms === undefined) problems.push({ property: name, title: `${name} must be an ISO 8601 date${dayToo ? '' : '-time'}` });
	return ms;
}

/**
 * A list parameter in either form a client may send: repeated (`languageCodes=en&languageCodes=de`)
 * or PHP-style indexed (`languageCodes[0]=en`, also `languageCodes[]=en`); undefined when absent.
 */
export function readQueryList(q: URLSearchParams, name: string): string[] | undefined {
	const values: string[] = [...q.getAll(name), ...q.getAll(`${name}[]`)];
	const indexed = [...q.entries()]
		.map(([key, value]) => ({ match: new RegExp(`^${name}\\[(\\d+)\\]$`).exec(key), value }))
		.filter((entry) => entry.match !== null)
		.sort((a, b) => Number(a.match![1]) - Number(b.match![1]));
	values.push(...indexed.map((entry) => entry.value));
	return values.length > 0 ? values : undefined;
}

/** The page of `records` (sorted by key) after the cursor's key: `{meta: {next}, data}`, `next` null on the last page. */
export function cursorPage<T>(records: readonly T[], keyOf: (record: T) => string, paging: { limit: number; afterKey?: string }, list: string, cursors: KeyCursors) {
	const after = paging.afterKey;
	const start = after === undefined ? 0 : records.findIndex((record) => keyOf(record) > after);
	const rest = start < 0 ? [] : records.slice(start);
	const page = rest.slice(0, paging.limit);
	const last = page[page.length - 1];
	const next = rest.length > page.length && last !== undefined ? cursors.issue(list, keyOf(last)) : null;
	return { meta: { next }, data: page };
}
