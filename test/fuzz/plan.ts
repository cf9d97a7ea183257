/**
 * The cases of a fuzz run, as plain data, from the seed alone: the parent plans them to hand them
 * out to workers (and to name the ones a crash interrupted), each worker plans the same list and
 * runs the ids it was given. A case's id says what it does; with the seed it re-runs it alone.
 *
 * - The core corpus, in every run: class A puts every hostile value of each field kind into one of
 *   the fields of that kind (which one turns with the seed) and gives every field at least
 *   MIN_PER_FIELD values; class B gives every read configuration each answer family that fits its
 *   shape, some families in all their variants (the ones that carry a known way to go wrong).
 * - `extra` seeded cases on top (FUZZ_CASES): half class A with two hostile changes at once, half
 *   class B with a random family, variant, page and mode.
 */
import { derivedRng } from '../../sandbox/prng';
import type { Family, Mode, Position } from './answerFamily';
import { FAMILIES } from './answers';
import { OPERATIONS } from './catalogA';
import { CONFIGS, type ReadConfig } from './catalogB';
import { HOSTILE, type FieldKind } from './hostile';
import type { Field } from './operation';

export const DEFAULT_SEED = 20260514;
export const DEFAULT_EXTRA = 80;
const MIN_PER_FIELD = 2;

export interface Change {
	field: string;
	value: string;
}

export interface ACase {
	cls: 'A';
	id: string;
	seed: number;
	hazard: boolean;
	operation: string;
	changes: Change[];
}

export interface BCase {
	cls: 'B';
	id: string;
	seed: number;
	hazard: boolean;
	config: string;
	family: string;
	variant: string;
	position: Position;
	mode: Mode;
}

export type FuzzCase = ACase | BCase;

/** FNV-1a of a text: a case's own seed from the run's seed and its id. */
export function hashSeed(seed: number, text: string): number {
	let hash = (2166136261 ^ seed) >>> 0;
	for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
	return hash;
}

const hostileValue = (kind: FieldKind, name: string) => HOSTILE[kind].find((value) => value.name === name)!;

function aCase(seed: number, operation: string, changes: Change[], fields: Field[]): ACase {
	const id = `A:${operation}:${changes.map((change) => `${change.field}=${change.value}`).join('+')}`;
	const hazard = changes.some((change) => hostileValue(fields.find((field) => field.path === change.field)!.kind, change.value).hazard === true);
	return { cls: 'A', id, seed: hashSeed(seed, id), hazard, operation, changes };
}

function planA(seed: number, extra: number): ACase[] {
	const rng = derivedRng(seed, 101);
	const fieldsOf = new Map<FieldKind, Array<{ operation: string; field: Field }>>();
	for (const operation of OPERATIONS) {
		for (const field of operation.fields) fieldsOf.set(field.kind, [...(fieldsOf.get(field.kind) ?? []), { operation: operation.name, field }]);
	}
	const picked = new Map<string, ACase>();
	const add = (operation: string, field: Field, value: string) => {
		const fields = OPERATIONS.find((candidate) => candidate.name === operation)!.fields;
		const made = aCase(seed, operation, [{ field: field.path, value }], fields);
		picked.set(made.id, made);
	};
	for (const [kind, places] of fieldsOf) {
		const values = HOSTILE[kind].map((value) => value.name);
		const turn = rng.int(0, places.length - 1);
		// Every value once, each on a field of its kind; the field turns with the seed.
		values.forEach((value, index) => add(places[(index + turn) % places.length].operation, places[(index + turn) % places.length].field, value));
		// Every field at least a few values, and some values on every field.
		places.forEach(({ operation, field }, index) => {
			for (let count = 0; count < Math.min(MIN_PER_FIELD, values.length); count++) add(operation, field, values[(index * 3 + count + turn) % values.length]);
			for (const value of HOSTILE[kind].filter((candidate) => candidate.everyField)) add(operation, field, value.name);
		});
	}
	const doubles: ACase[] = [];
	for (let attempt = 0; doubles.length < extra && attempt < extra * 5; attempt++) {
		const operation = rng.pick(OPERATIONS.filter((candidate) => candidate.fields.length >= 2));
		const first = rng.pick(operation.fields);
		// Return All and Limit are not two changes: with Return All on, the Limit does not count.
		const second = rng.pick(operation.fields.filter((field) => field.path !== first.path && !(first.kind === 'returnAll' && field.kind === 'limit') && !(first.kind === 'limit' && field.kind === 'returnAll')));
		const changes = [first, second].map((field) => ({ field: field.path, value: rng.pick(HOSTILE[field.kind]).name }));
		const made = aCase(seed, operation.name, changes, operation.fields);
		if (!picked.has(made.id) && !doubles.some((double) => double.id === made.id)) doubles.push(made);
	}
	return [...picked.values(), ...doubles];
}

/** Families whose every variant is in the core corpus: each stands for a different way to go wrong. */
const ALL_VARIANTS = new Set(['otherRecord', 'orderSet', 'rateOther', 'hugeCount', 'repeatAcrossWindows', 'cursorNext', 'cursorRepeat', 'cursorOverfull', 'clickOtherStatus', 'actionOther', 'positions', 'deeplinkEntries', 'iriEntries', 'programResults', 'serverError']);
const POSITIONS: Position[] = ['first', 'middle', 'last', 'all'];
/** A count off on every page alike describes another list, whole and consistent: no reader can tell. */
const positionsOf = (family: Family) => family.positions ?? (family.name === 'countOff' ? POSITIONS.slice(0, 3) : POSITIONS);
const MODES: Mode[] = ['always', 'once'];

function fits(family: Family, config: ReadConfig): boolean {
	if (!family.shapes.includes(config.shape)) return false;
	if (family.twoWindows && !config.twoWindows) return false;
	if (family.about && !config.about?.includes(family.about)) return false;
	if (family.hazard && !config.hugeCounts) return false;
	return true;
}

function bCase(seed: number, config: ReadConfig, family: Family, variant: string, position: Position, mode: Mode): BCase {
	const id = `B:${config.name}:${family.name}(${variant})@${position}:${mode}`;
	return { cls: 'B', id, seed: hashSeed(seed, id), hazard: family.hazard === true, config: config.name, family: family.name, variant, position, mode };
}

function planB(seed: number, extra: number): BCase[] {
	const rng = derivedRng(seed, 202);
	const picked = new Map<string, BCase>();
	const add = (made: BCase) => picked.set(made.id, made);
	const turn = rng.int(0, 1000);
	CONFIGS.forEach((config, configIndex) => {
		for (const [familyIndex, family] of FAMILIES.entries()) {
			if (!fits(family, config)) continue;
			const variants = family.variants(config.shape, config.key);
			const at = configIndex + familyIndex + turn;
			if (family.equivalent) {
				add(bCase(seed, config, family, variants[at % variants.length], 'all', 'always'));
			} else if (family.hazard) {
				add(bCase(seed, config, family, variants[at % variants.length], 'first', 'always'));
			} else if (ALL_VARIANTS.has(family.name)) {
				const positions = family.positions ?? POSITIONS;
				variants.forEach((variant, index) => add(bCase(seed, config, family, variant, positions[(at + index) % positions.length], MODES[(at + index) % 2])));
			} else if (family.name === 'countOff') {
				// A count too low on the first page, and a count off on a later page.
				add(bCase(seed, config, family, '-1', 'first', MODES[at % 2]));
				add(bCase(seed, config, family, variants[at % variants.length], 'middle', MODES[(at + 1) % 2]));
				add(bCase(seed, config, family, variants[(at + 1) % variants.length], 'last', 'always'));
			} else {
				const positions = family.positions ?? POSITIONS;
				add(bCase(seed, config, family, variants[at % variants.length], positions[at % positions.length], MODES[(at >> 2) % 2]));
			}
		}
	});
	const randoms: BCase[] = [];
	for (let attempt = 0; randoms.length < extra && attempt < extra * 5; attempt++) {
		const config = rng.pick(CONFIGS);
		const family = rng.pick(FAMILIES.filter((candidate) => fits(candidate, config) && !candidate.hazard));
		const made = bCase(seed, config, family, rng.pick(family.variants(config.shape, config.key)), rng.pick(positionsOf(family)), rng.pick(MODES));
		if (!picked.has(made.id) && !randoms.some((random) => random.id === made.id)) randoms.push(made);
	}
	return [...picked.values(), ...randoms];
}

export function planCases({ seed = DEFAULT_SEED, extra = DEFAULT_EXTRA }: { seed?: number; extra?: number } = {}): FuzzCase[] {
	return [...planA(seed, Math.ceil(extra / 2)), ...planB(seed, Math.floor(extra / 2))];
}

