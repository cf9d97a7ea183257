/** Class B: rewrites that leave the answer meaning the same: the run must succeed with the undisturbed output. */
import type { Rng } from '../../sandbox/prng';
import { ALL, BARE, EXTRA_FIELD, isBare, isObject, mainArray, metaOf, pickIndex, withArray, withJson, type Family, type Json } from './answerFamily';

/**
 * Every object's keys in another order. A shuffle that gives an object of two or more keys its
 * own order back is turned by one, so that the answer is always rewritten (a case whose answer
 * comes back unchanged does not count as run).
 */
function shuffleKeys(value: unknown, rng: Rng): unknown {
	if (Array.isArray(value)) return value.map((entry) => shuffleKeys(entry, rng));
	if (!isObject(value)) return value;
	const original = Object.keys(value);
	const keys = [...original];
	for (let i = keys.length - 1; i > 0; i--) {
		const j = rng.int(0, i);
		[keys[i], keys[j]] = [keys[j], keys[i]];
	}
	if (keys.every((key, index) => key === original[index])) keys.push(keys.shift()!);
	return Object.fromEntries(keys.map((key) => [key, shuffleKeys(value[key], rng)]));
}

export const EQUIVALENT_FAMILIES: Family[] = [
	{
		name: 'reorderKeys',
		shapes: [...ALL, ...BARE],
		equivalent: true,
		variants: () => ['deep'],
		rewrite: (answer, _variant, { rng }) =>
			isBare(answer)
				? withArray(answer, (items) => void items.splice(0, items.length, ...(shuffleKeys(items, rng) as unknown[])))
				: withJson(answer, (body) => {
						const shuffled = shuffleKeys(body, rng) as Json;
						for (const key of Object.keys(body)) delete body[key];
						Object.assign(body, shuffled);
					}),
	},
	{
		name: 'extraField',
		shapes: [...ALL, ...BARE],
		equivalent: true,
		variants: (shape) =>
			BARE.includes(shape) ? ['record'] : shape === 'plainList' ? ['top', 'meta'] : shape === 'list' || shape === 'clickPage' || shape === 'cursorPage' ? ['top', 'meta', 'record'] : shape === 'orderInfo' ? ['top', 'record'] : ['top'],
		rewrite: (answer, variant, { rng }) =>
			isBare(answer)
				? withArray(answer, (items) => {
						const index = pickIndex(items, rng);
						if (index >= 0 && isObject(items[index])) (items[index] as Json)[EXTRA_FIELD] = { note: 'not in the spec' };
					})
				: withJson(answer, (body) => {
						const extra = { note: 'not in the spec', nested: [1, { deep: null }] };
						if (variant === 'top') body[EXTRA_FIELD] = extra;
						else if (variant === 'meta') {
							const meta = metaOf(body);
							if (meta) meta[EXTRA_FIELD] = 7;
						} else {
							const array = mainArray(body);
							const items = array ? (body[array] as unknown[]) : [];
							const index = pickIndex(items, rng);
							if (index >= 0 && isObject(items[index])) (items[index] as Json)[EXTRA_FIELD] = extra;
						}
					}),
	},
	{
		name: 'whitespace',
		shapes: [...ALL, ...BARE],
		equivalent: true,
		variants: () => ['pretty'],
		rewrite: (answer, _variant, { rng }) => {
			try {
				const body = JSON.parse(answer.text) as unknown;
				return { ...answer, text: `\r\n \t${JSON.stringify(body, null, rng.pick([1, 2, 4, '\t']))}\n\n ` };
			} catch {
				return answer;
			}
		},
	},
];
