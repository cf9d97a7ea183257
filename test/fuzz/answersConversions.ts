/**
 * Class B, added last: the answers of the conversion reads. A cursor page (`{meta: {next}, data}`,
 * the click service's actions) whose `next` is not text or repeats a cursor the read sent, or that
 * holds more than the limit asked, or whose action is of another status than the filter; an action of the partner interface about another status or day
 * than its filters asked, or without its status; with One Item per Position, an action whose
 * positions are not a list of objects. Each must fail loudly naming the request.
 */
import type { Rng } from '../../sandbox/prng';
import { isObject, pickIndex, valueOf, withJson, type Family, type Json } from './answerFamily';
import { fakeEntry } from './answersCounts';

/** The page's `meta` object and `data` list, when it has both. */
function cursorParts(body: Json): { meta: Json; data: unknown[] } | undefined {
	return isObject(body.meta) && Array.isArray(body.data) ? { meta: body.meta, data: body.data } : undefined;
}

/** One action of the page, as an object, with the stream's pick; undefined when there is none. */
function oneAction(body: Json, rng: Rng): Json | undefined {
	const items = Array.isArray(body.results) ? body.results : [];
	const index = pickIndex(items, rng);
	return index >= 0 && isObject(items[index]) ? items[index] : undefined;
}

const OTHER_STATUS: Record<string, string> = { approved: 'declined', declined: 'approved', pending: 'approved', approved_but_stalled: 'pending' };

export const CONVERSION_FAMILIES: Family[] = [
	{
		// `next` that is no cursor: the read must not send it on, nor stop as if it were null.
		name: 'cursorNext',
		shapes: ['cursorPage'],
		variants: () => ['5', '{}', 'true', '""', '["x"]'],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const page = cursorParts(body);
				if (page) page.meta.next = valueOf(variant);
			}),
	},
	{
		// The cursor this page was asked with, given again as the next one: followed, the read never ends.
		name: 'cursorRepeat',
		shapes: ['cursorPage'],
		positions: ['middle', 'last'],
		variants: () => ['sent'],
		rewrite: (answer, _variant, { query }) =>
			withJson(answer, (body) => {
				const page = cursorParts(body);
				const sent = query.get('next');
				if (page && sent !== null) page.meta.next = sent;
			}),
	},
	{
		// More actions than the limit the page was asked for, each a valid action of its own.
		name: 'cursorOverfull',
		shapes: ['cursorPage'],
		variants: () => ['+1', '+2'],
		rewrite: (answer, variant, { key, rng, query }) =>
			withJson(answer, (body) => {
				const page = cursorParts(body);
				const asked = Number(query.get('limit'));
				if (!page || !page.data.length || !Number.isSafeInteger(asked)) return;
				const extra = Math.max(0, asked + Number(variant) - page.data.length);
				page.data.push(...Array.from({ length: extra }, (_, index) => fakeEntry(page.data[0], key, rng, index)));
			}),
	},
	{
		// A click action of another status than the Status filter asked for (catalogB.ts reads CONFIRMED).
		name: 'clickOtherStatus',
		shapes: ['cursorPage'],
		about: 'statusFiltered',
		variants: () => ['PENDING', 'SETTLED'],
		rewrite: (answer, variant, { rng }) =>
			withJson(answer, (body) => {
				const page = cursorParts(body);
				const index = page ? pickIndex(page.data, rng) : -1;
				if (page && index >= 0 && isObject(page.data[index])) (page.data[index] as Json).status = variant;
			}),
	},
	{
		// An action of another status or day than the filters asked for (catalogB.ts: a status and an
		// action date range), or without the status or the time of its last change.
		name: 'actionOther',
		shapes: ['list'],
		about: 'actions',
		variants: () => ['otherStatus', 'status=null', 'status:drop', 'status_updated="yesterday"', 'action_date="2000-01-01 00:00:00"'],
		rewrite: (answer, variant, { rng }) =>
			withJson(answer, (body) => {
				const action = oneAction(body, rng);
				if (!action) return;
				if (variant === 'otherStatus') action.status = OTHER_STATUS[String(action.status)] ?? 'approved';
				else if (variant === 'status:drop') delete action.status;
				else {
					const [field, spelling] = variant.split(/=(.*)/s);
					action[field] = valueOf(spelling);
				}
			}),
	},
	{
		// With One Item per Position: an action whose positions are not a list of objects.
		name: 'positions',
		shapes: ['list'],
		about: 'positions',
		variants: () => ['drop', 'null', '{}', '"x"', '[5]', '[null]'],
		rewrite: (answer, variant, { rng }) =>
			withJson(answer, (body) => {
				const action = oneAction(body, rng);
				if (!action) return;
				if (variant === 'drop') delete action.positions;
				else action.positions = valueOf(variant);
			}),
	},
];
