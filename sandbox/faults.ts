// Injected faults: the next N (or a seeded random share of) matching API requests fail or misbehave.

import { CLICK_REPORT_PATH } from './click/clickReport';
import { CLICK_ACTIONS_PATH } from './conversions/clickActions';
import type { Rng } from './prng';
import type { Api, FaultSpec, ShiftAction } from './types';

/** What a fault is matched against. */
export interface FaultRequest {
	api: Api;
	method: string;
	path: string;
	query: URLSearchParams;
}

/** The lists whose data a shift fault can move, and how. Statistics are never deleted, claim lists never "updated". */
export const SHIFT_LISTS: ReadonlyArray<{ api: Api; path: string; actions: readonly ShiftAction[] }> = [
	{ api: 'partner', path: '/lost_orders/', actions: ['remove', 'insert'] },
	{ api: 'partner', path: '/appeals/', actions: ['remove', 'insert'] },
	{ api: 'click', path: CLICK_REPORT_PATH, actions: ['update', 'updateNewest', 'insert'] },
	// Actions change status (update) or arrive (insert); none is ever deleted.
	{ api: 'partner', path: '/statistics/actions/', actions: ['update', 'insert'] },
	{ api: 'click', path: CLICK_ACTIONS_PATH, actions: ['update', 'insert'] },
];

const FAULT_STATUSES = [429, 500, 502, 503, 504];
const RATE_LIMIT_STATUSES = [503, 429];
const REDIRECT_STATUSES = [301, 302, 307, 308];
const STATUS_BODIES = ['json', 'html', 'rateLimit'];
const SPOILED_BODIES = ['malformed', 'html', 'empty', 'truncated', 'drop', 'dropItem', 'repeatItem', 'set'];
const SHIFT_ACTIONS: readonly ShiftAction[] = ['remove', 'insert', 'update', 'updateNewest'];
/** Enough to move any page; keeps a typo from freezing the sandbox. */
const MAX_SHIFT_RECORDS = 10_000;

const MATCH_KEYS = ['count', 'rate', 'skip', 'api', 'method', 'pathPrefix', 'query'];
const KIND_KEYS: Record<FaultSpec['kind'], string[]> = {
	status: ['status', 'retryAfter', 'body'],
	reset: [],
	body: ['body', 'key', 'value'],
	redirect: ['status', 'location'],
	shift: ['action', 'records'],
	expireCursor: [],
};

interface ActiveFault {
	spec: FaultSpec;
	remaining: number; // Infinity when no count was given
	skipLeft: number;
}

const isPositiveInteger = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;
const oneOf = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

function checkMatch(f: Record<string, unknown>): void {
	if (f.count !== undefined && !isPositiveInteger(f.count)) throw new Error('count must be a positive integer');
	if (f.rate !== undefined && (typeof f.rate !== 'number' || f.rate < 0 || f.rate > 1))
		throw new Error('rate must be between 0 and 1');
	if (f.skip !== undefined && (!Number.isInteger(f.skip) || (f.skip as number) < 0))
		throw new Error('skip must be a non-negative integer (the number of matching requests to let pass first)');
	if (f.api !== undefined && f.api !== 'partner' && f.api !== 'click') throw new Error('api must be partner or click');
	if (f.method !== undefined && typeof f.method !== 'string') throw new Error('method must be a string');
	if (f.pathPrefix !== undefined && typeof f.pathPrefix !== 'string') throw new Error('pathPrefix must be a string');
	if (f.query !== undefined) {
		if (!f.query || typeof f.query !== 'object' || Array.isArray(f.query))
			throw new Error('query must be an object of parameter names and values, e.g. {"offset": "200"}');
		for (const [name, value] of Object.entries(f.query))
			if (typeof value !== 'string') throw new Error(`query.${name} must be a string, e.g. "200"`);
	}
}

function checkStatus(f: Record<string, unknown>): void {
	if (!FAULT_STATUSES.includes(f.status as number)) throw new Error(`status must be one of ${oneOf(FAULT_STATUSES)}`);
	if (f.retryAfter !== undefined && (typeof f.retryAfter !== 'number' || f.retryAfter < 0))
		throw new Error('retryAfter must be a number of seconds');
	if (f.body !== undefined && !STATUS_BODIES.includes(f.body as string))
		throw new Error(`body of a status fault must be one of ${oneOf(STATUS_BODIES)}`);
	if (f.body === 'rateLimit') {
		if (f.api === 'click') throw new Error('body "rateLimit" is the partner interface\'s error; the click report answers 429 with its own body');
		if (!RATE_LIMIT_STATUSES.includes(f.status as number))
			throw new Error('body "rateLimit" needs status 503 (as the partner interface sends it) or 429');
	}
}

function checkBody(f: Record<string, unknown>): void {
	if (!SPOILED_BODIES.includes(f.body as string)) throw new Error(`body must be one of ${oneOf(SPOILED_BODIES)}`);
	if (f.body === 'drop' && (typeof f.key !== 'string' || f.key === ''))
		throw new Error('body "drop" needs key: the top-level key to remove, e.g. "results"');
	if (f.body === 'set') {
		if (typeof f.key !== 'string' || f.key === '') throw new Error('body "set" needs key: the dotted path to replace, e.g. "_meta.count"');
		if (!('value' in f)) throw new Error('body "set" needs value: the JSON value to put at key');
	}
	if (f.body !== 'drop' && f.body !== 'set' && f.key !== undefined) throw new Error('key is only used with body "drop" or "set"');
	if (f.body !== 'set' && f.value !== undefined) throw new Error('value is only used with body "set"');
}

function checkRedirect(f: Record<string, unknown>): void {
	if (f.status !== undefined && !REDIRECT_STATUSES.includes(f.status as number))
		throw new Error(`status of a redirect must be one of ${oneOf(REDIRECT_STATUSES)}`);
	const location = f.location;
	if (typeof location !== 'string' || location === '') throw new Error('location must be a URL or a path starting with /');
	if (location.startsWith('/') && !location.startsWith('//')) return;
	let url: URL | undefined;
	try {
		url = new URL(location);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
		throw new Error('location must be an absolute http(s) URL or a path starting with / (same server)');
}

function checkShift(f: Record<string, unknown>): void {
	if (!SHIFT_ACTIONS.includes(f.action as ShiftAction)) throw new Error(`action must be one of ${oneOf(SHIFT_ACTIONS)}`);
	if (!isPositiveInteger(f.records) || (f.records as number) > MAX_SHIFT_RECORDS)
		throw new Error(`records must be a positive integer up to ${MAX_SHIFT_RECORDS}`);
	if (f.action === 'remove' && f.api === 'click') throw new Error('action "remove" is not possible on the click report: statistics are not deleted');
	if (f.method !== undefined && (f.method as string).toUpperCase() !== 'GET') throw new Error('a shift fault applies to GET list requests only');
	const prefix = (f.pathPrefix as string | undefined) ?? '';
	const reachable = SHIFT_LISTS.filter(
		(l) => l.actions.includes(f.action as ShiftAction) && (f.api === undefined || f.api === l.api) && l.path.startsWith(prefix),
	);
	if (!reachable.length) {
		const lists = SHIFT_LISTS.filter((l) => l.actions.includes(f.action as ShiftAction)).map((l) => `${l.api} ${l.path}`);
		throw new Error(`a shift fault with action "${String(f.action)}" applies only to ${lists.join(', ')}; api/pathPrefix match none of them`);
	}
}

const CHECKS: Record<FaultSpec['kind'], (f: Record<string, unknown>) => void> = {
	status: checkStatus,
	reset: () => undefined,
	body: checkBody,
	redirect: checkRedirect,
	shift: checkShift,
	expireCursor: (f) => {
		if (f.api === 'partner') throw new Error(`an expireCursor fault applies to the click service's ${CLICK_ACTIONS_PATH} only`);
	},
};

/** Checks a fault spec coming from outside (HTTP control endpoint); throws Error with the reason. */
export function validateFault(input: unknown): FaultSpec {
	if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('fault must be an object');
	const f = input as Record<string, unknown>;
	const kind = f.kind as FaultSpec['kind'];
	if (typeof kind !== 'string' || !Object.hasOwn(CHECKS, kind)) throw new Error(`kind must be one of ${oneOf(Object.keys(CHECKS))}`);
	// An unknown key is most often a typo (pathprefix, record): refusing it beats a fault that matches everything.
	const known = ['kind', ...MATCH_KEYS, ...KIND_KEYS[kind]];
	const unknown = Object.keys(f).filter((k) => !known.includes(k));
	if (unknown.length) throw new Error(`unknown field(s) ${unknown.join(', ')} for a ${kind} fault; allowed: ${known.join(', ')}`);
	checkMatch(f);
	CHECKS[kind](f);
	return f as unknown as FaultSpec;
}

/**
 * Conditions a fault implies by its kind: a partner rate-limit body only on the partner interface, a
 * shift only on its lists, an expired cursor only on a click actions page asked with one.
 */
function impliedMatch(spec: FaultSpec, req: FaultRequest): boolean {
	if (spec.kind === 'status' && spec.body === 'rateLimit') return req.api === 'partner';
	if (spec.kind === 'shift') return shiftListOf(spec.action, req) !== undefined;
	// Only a page asked with a cursor has one to expire; the first page of a read passes.
	if (spec.kind === 'expireCursor') return req.api === 'click' && req.path === CLICK_ACTIONS_PATH && req.query.has('next');
	return true;
}

/** The list a shift with this action changes for this request, if any. */
export function shiftListOf(action: ShiftAction, req: Pick<FaultRequest, 'api' | 'method' | 'path'>) {
	if (req.method.toUpperCase() !== 'GET') return undefined;
	return SHIFT_LISTS.find((l) => l.api === req.api && l.path === req.path && l.actions.includes(action));
}

function matches(spec: FaultSpec, req: FaultRequest): boolean {
	if (spec.api && spec.api !== req.api) return false;
	if (spec.method && spec.method.toUpperCase() !== req.method.toUpperCase()) return false;
	if (spec.pathPrefix && !req.path.startsWith(spec.pathPrefix)) return false;
	if (spec.query && !Object.entries(spec.query).every(([name, value]) => req.query.getAll(name).includes(value))) return false;
	return impliedMatch(spec, req);
}

export class Faults {
	private active: ActiveFault[] = [];

	constructor(private readonly rng: Rng) {}

	add(spec: FaultSpec): void {
		const checked = validateFault(spec);
		const copy = { ...checked, ...(checked.query ? { query: { ...checked.query } } : {}) };
		this.active.push({ spec: copy, remaining: checked.count ?? Infinity, skipLeft: checked.skip ?? 0 });
	}

	clear(): void {
		this.active = [];
	}

	list(): Array<FaultSpec & { remaining: number | null }> {
		return this.active.map((f) => ({ ...f.spec, remaining: Number.isFinite(f.remaining) ? f.remaining : null }));
	}

	/**
	 * The fault to apply to this request, if any; consumes one use of it. First applicable fault wins:
	 * a fault still skipping counts the request and lets the later faults have it.
	 */
	take(req: FaultRequest): FaultSpec | undefined {
		for (const fault of this.active) {
			const { spec } = fault;
			if (!matches(spec, req)) continue;
			if (fault.skipLeft > 0) {
				fault.skipLeft--;
				continue;
			}
			if (spec.rate !== undefined && !(this.rng.next() < spec.rate)) continue;
			fault.remaining--;
			if (fault.remaining <= 0) this.active = this.active.filter((f) => f !== fault);
			return spec;
		}
		return undefined;
	}
}
