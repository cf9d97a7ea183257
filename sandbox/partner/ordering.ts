// Parameters of the statistics endpoints: order_by (repeatable, a leading `-` reverses
// (../shared/spec/published-api-facts.md section A)), repeatable IDs, choices and dates.

import { parseDmy } from '../dates';
import { FieldErrors, last, MSG } from './params';

type Key = string | number | null;
export type OrderKeys<T> = Record<string, (row: T) => Key>;
/** The order when none is asked for; sign -1 is descending. */
export type OrderStep<T> = { key: (row: T) => Key; sign: number };

function compareKeys(a: Key, b: Key): number {
	// null sorts first ascending, as PostgreSQL's NULLS FIRST on a descending read would put it last.
	if (a === b) return 0;
	if (a === null) return -1;
	if (b === null) return 1;
	return a < b ? -1 : 1;
}

/**
 * A comparator for the given order_by values (or `fallback`), then `tieBreak`; an unknown value is a
 * field error in the service's words. Empty values are ignored.
 */
export function orderBy<T>(
	query: URLSearchParams,
	keys: OrderKeys<T>,
	fallback: OrderStep<T>,
	tieBreak: (row: T) => Key,
	errors: FieldErrors,
): (a: T, b: T) => number {
	const given = query.getAll('order_by').filter((v) => v !== '');
	const steps: Array<OrderStep<T>> = given.length ? [] : [fallback];
	for (const raw of given) {
		const name = raw.replace(/^-/, '');
		if (!Object.hasOwn(keys, name)) errors.add('order_by', MSG.choice(raw));
		else steps.push({ key: keys[name], sign: raw.startsWith('-') ? -1 : 1 });
	}
	steps.push({ key: tieBreak, sign: 1 });
	return (a, b) => {
		for (const { key, sign } of steps) {
			const c = compareKeys(key(a), key(b));
			if (c) return sign * c;
		}
		return 0;
	};
}

/** Every value of a repeatable integer filter; a malformed one is a field error. */
export function integerList(query: URLSearchParams, name: string, errors: FieldErrors): number[] | undefined {
	const values = query.getAll(name).filter((v) => v !== '');
	if (!values.length) return undefined;
	const numbers = values.map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN));
	if (numbers.some(Number.isNaN)) errors.add(name, MSG.integer);
	return numbers;
}

/** An optional choice among fixed values (the last one when repeated). */
export function choiceParam(query: URLSearchParams, name: string, allowed: readonly string[], errors: FieldErrors): string | undefined {
	const values = query.getAll(name);
	const raw = values[values.length - 1];
	if (raw === undefined || raw === '') return undefined;
	if (!allowed.includes(raw)) errors.add(name, MSG.choice(raw));
	return raw;
}

/** An optional `%d.%m.%Y` date, as YYYY-MM-DD. */
export function dmyParam(query: URLSearchParams, name: string, errors: FieldErrors): string | undefined {
	const raw = last(query, name);
	if (raw === undefined || raw === '') return undefined;
	const ymd = parseDmy(raw.trim());
	if (!ymd) errors.add(name, MSG.date);
	return ymd;
}
