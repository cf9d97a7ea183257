/** Coupon → Get Many's filters through real n8n-core against the sandbox: sent in the service's names and formats, each coupon held to what it can prove, bad input named before any request. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startProxy, type FuzzProxy } from '../fuzz/proxy';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'coupon', operation: 'getMany', returnAll: true });
const run = partner.run;
const CATALOGUE = { source: 'catalogue' };
let proxy: FuzzProxy;

beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => proxy.close());

const sent = () => partner.sandbox.requests.map((request) => `${request.path}?${decodeURIComponent(request.rawQuery)}`);
const dmy = (ymd: string) => ymd.split('-').reverse().join('.');
const today = () => new Date().toISOString().slice(0, 10);

async function allCoupons(path: string, query: Array<[string, string]> | Record<string, string> = {}) {
	const all = (await partner.client.partner<{ results: IDataObject[] }>(path, Array.isArray(query) ? [...query, ['limit', '500']] : { ...query, limit: '500' })).results;
	partner.sandbox.resetRequests();
	return all;
}

/** A credential whose answers pass a proxy that changes these fields of the coupon at `index` of every page. */
function throughProxyChanging(index: number, change: IDataObject) {
	const route = proxy.open({
		upstream: partner.sandbox.partnerUrl,
		api: 'partner',
		budget: 20,
		labels: 'query',
		rewrite: (answer) => {
			const body = JSON.parse(answer.text) as { results: IDataObject[] };
			body.results[index] = { ...body.results[index], ...change };
			return { ...answer, text: JSON.stringify(body) };
		},
	});
	return partner.credentialWith(partner.sandbox.accessToken, route.baseUrl);
}

async function records(parameters: INodeParameters) {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

describe('each filter goes in the service name and format', () => {
	test('all at once: campaign repeated, IDs as digits, days as DD.MM.YYYY, region upper case, order_by with - for Descending', async () => {
		await run({
			source: 'adSpace',
			adSpaceId: '1021',
			filters: {
				programIds: ['6115', '7204'],
				categoryId: '1',
				programCategoryId: '2',
				typeId: '3',
				search: 'code',
				region: 'ru',
				dateFrom: '2026-11-01',
				dateTo: '20.12.2026',
				language: 'EN',
			},
			options: { orderBy: 'rating', orderDirection: 'descending' },
		});
		expect(sent()[0]).toBe(
			'/coupons/website/1021/?campaign=6115&campaign=7204&category=1&campaign_category=2&type=3&search=code&region=RU&date_start=01.11.2026&date_end=20.12.2026&language=en&order_by=-rating&limit=500&offset=0',
		);
	});

	test.each<[string, INodeParameters, Array<[string, string]>]>([
		['Program Names or IDs', { programIds: ['6115', '9120'] }, [['campaign', '6115'], ['campaign', '9120']]],
		['Coupon Category Name or ID', { categoryId: '1' }, [['category', '1']]],
		['Program Category ID', { programCategoryId: '3' }, [['campaign_category', '3']]],
		['Coupon Type ID', { typeId: '2' }, [['type', '2']]],
		['Search', { search: 'Travel' }, [['search', 'Travel']]],
		['Region', { region: 'kz' }, [['region', 'KZ']]],
		['Language Name or ID', { language: 'de' }, [['language', 'de']]],
		['Date From today (the coupons that start today)', { dateFrom: today() }, [['date_start', dmy(today())]]],
	])('%s: the coupons the service keeps for it', async (_label, filters, query) => {
		const expected = await allCoupons('/coupons/', query);
		expect(expected.length).toBeGreaterThan(0);
		expect(await records({ ...CATALOGUE, filters })).toEqual(expected);
		expect(sent()[0]).toBe(`/coupons/?${query.map(([name, value]) => `${name}=${value}`).join('&')}&limit=500&offset=0`);
	});

	test('Date To and an order: sorted as the service sorts', async () => {
		const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
		const expected = await allCoupons('/coupons/', [['date_end', dmy(to)], ['order_by', 'date_end']]);
		expect(expected.length).toBeGreaterThan(0);
		expect(await records({ ...CATALOGUE, filters: { dateTo: to }, options: { orderBy: 'date_end' } })).toEqual(expected);
	});

	test('the coupons that start today are two per program, each starting today', async () => {
		const read = await records({ ...CATALOGUE, filters: { dateFrom: today() } });
		expect(read.length).toBe(12);
		for (const coupon of read) expect(String(coupon.date_start).slice(0, 10)).toBe(today());
	});
});

describe('each coupon is held to what it can prove', () => {
	async function refused(filters: INodeParameters, key: string, value: unknown, says: string) {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: '/coupons/', body: 'set', key, value });
		const result = await run({ ...CATALOGUE, filters });
		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toContain('GET /coupons/');
		expect(result.error?.message).toContain(says);
	}

	test('a coupon of another program than the filter asked for fails naming the filter (a proxy rewrites the answer)', async () => {
		const credentials = throughProxyChanging(1, { campaign: { id: 7204, name: 'Electronics World', site_url: 'https://x.example/' } });
		const result = await run({ ...CATALOGUE, filters: { programIds: ['6115'] } }, { credentials });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('results[1] is of program 7204 ("Electronics World"), not of the programs the Program Names or IDs filter asked for (6115)');
	});

	test('another category', async () => {
		await refused({ categoryId: '1' }, 'results.0.categories', [{ id: 5, name: 'Books' }], 'has categories 5, not the category 1 the Coupon Category Name or ID filter asked for');
	});

	test('another type', async () => {
		await refused({ typeId: '2' }, 'results.0.types', [{ id: 1, name: 'Discount' }], 'has types 1, not the type 2 the Coupon Type ID filter asked for');
	});

	test('a coupon that ended before Date From', async () => {
		await refused({ dateFrom: today() }, 'results.0.date_end', '2020-01-31T23:59:59', 'has "date_end" "2020-01-31T23:59:59", before Date From');
	});

	test('a coupon that starts after Date To', async () => {
		const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
		await refused({ dateTo: to }, 'results.0.date_start', '2099-01-01T00:00:00', 'has "date_start" "2099-01-01T00:00:00", after Date To');
	});

	test('what a coupon cannot prove is not checked: another region, language or text than asked passes as sent', async () => {
		const credentials = throughProxyChanging(0, { regions: ['US'], language: null, name: 'n', description: '' });
		const result = await run({ ...CATALOGUE, filters: { region: 'RU', language: 'ru', search: 'code' } }, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ regions: ['US'], language: null, name: 'n' });
	});
});

describe('bad input is named before any request', () => {
	test('every bad field at once, nothing sent', async () => {
		const result = await run({
			source: 'adSpace',
			adSpaceId: 'x1',
			returnAll: false,
			limit: 0,
			filters: { programIds: '12a', categoryId: 'x', programCategoryId: '-1', typeId: '={{ {"a": 1} }}', dateFrom: '2026-02-31', region: 'Russia', language: 'eng', search: 'a\u0000b' },
			options: { orderBy: 'price' },
		});
		expect(result.error?.name).toBe('NodeOperationError');
		const said = `${result.error?.message}\n${result.error?.description}`;
		const fields = ['Ad Space Name or ID', 'Limit', 'Program Names or IDs', 'Coupon Category Name or ID', 'Program Category ID', 'Coupon Type ID', 'Date From', 'Region', 'Language Name or ID', 'Search', 'Order By'];
		for (const field of fields) expect(said).toContain(field);
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('Date From after Date To is refused', async () => {
		const result = await run({ ...CATALOGUE, filters: { dateFrom: '2026-12-02', dateTo: '01.12.2026' } });
		expect(result.error?.message).toContain('Date From');
		expect(`${result.error?.message} ${result.error?.description}`).toContain('02.12.2026 is after Date To 01.12.2026');
		expect(partner.sandbox.requests).toHaveLength(0);
	});
});
