/**
 * Class B: the records of an answer: one with its key or a field broken, one twice, or records
 * about something other than what was asked (another record, orders not asked about, another
 * rate, an item of the other window).
 */
import type { Rng } from '../../sandbox/prng';
import { assignment, isBare, isObject, mainArray, pickIndex, valueOf, withArray, withJson, type Answer, type Family, type Json } from './answerFamily';

const OTHER_STATUS: Record<string, string> = { owner: 'does_not_exist', already_counted: 'owner', does_not_exist: 'owner' };
const OTHER_CURRENCY = (code: unknown) => (code === 'GBP' ? 'PLN' : 'GBP');

function nextDay(date: unknown): string {
	const time = Date.parse(`${String(date)}T00:00:00Z`);
	return Number.isNaN(time) ? '2000-01-01' : new Date(time + 86_400_000).toISOString().slice(0, 10);
}

/** One record of `items` with its key (or `field:` another field) broken as `variant` says; a raw splice for `dupBefore`. */
function breakRecord(items: unknown[], variant: string, key: string, rng: Rng): Record<string, string> | void {
	const index = pickIndex(items, rng);
	if (index < 0) return;
	if (variant.startsWith('entry=')) {
		items[index] = valueOf(variant.slice(6));
		return;
	}
	const record = items[index];
	if (!isObject(record)) return;
	if (variant.includes('=')) {
		const [field, spelling] = assignment(variant);
		record[field] = valueOf(spelling);
		return;
	}
	const [field, action] = variant.includes(':') ? variant.split(':') : [key, variant];
	if (action === 'dupBefore') {
		// The key twice in the record's text, a bogus value first: JSON.parse keeps the record's own.
		items[index] = 'FUZZ_RAW_RECORD';
		return { FUZZ_RAW_RECORD: `{${JSON.stringify(field)}: null, ${JSON.stringify(record).slice(1)}` };
	}
	if (action === 'drop') delete record[field];
	else record[field] = { null: null, empty: '', object: { id: 1 }, true: true, garbage: 'not a date' }[action];
	return undefined;
}

/** One record of `items` copied over another: the same record twice. */
function copyRecord(items: unknown[], rng: Rng): void {
	if (items.length < 2) return;
	const from = rng.int(0, items.length - 1);
	const to = (from + rng.int(1, items.length - 1)) % items.length;
	items[to] = items[from];
}

/** The main array of an envelope, or the answer itself when it is a bare array (BARE shapes). */
const onItems = (answer: Answer, change: (items: unknown[]) => Record<string, string> | void): Answer =>
	isBare(answer)
		? withArray(answer, change)
		: withJson(answer, (body) => {
				const array = mainArray(body);
				return array ? change(body[array] as unknown[]) : undefined;
			});

export const RECORD_FAMILIES: Family[] = [
	{
		name: 'recordKey',
		shapes: ['list', 'plainList', 'clickPage', 'orderInfo', 'bareList', 'totals', 'cursorPage'],
		variants: (shape, key) => {
			if (shape === 'plainList') return ['entry=5', 'entry={}', 'entry=null'];
			// Totals have no key: an entry that is not an object.
			if (shape === 'totals') return ['entry=5', 'entry=null', 'entry="USD"'];
			if (shape === 'clickPage') return ['drop', 'null', 'empty', 'object', 'dupBefore', 'updatedAt:drop', 'updatedAt:garbage'];
			if (shape === 'orderInfo') return ['status=null', 'status=5', 'status=""', 'order_id=null'];
			// An action: its ID as a number (the deprecated v1's), a status not one of the four (merchants and coupons have neither).
			if (shape === 'cursorPage') return ['drop', 'null', 'empty', 'object', 'dupBefore', ...(key === 'actionId' ? ['actionId=5', 'status="confirmed"'] : []), 'updatedAt:drop', 'updatedAt:garbage'];
			return ['drop', 'null', 'empty', 'object', 'true', 'dupBefore'];
		},
		rewrite: (answer, variant, { key, rng }) => onItems(answer, (items) => breakRecord(items, variant, key, rng)),
	},
	{
		// One record of the page copied over another: the same record twice.
		name: 'dupRecord',
		shapes: ['list', 'plainList', 'clickPage', 'bareList', 'cursorPage'],
		variants: () => ['copy'],
		rewrite: (answer, _variant, { rng }) => onItems(answer, (items) => copyRecord(items, rng)),
	},
	{
		name: 'otherRecord',
		shapes: ['record'],
		variants: (_shape, key) => (key === 'language_code' ? ['otherKey'] : ['otherKey', 'keyAsText', 'fractionKey']),
		keyAsText: (variant) => variant === 'keyAsText',
		rewrite: (answer, variant, { key }) =>
			withJson(answer, (body) => {
				const value = body[key];
				if (variant === 'otherKey') body[key] = typeof value === 'number' ? value + 1 : value === 'ru' ? 'fr' : 'ru';
				else if (variant === 'keyAsText') body[key] = String(value);
				else if (typeof value === 'number') body[key] = value + 0.5;
			}),
	},
	{
		name: 'orderSet',
		shapes: ['orderInfo'],
		variants: () => ['twiceAfter', 'twiceBefore', 'extra', 'missing'],
		rewrite: (answer, variant, { rng }) =>
			withJson(answer, (body) => {
				const entries = body.order_info;
				if (!Array.isArray(entries) || !entries.length) return;
				const index = pickIndex(entries, rng);
				const entry = entries[index] as Json;
				const other = { order_id: entry.order_id, status: OTHER_STATUS[String(entry.status)] ?? 'owner' };
				if (variant === 'twiceAfter') entries.splice(index + 1, 0, other);
				else if (variant === 'twiceBefore') entries.splice(index, 0, other);
				else if (variant === 'extra') entries.push({ order_id: 'FZ-NOT-ASKED', status: 'does_not_exist' });
				else entries.splice(index, 1);
			}),
	},
	{
		name: 'rateOther',
		shapes: ['rate'],
		variants: () => ['base', 'target', 'date', 'rate=null', 'rate="abc"', 'rate={}'],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				if (variant === 'base' || variant === 'target') body[variant] = OTHER_CURRENCY(body[variant]);
				else if (variant === 'date') body.date = nextDay(body.date);
				else body.rate = valueOf(variant.slice(5));
			}),
	},
	{
		// An item of the other 120-day window in place of one of this page's.
		name: 'repeatAcrossWindows',
		shapes: ['clickPage'],
		twoWindows: true,
		variants: () => ['replace'],
		rewrite: (answer, _variant, { rng, query, otherAnswers }) =>
			withJson(answer, (body) => {
				const donor = otherAnswers.find((other) => other.query.get('dateFrom') !== query.get('dateFrom') && isObject(other.body) && Array.isArray(other.body.data) && other.body.data.length);
				if (!donor || !Array.isArray(body.data) || !body.data.length) return;
				const items = (donor.body as Json).data as unknown[];
				body.data[pickIndex(body.data, rng)] = items[pickIndex(items, rng)];
			}),
	},
];
