/**
 * Class A: what a hostile value is, and the pieces the value lists of every field kind are built
 * from (hostileTexts.ts, hostileChoices.ts, hostileNumbers.ts, hostileDates.ts; hostile.ts maps
 * the kinds to them). Each value carries what a correct node must do with it (its policy):
 *
 * - `refuse`: the value is not valid input; the node must fail naming the field, before any request.
 * - `same`: the value is another spelling of a valid one (`canonical`); the node may refuse it, or
 *   succeed with exactly the output of the canonical parameters.
 * - `either`: a valid but different value; the node may refuse it, fail loudly, or succeed with an
 *   output that keeps the value's `relation` to the undisturbed run (invariant.ts, otherOutput.ts):
 *   a create must send the value as given (`given`) and every other field as the undisturbed run
 *   did; a read keeps the relation the value names.
 *
 * Pure data and functions (no n8n import): the parent plans from the names, the worker makes the
 * values with the case's seeded stream. The order of a kind's values is part of the plan.
 */
import type { Rng } from '../../sandbox/prng';

export type Policy = 'refuse' | 'same' | 'either';

/**
 * What an `either` value's read must give, compared with the undisturbed run (otherOutput.ts):
 * - `empty`: a filter no record of the service matches: no items;
 * - `superset`: it asks for what the undisturbed run asked and more: every item of that run, the same;
 * - `otherRecords`: it asks for other records of the same kind: as many items, each with the same fields;
 * - `byOracle`: what the output must be depends on the value (a list of URLs): the operation's oracle judges it (operation.ts).
 */
export type Relation = 'empty' | 'superset' | 'otherRecords' | 'byOracle';

/** `canonical` REMOVED: the value means "not given", as if the parameter were absent. */
export const REMOVED = '\u0000removed';

export interface Made {
	value: unknown;
	/** For `same`: the valid value it stands for. */
	canonical?: unknown;
	/**
	 * For `same`: parameters n8n itself drops for this value, so that the canonical run has them
	 * dropped too. (With Return All the text "false", the Limit, shown only for the boolean false,
	 * is hidden, and n8n gives the node its default.)
	 */
	hides?: string[];
	/** A long value that no error may echo in full. */
	long?: string;
	/**
	 * For `either`, what the value says as text (an expression's result, written out): a create
	 * must send it so (a number as the same decimal, a date in the form's spelling). Defaults to
	 * the value itself when it is a plain text.
	 */
	given?: string;
}

export interface HostileValue {
	name: string;
	policy: Policy;
	/** For `either`: what a read that succeeds must keep (see Relation). */
	relation?: Relation;
	/** May crash or block a process that has the known defects: run alone, in the hazard lane. */
	hazard?: boolean;
	/** In the core corpus on every field of its kind, not only on one. */
	everyField?: boolean;
	make: (base: unknown, rng: Rng) => Made;
}

/** What a case's changes demand together: refused if any must be; the same only if all are. */
export function combinedPolicy(policies: Policy[]): Policy {
	if (policies.includes('refuse')) return 'refuse';
	return policies.every((policy) => policy === 'same') ? 'same' : 'either';
}

export const expr = (js: string) => `={{ ${js} }}`;
export const LONG = 10_000;

/** A control character put inside a text, never at an end (where trimming would take it); a one-character text is doubled. */
function inside(text: string, character: string, rng: Rng): string {
	const around = text.length < 2 ? `${text}${text || 'x'}` : text;
	const at = rng.int(1, around.length - 1);
	return `${around.slice(0, at)}${character}${around.slice(at)}`;
}

export const letters = (rng: Rng, length: number) => rng.alnum(length).replace(/\d/g, 'q');
export const digits = (rng: Rng, length: number) => `${rng.int(1, 9)}${Array.from({ length: length - 1 }, () => rng.int(0, 9)).join('')}`;
export const asText = (base: unknown) => String(base);

export const v = (name: string, policy: Policy, make: HostileValue['make'], hazard = false): HostileValue => ({ name, policy, make, hazard });
/** An `either` value and what a read that takes it must give. */
export const other = (name: string, relation: Relation, make: HostileValue['make']): HostileValue => ({ name, policy: 'either', relation, make });
/** The same value, in the core corpus on every field of its kind. */
export const everywhere = (value: HostileValue): HostileValue => ({ ...value, everyField: true });
export const fixed = (name: string, policy: Policy, value: unknown, canonical?: unknown): HostileValue => v(name, policy, () => ({ value, canonical }));
/** Values written as expressions, one row each: name, policy, the JavaScript, and for `same` the canonical value. */
export const expressions = (rows: Array<[name: string, policy: Policy, js: string, canonical?: unknown]>): HostileValue[] =>
	rows.map(([name, policy, js, canonical]) => fixed(name, policy, expr(js), canonical));

/** Wrong types an expression may give anywhere: refused where a value is required, "not given" where optional. */
export function wrongTypes(optional: boolean): HostileValue[] {
	return [
		fixed('object', 'refuse', expr('{"a": 1}')),
		fixed('arrayOfObject', 'refuse', expr('[{"a": 1}]')),
		fixed('boolean', 'refuse', expr('true')),
		optional ? fixed('null', 'same', expr('null'), REMOVED) : fixed('null', 'refuse', expr('null')),
	];
}

/**
 * A control character inside the text (in a list, inside its first entry, not beside a separator,
 * where it would be trimmed away); NUL and LF on every field of the kind.
 */
export function controls(policy: Policy, names = ['CR', 'LF', 'NUL', 'DEL', 'TAB'], list = false): HostileValue[] {
	const characters: Record<string, string> = { CR: '\r', LF: '\n', NUL: '\u0000', DEL: '\u007f', TAB: '\t' };
	return names.map((name) => {
		const value = v(`ctrl${name}`, policy, (base, rng) => {
			if (!list) return { value: inside(asText(base), characters[name], rng) };
			const [first, ...rest] = asText(base).split(', ');
			return { value: [inside(first, characters[name], rng), ...rest].join(', ') };
		});
		return name === 'NUL' || name === 'LF' ? everywhere(value) : value;
	});
}

/** 10,000 letters, which no error may echo in full; `made` says where the letters go. */
export const long10k = (policy: Policy, made: (long: string) => Made = (long) => ({ value: long, long })) =>
	v('long10k', policy, (_base, rng) => made(letters(rng, LONG)));

export const longLetters = (policy: Policy) => everywhere(long10k(policy));

/** The valid value with a space on each side. */
export const padded = (name = 'padded') => v(name, 'same', (base) => ({ value: ` ${asText(base)} `, canonical: base }));

export const empties = (): HostileValue[] => [fixed('empty', 'same', '', REMOVED), fixed('spaces', 'same', '   ', REMOVED)];
