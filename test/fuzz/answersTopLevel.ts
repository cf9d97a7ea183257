/** Class B: answers whose form is broken: the text spoiled, or a top-level key dropped, renamed, retyped or doubled. */
import { INTERSTITIAL_PAGE } from '../../sandbox/faultReplies';
import { ALL, assignment, BARE, jsonObject, LINK_ARRAYS, valueOf, withJson, type Family, type Shape } from './answerFamily';

/** A likely other name of each key: the one a changed service might use. */
const RENAMED: Record<string, string> = {
	results: 'result',
	_meta: 'meta',
	data: 'items',
	meta: '_meta',
	order_info: 'orders',
	rate: 'value',
	base: 'from',
	target: 'to',
	date: 'day',
	id: 'ID',
	code: 'Code',
	language_code: 'languageCode',
};

function topKeys(shape: Shape, key: string): string[] {
	switch (shape) {
		case 'list':
		case 'plainList':
			return ['results', '_meta'];
		case 'clickPage':
		case 'cursorPage':
			return ['data', 'meta'];
		case 'resolved':
		case 'searched':
			return ['data'];
		case 'orderInfo':
			return ['order_info'];
		case 'rate':
			return ['base', 'target', 'date', 'rate'];
		case 'record':
			return [key];
		case 'bareList':
		case 'totals':
		case 'deeplinks':
			return [];
	}
}

export const TOP_LEVEL_FAMILIES: Family[] = [
	{
		name: 'spoiled',
		shapes: [...ALL, ...BARE, ...LINK_ARRAYS],
		variants: () => ['truncated', 'html200', 'empty', 'notJson'],
		rewrite: (answer, variant) => {
			if (variant === 'truncated') return { ...answer, text: answer.text.slice(0, Math.floor(answer.text.length / 2)) };
			if (variant === 'html200') return { ...answer, contentType: 'text/html', text: INTERSTITIAL_PAGE };
			if (variant === 'empty') return { ...answer, text: '' };
			return { ...answer, contentType: 'text/plain', text: 'OK' };
		},
	},
	{
		name: 'dropTop',
		shapes: ALL,
		variants: topKeys,
		rewrite: (answer, variant) => withJson(answer, (body) => void delete body[variant]),
	},
	{
		name: 'renameTop',
		shapes: ALL,
		variants: topKeys,
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				if (!(variant in body)) return;
				body[RENAMED[variant] ?? `${variant}_`] = body[variant];
				delete body[variant];
			}),
	},
	{
		name: 'retypeTop',
		shapes: ALL,
		variants: (shape, key) => {
			const spellings = shape === 'record' ? ['null', '{}', '""', 'true', '[]'] : shape === 'rate' ? ['null', '{}', '""'] : ['null', '{}', '""', '"57"', '[]'];
			// A cursor page's `meta: {}` has no next and `data: []` no records: both are a real last or empty page.
			const real = shape === 'cursorPage' ? ['meta={}', 'data=[]'] : [];
			return topKeys(shape, key)
				.flatMap((top) => spellings.map((spelling) => `${top}=${spelling}`))
				.filter((variant) => !real.includes(variant));
		},
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const [top, spelling] = assignment(variant);
				body[top] = valueOf(spelling);
			}),
	},
	{
		// The same key twice in the text, the answer's own value last: JSON.parse keeps the last one.
		name: 'dupTopBefore',
		shapes: ALL,
		variants: topKeys,
		rewrite: (answer, variant) => {
			const body = jsonObject(answer);
			if (!body || !(variant in body)) return answer;
			return { ...answer, text: `{${JSON.stringify(variant)}: null, ${JSON.stringify(body).slice(1)}` };
		},
	},
];
