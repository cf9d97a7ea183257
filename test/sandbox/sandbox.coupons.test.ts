// Conformance of the partner service's coupons against ../shared/spec/published-api-facts.md
// section 5 (and A for the shared conventions): the item table field by field, both variants,
// every filter of the parameter table, paging, validation and scopes.

import { SandboxClient } from '../../sandbox/client';
import { useSandbox } from '../harness/sandboxFixture';
import { fieldProblems, type FieldTable } from './facts';
import { sandboxHttp } from './http';

const START = Date.parse('2026-03-15T14:30:00.000Z');
const sandbox = useSandbox({ now: () => new Date(START), clickItems: 200 }, { partnerLimitCap: 500 });
const { partner } = sandboxHttp(sandbox);

type Coupon = Record<string, any>;
const read = (path: string, query: Record<string, string | number> = {}) => new SandboxClient(sandbox()).partnerRecords<Coupon>(path, query);

/** Section 5, the Coupon item: the catalogue's fields. */
const CATALOGUE_COUPON: FieldTable = {
	id: 'int',
	name: 'string',
	short_name: 'string',
	description: 'string',
	status: 'enum:active',
	rating: 'decimalString',
	campaign: 'object',
	exclusive: 'bool',
	is_unique: 'bool',
	is_personal: 'bool',
	date_start: 'tDateTime',
	date_end: 'tDateTime?',
	regions: 'array',
	discount: 'string?',
	types: 'array',
	categories: 'array',
	image: 'string',
	species: 'enum:promocode|action',
	language: 'string?',
};
/** The ad-space variant adds the promo code and the links. */
const AD_SPACE_COUPON: FieldTable = { ...CATALOGUE_COUPON, promocode: 'string', goto_link: 'string', frameset_link: 'string' };

const named = (entry: Coupon) => Number.isInteger(entry.id) && typeof entry.name === 'string' && Object.keys(entry).length === 2;

describe('the coupon item (published-api-facts.md section 5)', () => {
	test('the catalogue: every field of the table in its type, nested {id, name} lists, nulls on some', async () => {
		const all = await read('/coupons/');
		expect(all.length).toBeGreaterThan(40);
		for (const coupon of all) {
			expect(fieldProblems(coupon, CATALOGUE_COUPON)).toEqual([]);
			expect(Object.keys(coupon.campaign).sort()).toEqual(['id', 'name', 'site_url']);
			expect(coupon.types.every(named) && coupon.categories.every(named)).toBe(true);
			expect(coupon.regions.every((region: unknown) => typeof region === 'string')).toBe(true);
		}
		for (const field of ['date_end', 'discount', 'language']) expect(all.some((coupon) => coupon[field] === null)).toBe(true);
		expect(all.some((coupon) => coupon.rating === '0.00')).toBe(true);
		expect(all.some((coupon) => coupon.description === '')).toBe(true);
	});

	test('an ad space: promo codes ("НЕ НУЖЕН" for a deal), links, an empty frameset link on some', async () => {
		const all = await read('/coupons/website/1021/');
		for (const coupon of all) {
			expect(fieldProblems(coupon, AD_SPACE_COUPON)).toEqual([]);
			expect(coupon.goto_link).toMatch(/^https:\/\//);
			if (coupon.species === 'action') expect(coupon.promocode).toBe('НЕ НУЖЕН');
			else expect(coupon.promocode).toMatch(/^[A-Z]+\d+$/);
		}
		expect(all.some((coupon) => coupon.frameset_link === '')).toBe(true);
		expect((await read('/coupons/website/1022/'))[0].goto_link).not.toBe(all[0].goto_link);
	});

	test('the programs are those of the statistics (the programs dropdown), and some coupons start on the day of the clock', async () => {
		const all = await read('/coupons/');
		const report = await read('/statistics/campaigns/', { date_start: '15.03.2025', date_end: '15.03.2026' });
		const programs = new Set(report.map((row) => row.advcampaign_id));
		expect(programs.size).toBe(6);
		expect(new Set(all.map((coupon) => coupon.campaign.id))).toEqual(programs);
		expect(all.filter((coupon) => coupon.date_start.startsWith('2026-03-15')).length).toBe(2 * programs.size);
	});
});

describe('single objects and categories', () => {
	test('GET /coupons/{id}/ and /coupons/{id}/website/{w_id}/ answer the object itself; unknown ones 404', async () => {
		const [first] = await read('/coupons/');
		expect((await partner(`/coupons/${first.id}/`)).body).toEqual(first);
		const inAdSpace = await partner(`/coupons/${first.id}/website/1021/`);
		expect(fieldProblems(inAdSpace.body, AD_SPACE_COUPON)).toEqual([]);
		expect((await partner('/coupons/1/')).status).toBe(404);
		expect((await partner(`/coupons/${first.id}/website/4/`)).status).toBe(404);
		expect((await partner('/coupons/website/4/')).status).toBe(404);
	});

	test('categories: {results: [{id, name}], _meta}, paged; one by id', async () => {
		const page = (await partner('/coupons/categories/?limit=3&offset=2')).body;
		expect(page._meta).toEqual({ count: 8, limit: 3, offset: 2 });
		expect(page.results.every(named)).toBe(true);
		expect((await partner(`/coupons/categories/${page.results[0].id}/`)).body).toEqual(page.results[0]);
	});

	test('scopes: coupons_for_website, coupons, public_data', async () => {
		const token = sandbox().tokens.publicDataOnly;
		expect((await partner('/coupons/website/1021/', { token })).status).toBe(403);
		expect((await partner('/coupons/', { token })).status).toBe(403);
		expect((await partner('/coupons/categories/', { token })).status).toBe(200);
	});
});

describe('filters, order and paging (the parameter table)', () => {
	test('each filter keeps what it names', async () => {
		const all = await read('/coupons/');
		const check = async (query: Record<string, string>, keep: (coupon: Coupon) => boolean) => {
			const found = await read('/coupons/', query);
			expect(found.length).toBeGreaterThan(0);
			expect(found.map((coupon) => coupon.id)).toEqual(all.filter(keep).map((coupon) => coupon.id));
		};
		await check({ category: '2' }, (c) => c.categories.some((x: Coupon) => x.id === 2));
		await check({ type: '3' }, (c) => c.types.some((x: Coupon) => x.id === 3));
		await check({ campaign_category: '9' }, (c) => c.campaign.id === 8311);
		await check({ search: 'travel' }, (c) => c.campaign.name === 'Travel Booking');
		await check({ region: 'KZ' }, (c) => c.regions.includes('KZ'));
		await check({ language: 'de' }, (c) => c.language === 'de');
		await check({ date_start: '15.03.2026' }, (c) => c.date_start >= '2026-03-15');
		await check({ date_end: '30.04.2026' }, (c) => c.date_end !== null && c.date_end.slice(0, 10) <= '2026-04-30');
		const two = await new SandboxClient(sandbox()).partner<{ results: Coupon[] }>('/coupons/', [['campaign', '6115'], ['campaign', '9120'], ['limit', '500']]);
		expect(new Set(two.results.map((c) => c.campaign.id))).toEqual(new Set([6115, 9120]));
	});

	test('order_by name, rating, date_start, date_end; - reverses', async () => {
		const byRating = (await read('/coupons/', { order_by: '-rating' })).map((c) => Number(c.rating));
		expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
		const byStart = (await read('/coupons/', { order_by: 'date_start' })).map((c) => c.date_start);
		expect(byStart).toEqual([...byStart].sort());
	});

	test('limit/offset pages with _meta.count, capped at partnerLimitCap', async () => {
		sandbox().configure({ partnerLimitCap: 5 });
		const page = (await partner('/coupons/?limit=50&offset=5')).body;
		expect(page._meta).toMatchObject({ limit: 5, offset: 5 });
		expect(page.results).toHaveLength(5);
	});

	test('malformed parameters are 400 naming each field', async () => {
		const answer = await partner('/coupons/?date_start=2026-03-15&date_end=31.02.2026&category=x&campaign=1a&order_by=price&language=xx');
		expect(answer.status).toBe(400);
		expect(Object.keys(answer.body).sort()).toEqual(['campaign', 'category', 'date_end', 'date_start', 'language', 'order_by']);
		expect(answer.body.date_start).toEqual(['Invalid date format, use DD.MM.YYYY.']);
	});
});
