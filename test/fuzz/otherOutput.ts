/**
 * Class A: what a run that took a valid other value (`either`, hostileValue.ts) must keep, compared
 * with the comparison run: the base with each `same` value in its canonical form and each `either`
 * value back to the base's own (for a case of one change, the undisturbed run itself).
 *
 * - A create is always comparable, by the form that reached the sandbox: every form field but the
 *   changed ones as the comparison run sent it, and each changed one as given (`given`): a number
 *   as the same decimal number (never rounded: 2^53 + 1 sent as 9007199254740992 breaks it), a day
 *   as the form's DD.MM.YYYY, a text as it is with its line breaks as CRLF (multipart form data's
 *   rule).
 * - A read keeps the strongest relation of its `either` values: `empty` (no items), then
 *   `superset` (every item of the comparison run, the same), then `otherRecords` (as many items as
 *   the comparison run, each with the same fields).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { HostileValue, Made, Relation } from './hostileValue';
import { REMOVED } from './hostileValue';
import { clip } from './invariant';
import type { Field } from './operation';

export interface Change {
	field: Field;
	hostile: HostileValue;
	made: Made;
}

export interface Outcome {
	output: unknown[];
	form?: Record<string, string>;
}

export function valueAt(parameters: INodeParameters, path: string): unknown {
	const [first, second] = path.split('.');
	const top = parameters[first] as Record<string, unknown> | undefined;
	return second === undefined ? top : top?.[second];
}

export function withValue(parameters: INodeParameters, path: string, value: unknown): INodeParameters {
	const copy = structuredClone(parameters) as Record<string, unknown>;
	const [first, second] = path.split('.');
	const holder = second === undefined ? copy : ((copy[first] = { ...((copy[first] as object) ?? {}) }) as Record<string, unknown>);
	const name = second ?? first;
	if (value === REMOVED) delete holder[name];
	else holder[name] = value;
	return copy as INodeParameters;
}

/** The run an output is compared with: `same` values canonical (with what n8n hides for them), `either` values back to the base's. */
export function comparisonParameters(base: INodeParameters, changes: Change[]): INodeParameters {
	return changes.reduce((current, { field, hostile, made }) => {
		if (hostile.policy === 'either') return withValue(current, field.path, valueAt(base, field.path) ?? REMOVED);
		const canonical = withValue(current, field.path, made.canonical);
		return (made.hides ?? []).reduce((hidden, path) => withValue(hidden, path, REMOVED), canonical);
	}, base);
}

/** A decimal number's digits and power of ten, `-125e-1` for "-12.50" and "-1.25e+1"; undefined for what is not one. */
export function decimalOf(text: string | undefined): string | undefined {
	const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text?.trim() ?? '');
	if (!match || !(match[2] || match[3])) return undefined;
	const fraction = match[3] ?? '';
	let digits = `${match[2]}${fraction}`.replace(/^0+/, '');
	let power = Number(match[4] ?? 0) - fraction.length;
	if (!digits) return '0';
	for (; digits.endsWith('0'); power++) digits = digits.slice(0, -1);
	return `${match[1] === '-' ? '-' : ''}${digits}e${power}`;
}

const NUMBER_KINDS = new Set(['amount', 'optNumber']);
const DAY_KINDS = new Set(['date', 'optDateFrom', 'optDateTo', 'clickDateFrom', 'clickDateTo']);

/** Why a form field does not hold the value given; undefined when it does. */
function notAsGiven(field: Field, given: string, sent: string | undefined): string | undefined {
	const shown = sent === undefined ? 'nothing' : clip(JSON.stringify(sent), 80);
	if (NUMBER_KINDS.has(field.kind)) {
		return decimalOf(sent) === decimalOf(given) ? undefined : `sent ${shown} where the number given is ${given}`;
	}
	const expected = DAY_KINDS.has(field.kind) ? given.split('-').reverse().join('.') : given.replace(/\r\n|\r|\n/g, '\r\n');
	return sent === expected ? undefined : `sent ${shown} where ${clip(JSON.stringify(expected), 80)} was given`;
}

/** What a create's `either` value says as text: its `given`, or the plain text it is. */
function givenOf({ field, made }: Change): string {
	if (made.given !== undefined) return made.given;
	if (typeof made.value === 'string' && !made.value.startsWith('=')) return made.value;
	throw new Error(`fuzz catalogue: the value put into ${field.path} says nothing a form could hold (no "given")`);
}

/** A create's form against the comparison run's: why it breaks the relation, or undefined. */
export function formProblem(changes: Change[], sent: Record<string, string> | undefined, expected: Record<string, string> | undefined): string | undefined {
	if (!sent || !expected) return `no form reached the sandbox (${sent ? 'in the comparison run' : 'in this run'})`;
	const others = changes.filter((change) => change.hostile.policy === 'either');
	const own = new Map(
		others.map((change) => {
			if (!change.field.form) throw new Error(`fuzz catalogue: ${change.field.path} of a create names no form field`);
			return [change.field.form, change] as const;
		}),
	);
	for (const name of new Set([...Object.keys(sent), ...Object.keys(expected)])) {
		if (!own.has(name) && sent[name] !== expected[name]) {
			return `${name} sent ${clip(JSON.stringify(sent[name]) ?? 'nothing', 80)} where the comparison run sent ${clip(JSON.stringify(expected[name]) ?? 'nothing', 80)}`;
		}
	}
	for (const [name, change] of own) {
		const problem = notAsGiven(change.field, givenOf(change), sent[name]);
		if (problem) return `${name}: ${problem}`;
	}
	return undefined;
}

const RELATION_ORDER: Relation[] = ['empty', 'superset', 'otherRecords'];
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldsOf = (item: unknown) => Object.keys((item ?? {}) as object).sort().join(',');

/** A read's output against the comparison run's, by the strongest relation of its `either` values: why it breaks it, or undefined. */
export function readProblem(changes: Change[], output: unknown[], expected: unknown[]): string | undefined {
	const relations = changes.filter((change) => change.hostile.policy === 'either').map((change) => change.hostile.relation);
	if (relations.some((relation) => relation === undefined)) throw new Error('fuzz catalogue: an `either` value on a read has no relation');
	// The operation's oracle holds the output to the value itself (caseA.ts).
	if (relations.includes('byOracle')) return undefined;
	const relation = RELATION_ORDER.find((candidate) => relations.includes(candidate));
	if (relation === 'empty') return output.length ? `${output.length} items from a filter no record matches; the first: ${clip(JSON.stringify(output[0]))}` : undefined;
	if (relation === 'superset') {
		const missing = expected.filter((item) => !output.some((candidate) => sameJson(candidate, item)));
		return missing.length ? `${missing.length} of the comparison run's ${expected.length} items are missing or changed; the first: ${clip(JSON.stringify(missing[0]))}` : undefined;
	}
	if (output.length !== expected.length) return `${output.length} items where the comparison run gave ${expected.length}`;
	const index = output.findIndex((item, at) => fieldsOf(item) !== fieldsOf(expected[at]));
	return index < 0 ? undefined : `item ${index} has the fields ${fieldsOf(output[index])} where the comparison run's has ${fieldsOf(expected[index])}`;
}
