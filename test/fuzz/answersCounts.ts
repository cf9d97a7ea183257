/** Class B: a list's paging broken: its meta's fields, a count huge or off, a page fuller than it may be, a bare array exactly as long as asked. */
import type { Rng } from '../../sandbox/prng';
import { assignment, countKey, isObject, LISTS, mainArray, metaOf, valueOf, withArray, withJson, type Family } from './answerFamily';

/** A new entry for a list, made from an existing one so that it passes every check of its shape. */
export function fakeEntry(entry: unknown, key: string, rng: Rng, index: number): unknown {
	if (typeof entry === 'string') return `fuzz_entry_${index}`;
	if (!isObject(entry)) return entry;
	if (typeof entry.updatedAt === 'string') return { ...entry, [key]: rng.uuid4() };
	const value = entry[key];
	return { ...entry, [key]: typeof value === 'number' ? 900_000_000 + index : `FZ${index}` };
}

export const COUNT_FAMILIES: Family[] = [
	{
		name: 'meta',
		shapes: LISTS,
		variants: (shape) => {
			const count = shape === 'clickPage' ? 'total' : 'count';
			return [`drop:${count}`, 'drop:offset', 'drop:limit', `rename:${count}`, `dup:${count}`, `${count}="57"`, `${count}=1.5`, `${count}=null`, `${count}=true`, `${count}=-1`, 'offset="0"', 'offset=null'];
		},
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const meta = metaOf(body);
				if (!meta) return;
				const [action, field] = variant.split(':');
				if (action === 'dup') {
					// The field twice in the text, a bogus value first: JSON.parse keeps the answer's own.
					const name = isObject(body._meta) ? '_meta' : 'meta';
					body[name] = 'FUZZ_RAW_META';
					return { FUZZ_RAW_META: `{${JSON.stringify(field)}: "57", ${JSON.stringify(meta).slice(1)}` };
				}
				if (action === 'drop') delete meta[field];
				else if (action === 'rename') {
					meta[`${field[0].toUpperCase()}${field.slice(1)}`] = meta[field];
					delete meta[field];
				} else {
					const [name, spelling] = assignment(variant);
					meta[name] = valueOf(spelling);
				}
				return undefined;
			}),
	},
	{
		name: 'hugeCount',
		shapes: LISTS,
		hazard: true,
		variants: () => ['1e15', '2^53+1'],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const meta = metaOf(body);
				if (!meta) return;
				meta[countKey(body)] = 'FUZZ_RAW_COUNT';
				return { FUZZ_RAW_COUNT: variant === '1e15' ? '1e15' : '9007199254740993' };
			}),
	},
	{
		name: 'countOff',
		shapes: LISTS,
		variants: () => ['-1', '+1', '-3', '+3', 'zero'],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const meta = metaOf(body);
				const name = countKey(body);
				if (!meta || typeof meta[name] !== 'number') return;
				meta[name] = variant === 'zero' ? 0 : Math.max(0, (meta[name] as number) + Number(variant));
			}),
	},
	{
		// Records that are not in the list, on top of a page, until it holds more than it may: more
		// than the limit asked for, or than its own count leaves from its offset. (Fewer would make a
		// page no reader can tell from a real one.)
		name: 'overfull',
		shapes: LISTS,
		variants: () => ['+1', '+2'],
		rewrite: (answer, variant, { key, rng, query }) =>
			withJson(answer, (body) => {
				const array = mainArray(body);
				const meta = metaOf(body);
				if (!array || !meta) return;
				const items = body[array] as unknown[];
				const count = Number(meta[countKey(body)]);
				const offset = Number(query.get('offset') ?? 0);
				const allowed = Math.min(Number(query.get('limit') ?? Infinity), Math.max(0, count - offset));
				if (!items.length || !Number.isFinite(allowed)) return;
				const extra = Math.max(0, allowed + Number(variant) - items.length);
				body[array] = [...Array.from({ length: extra }, (_, index) => fakeEntry(items[0], key, rng, index)), ...items];
			}),
	},
];

export const BARE_ARRAY_FAMILIES: Family[] = [
	{
		// A bare array carries no count: exactly as many records as the limit asked for may be the
		// first page of more, so a reader must refuse it rather than output it as the whole list.
		name: 'pageFull',
		shapes: ['bareList'],
		variants: () => ['padded'],
		rewrite: (answer, _variant, { key, rng, query }) =>
			withArray(answer, (items) => {
				const asked = Number(query.get('limit'));
				if (!items.length || !Number.isSafeInteger(asked) || items.length >= asked) return;
				const extra = Array.from({ length: asked - items.length }, (_, index) => fakeEntry(items[0], key, rng, index));
				items.push(...extra);
			}),
	},
];
