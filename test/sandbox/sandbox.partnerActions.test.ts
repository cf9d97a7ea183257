// Conformance of the partner service's GET /statistics/actions/ against
// ../shared/spec/published-api-facts.md section 1 (and A for the shared conventions).

import { SandboxClient } from '../../sandbox/client';
import { useSandbox } from '../harness/sandboxFixture';
import { ACTIONS_TOTAL, fieldProblems, PARTNER_ACTION, POSITION } from './facts';
import { sandboxHttp } from './http';

const START = Date.parse('2026-03-15T14:30:00.000Z');
const sandbox = useSandbox({ now: () => new Date(START), clickItems: 200 }, { partnerLimitCap: 500 });
const { partner } = sandboxHttp(sandbox);

type Action = Record<string, any>;
const ids = (items: Action[]) => items.map((a) => a.id);
/** Every action the query selects, all pages. */
const read = (query: Record<string, string | number> = {}) => new SandboxClient(sandbox()).partnerRecords<Action>('/statistics/actions/', query);
const get = (query: string) => partner(`/statistics/actions/?${query}`);

describe('fields (published-api-facts.md section 1)', () => {
	test('every action and position carries every field of the facts tables in its documented type', async () => {
		const all = await read();
		expect(all.length).toBeGreaterThan(250);
		for (const action of all) {
			expect(fieldProblems(action, PARTNER_ACTION)).toEqual([]);
			expect(action.id).toBe(action.action_id);
			expect(action.positions.length).toBeGreaterThan(0);
			for (const position of action.positions) expect(fieldProblems(position, POSITION)).toEqual([]);
		}
		// The variants the record shows: cart null, payment the integer 0, nullable strings both ways, "" product fields.
		expect(all.some((a) => a.cart === null)).toBe(true);
		expect(all.some((a) => a.payment === 0)).toBe(true);
		expect(all.some((a) => !Number.isInteger(a.payment))).toBe(true);
		for (const key of ['subid', 'keyword', 'click_user_ip', 'promocode']) {
			expect(all.some((a) => a[key] === null)).toBe(true);
			expect(all.some((a) => typeof a[key] === 'string')).toBe(true);
		}
		expect(all.some((a) => a.positions.some((p: Action) => p.product_url === ''))).toBe(true);
		expect(new Set(all.map((a) => a.status))).toEqual(new Set(['pending', 'approved', 'declined', 'approved_but_stalled']));
	});

	test('{results, _meta} with count the total matches; a limit over the cap is lowered to it', async () => {
		const res = await get('limit=1000&offset=3');
		expect(Object.keys(res.body)).toEqual(['results', '_meta']);
		expect(res.body._meta).toEqual({ count: expect.any(Number), limit: 500, offset: 3 });
		sandbox().configure({ partnerLimitCap: 50 });
		expect((await get('limit=100')).body._meta.limit).toBe(50);
	});
});

describe('the status filter takes both encodings (section 1 "Status values")', () => {
	test.each([
		['1', 'pending'],
		['2', 'approved'],
		['3', 'declined'],
	])('%s selects the same actions as %s', async (number, name) => {
		const byNumber = await read({ status: number });
		expect(byNumber.length).toBeGreaterThan(0);
		expect(ids(byNumber)).toEqual(ids(await read({ status: name })));
		expect(byNumber.every((a) => a.status === name)).toBe(true);
	});

	test('approved_but_stalled by name; an unknown value is a field error', async () => {
		expect((await read({ status: 'approved_but_stalled' })).every((a) => a.status === 'approved_but_stalled')).toBe(true);
		const bad = await get('status=4');
		expect(bad.status).toBe(400);
		expect(bad.body).toEqual({ status: ['Select a valid choice. 4 is not one of the available choices.'] });
	});
});

describe('dates in the service formats (section A)', () => {
	test('date_start/date_end (%d.%m.%Y) bound the action day, closing_date_* the closing day', async () => {
		const got = await read({ date_start: '01.03.2026', date_end: '10.03.2026' });
		expect(got.length).toBeGreaterThan(0);
		expect(got.every((a) => a.action_date >= '2026-03-01 00:00:00' && a.action_date <= '2026-03-10 23:59:59')).toBe(true);
		const closing = await read({ closing_date_start: '1.4.2026', closing_date_end: '05.04.2026' });
		expect(closing.length).toBeGreaterThan(0);
		expect(closing.every((a) => a.closing_date >= '2026-04-01' && a.closing_date <= '2026-04-05')).toBe(true);
	});

	test('status_updated_* take %d.%m.%Y %H:%M:%S to the second, and %d.%m.%Y alone as the whole day', async () => {
		const all = await read();
		const sample = all[7].status_updated as string;
		const [day, time] = sample.split(' ');
		const dmy = day.split('-').reverse().join('.');
		const exact = await read({ status_updated_start: `${dmy} ${time}`, status_updated_end: `${dmy} ${time}` });
		expect(exact.length).toBeGreaterThan(0);
		expect(exact.every((a) => a.status_updated === sample)).toBe(true);
		const wholeDay = await read({ status_updated_start: dmy, status_updated_end: dmy });
		expect(ids(wholeDay).sort()).toEqual(ids(all.filter((a) => a.status_updated.startsWith(day))).sort());
	});

	test('every malformed field is named at once, in the service words', async () => {
		const res = await get('date_start=2026-03-01&closing_date_end=32.01.2026&status_updated_start=01.03.2026T10:00:00&website=x&processed=2&order_by=price');
		expect(res.status).toBe(400);
		expect(Object.keys(res.body).sort()).toEqual(['closing_date_end', 'date_start', 'order_by', 'processed', 'status_updated_start', 'website']);
		expect(res.body.date_start).toEqual(['Invalid date format, use DD.MM.YYYY.']);
	});
});

describe('the other filters, order_by and total=1', () => {
	test('ad space and program (repeatable), sub IDs, type, processed, paid, action, keyword, source, action_id', async () => {
		const all = await read();
		const sample = all.find((a) => a.keyword !== null && a.subid1 !== null) ?? all.find((a) => a.keyword !== null)!;
		const cases: Array<[Record<string, string | number>, (a: Action) => boolean]> = [
			[{ action_type: 'lead' }, (a) => a.action_type === 'lead'],
			[{ processed: 0 }, (a) => a.processed === 0],
			[{ paid: 1 }, (a) => a.paid === 1],
			[{ subid: sample.subid }, (a) => a.subid === sample.subid],
			[{ keyword: sample.keyword }, (a) => a.keyword === sample.keyword],
			[{ action: 'Registration' }, (a) => a.action === 'Registration'],
			[{ action_id: sample.id }, (a) => a.id === sample.id],
			[{ campaign: 7204 }, (a) => a.advcampaign_id === 7204],
		];
		for (const [query, expected] of cases) expect({ query, got: ids(await read(query)) }).toEqual({ query, got: ids(all.filter(expected)) });
		const both = await get('campaign=7204&campaign=8311&website=1021&website=1022&limit=500');
		expect(both.body.results.every((a: Action) => [7204, 8311].includes(a.advcampaign_id) && ['Cashback Portal', 'Loyalty Club App'].includes(a.website_name))).toBe(true);
		expect(new Set(both.body.results.map((a: Action) => a.advcampaign_id)).size).toBe(2);
		const bySource = (await read({ source: 'g' })).length + (await read({ source: 'y' })).length;
		expect(bySource).toBe(all.filter((a) => a.keyword !== null).length);
	});

	test('order_by is repeatable and a leading - reverses; datetime descending by default', async () => {
		const all = await read();
		expect(all.map((a) => a.action_date)).toEqual(all.map((a) => a.action_date).sort().reverse());
		const byUpdate = (await get('order_by=-status_updated&order_by=payment&limit=500')).body.results as Action[];
		expect(byUpdate.map((a) => a.status_updated)).toEqual(byUpdate.map((a) => a.status_updated).sort().reverse());
		const byPayment = (await get('order_by=payment&limit=500')).body.results as Action[];
		expect(byPayment.map((a) => a.payment)).toEqual(byPayment.map((a) => a.payment).sort((x, y) => x - y));
	});

	test('total=1: a bare array, one {currency, payment_sum, cart} per currency, summing the list', async () => {
		const res = await get('total=1&status=approved');
		expect(Array.isArray(res.body)).toBe(true);
		const approved = await read({ status: 'approved' });
		expect(res.body.map((t: Action) => t.currency)).toEqual([...new Set(approved.map((a) => a.currency))].sort());
		for (const total of res.body) {
			expect(fieldProblems(total, ACTIONS_TOTAL)).toEqual([]);
			const mine = approved.filter((a) => a.currency === total.currency);
			expect(total.payment_sum).toBeCloseTo(mine.reduce((s, a) => s + a.payment, 0), 2);
			expect(total.cart).toBeCloseTo(mine.reduce((s, a) => s + (a.cart ?? 0), 0), 2);
		}
	});

	test('scope statistics: a token without it is refused as insufficient_scope', async () => {
		const res = await partner('/statistics/actions/', { token: sandbox().tokens.noStatistics });
		expect(res.status).toBe(403);
		expect(res.body.error).toBe('insufficient_scope');
		expect((await partner('/statistics/actions/?limit=1', { token: sandbox().tokens.noWebsites })).status).toBe(200);
	});
});
