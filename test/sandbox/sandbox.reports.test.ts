// Conformance of the partner service's aggregated reports and ad spaces against
// ../shared/spec/published-api-facts.md sections 2 and 6.

import { useSandbox } from '../harness/sandboxFixture';
import { AD_SPACE_V1, AD_SPACE_V2, CATEGORY, fieldProblems, REGION, REPORT_ROWS, REPORT_TOTAL } from './facts';
import { sandboxHttp } from './http';

const START = Date.parse('2026-03-15T14:30:00.000Z');
const sandbox = useSandbox({ now: () => new Date(START), clickItems: 200 }, { websitesV2Envelope: 'array' });
const { partner, control } = sandboxHttp(sandbox);

type Row = Record<string, any>;
const KEYS: Record<string, string[]> = {
	dates: ['date'], months: ['date'], websites: ['website_id'], campaigns: ['advcampaign_id'], sub_ids: ['subid'],
	sub_ids1: ['subid1'], sub_ids2: ['subid2'], sub_ids3: ['subid3'], sub_ids4: ['subid4'], sources: ['source'], keywords: ['keyword'],
};
const rows = async (report: string, query = ''): Promise<Row[]> => {
	const res = await partner(`/statistics/${report}/?limit=500&${query}`);
	expect(res.status).toBe(200);
	return res.body.results;
};

describe('reports (published-api-facts.md section 2)', () => {
	test.each(Object.keys(REPORT_ROWS))('%s: every row has the fields of the facts table, one row per group and currency', async (report) => {
		const res = await partner(`/statistics/${report}/?limit=500`);
		expect(Object.keys(res.body)).toEqual(['results', '_meta']);
		const found: Row[] = res.body.results;
		expect(found.length).toBeGreaterThan(1);
		expect(res.body._meta).toEqual({ count: found.length, limit: 500, offset: 0 });
		for (const row of found) expect(fieldProblems(row, REPORT_ROWS[report])).toEqual([]);
		const groups = found.map((row) => JSON.stringify([...KEYS[report].map((k) => row[k]), row.currency]));
		expect(new Set(groups).size).toBe(found.length);
		// A group with figures in several currencies is one row per currency (seeded programs pay in RUB,
		// USD, EUR); only a program is always in one currency.
		const keysOnly = new Set(found.map((row) => JSON.stringify(KEYS[report].map((k) => row[k]))));
		if (report === 'campaigns') expect(keysOnly.size).toBe(found.length);
		else expect(keysOnly.size).toBeLessThan(found.length);
	});

	test.each(Object.keys(REPORT_ROWS))('%s total=1: a bare array of one object per currency, without _meta', async (report) => {
		const res = await partner(`/statistics/${report}/?total=1`);
		expect(Array.isArray(res.body)).toBe(true);
		for (const total of res.body) expect(fieldProblems(total, REPORT_TOTAL)).toEqual([]);
		const perRow = await rows(report);
		expect(res.body.map((t: Row) => t.currency)).toEqual([...new Set(perRow.map((r) => r.currency))].sort());
		for (const total of res.body) {
			const mine = perRow.filter((r) => r.currency === total.currency);
			expect(total.clicks).toBe(mine.reduce((s, r) => s + r.clicks, 0));
			expect(total.sales_sum).toBe(mine.reduce((s, r) => s + r.sales_sum, 0));
		}
	});

	test('the figures agree with the actions: leads and sales per status, payments per status', async () => {
		const actions = (await partner('/statistics/actions/?limit=500&date_start=01.03.2026&date_end=10.03.2026&campaign=7204')).body.results as Row[];
		const [usd] = await rows('campaigns', 'date_start=01.03.2026&date_end=10.03.2026&campaign=7204');
		const count = (type: string, statuses: string[]) => actions.filter((a) => a.action_type === type && statuses.includes(a.status)).length;
		const money = (statuses: string[]) => actions.filter((a) => statuses.includes(a.status)).reduce((s, a) => s + a.payment, 0);
		expect(usd).toMatchObject({ advcampaign_id: 7204, currency: 'USD', leads_sum: count('lead', ['pending', 'approved', 'approved_but_stalled', 'declined']) });
		expect(usd.sales_sum).toBe(count('sale', ['pending', 'approved', 'approved_but_stalled', 'declined']));
		expect(usd.payment_sum_open).toBeCloseTo(money(['pending']), 2);
		expect(usd.payment_sum_approved).toBeCloseTo(money(['approved', 'approved_but_stalled']), 2);
		expect(usd.payment_sum_declined).toBeCloseTo(money(['declined']), 2);
	});

	test('filters: the date range, ad space, program, sub IDs, group_subids, source', async () => {
		const days = await rows('dates', 'date_start=01.03.2026&date_end=05.03.2026');
		expect(new Set(days.map((r) => r.date))).toEqual(new Set(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']));
		expect((await rows('websites', 'website=1021&website=1023')).map((r) => r.website_id).sort()).toEqual(['1021', '1021', '1021', '1023', '1023', '1023']);
		expect((await rows('campaigns', 'campaign=8311')).map((r) => r.advcampaign_id)).toEqual([8311]);
		expect((await rows('sub_ids', 'subid=newsletter')).every((r) => r.subid === 'newsletter')).toBe(true);
		expect((await rows('sub_ids', 'group_subids=subid2')).every((r) => 'subid2' in r && !('subid' in r))).toBe(true);
		expect(new Set((await rows('sub_ids2', 'subid2=x')).map((r) => r.subid2))).toEqual(new Set(['x']));
		const google = await rows('keywords', 'source=g');
		expect(google.reduce((s, r) => s + r.clicks, 0)).toBeLessThan((await rows('keywords')).reduce((s, r) => s + r.clicks, 0));
	});

	test('order_by takes the facts lists per report, with -; anything else is a field error', async () => {
		const byClicks = await rows('campaigns', 'order_by=-clicks');
		expect(byClicks.map((r) => r.clicks)).toEqual(byClicks.map((r) => r.clicks).sort((a, b) => b - a));
		const accepted: Record<string, string[]> = {
			websites: ['website_id', 'website_name', 'views', 'ctr', 'ecpm', 'leads_sum', 'sales_sum', 'payment_sum_open', 'currency'],
			dates: ['action', 'cr', 'leads', 'name', 'payment_sum', 'sales', 'views'],
			sub_ids: ['actions', 'clicks', 'ecpc', 'leads', 'payment_sum_declined', 'sales', 'subid'],
			sub_ids3: ['subid3'],
			sources: ['source', 'payment_sum'],
			keywords: ['keyword', 'source'],
		};
		for (const [report, values] of Object.entries(accepted)) for (const v of values) await rows(report, `order_by=-${v}`);
		const refused = await partner('/statistics/sub_ids/?order_by=views&order_by=subid2&date_start=1.2.3');
		expect(refused.status).toBe(400);
		expect(refused.body).toEqual({
			date_start: ['Invalid date format, use DD.MM.YYYY.'],
			order_by: ['Select a valid choice. views is not one of the available choices.', 'Select a valid choice. subid2 is not one of the available choices.'],
		});
	});
});

describe('ad spaces (published-api-facts.md section 6)', () => {
	test('/websites/v2/ as a bare array (the docs), every field; limit and offset ignored', async () => {
		const res = await partner('/websites/v2/?limit=1&offset=1');
		expect(Array.isArray(res.body)).toBe(true);
		expect(res.body.length).toBe(5);
		for (const item of res.body) expect(fieldProblems(item, AD_SPACE_V2)).toEqual([]);
		expect(res.body.some((a: Row) => a.kind === '') && res.body.some((a: Row) => a.account_id === '')).toBe(true);
		expect((await partner('/websites/v2/1022/')).body).toEqual(res.body[1]);
	});

	test('/websites/v2/ as {results, _meta} pages (the Python client mock), switched over POST /_sandbox/config', async () => {
		expect((await control('config', 'POST', { websitesV2Envelope: 'results' })).status).toBe(200);
		const res = await partner('/websites/v2/?limit=2&offset=1');
		expect(res.body._meta).toEqual({ count: 5, limit: 2, offset: 1 });
		for (const item of res.body.results) expect(fieldProblems(item, AD_SPACE_V2)).toEqual([]);
		expect((await control('config', 'POST', { websitesV2Envelope: 'pages' })).body.error).toBe('websitesV2Envelope must be "array" or "results"');
	});

	test('/websites/ pages its v1 items with every field; /websites/{id}/ is one', async () => {
		const res = await partner('/websites/?limit=10');
		expect(res.body._meta.count).toBe(5);
		for (const item of res.body.results) {
			expect(fieldProblems(item, AD_SPACE_V1)).toEqual([]);
			for (const region of item.regions) expect(fieldProblems(region, REGION)).toEqual([]);
			for (const category of item.categories) expect(fieldProblems(category, CATEGORY)).toEqual([]);
		}
		expect((await partner('/websites/1021/')).body).toEqual(res.body.results[0]);
		expect((await partner('/websites/99/')).status).toBe(404);
	});

	test('status and campaign_status filter both versions; scope websites', async () => {
		expect((await partner('/websites/v2/?status=active')).body.map((a: Row) => a.id)).toEqual([1021, 1022, 1023]);
		expect((await partner('/websites/?campaign_status=declined')).body.results.map((a: Row) => a.id)).toEqual([1024]);
		expect((await partner('/websites/?status=gone')).body).toEqual({ status: ['Select a valid choice. gone is not one of the available choices.'] });
		expect((await partner('/websites/v2/', { token: sandbox().tokens.noWebsites })).status).toBe(403);
		expect((await partner('/websites/v2/', { token: sandbox().tokens.noStatistics })).status).toBe(200);
	});
});
