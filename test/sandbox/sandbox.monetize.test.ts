// Conformance of the click service's merchants and coupons (GET …/v2/merchant, GET …/v1/coupon,
// POST …/v1/coupon/search) against ../shared/spec/published-api-facts.md sections 9 and 11, and the
// sandbox's choices where the record is silent (docs/sandbox.md, "Merchants and coupons").

import { useSandbox } from '../harness/sandboxFixture';
import { fieldProblems, type FieldTable } from './facts';

const MERCHANTS = '/v1/product/monetize-api/v2/merchant';
const COUPONS = '/v1/product/monetize-api/v1/coupon';
const SEARCH = '/v1/product/monetize-api/v1/coupon/search';

const MERCHANT: FieldTable = {
	merchantId: 'int', name: 'string', imageUri: 'string', currencyCode: 'string', defaultDomain: 'string', domains: 'array',
	categoryId: 'int?', description: 'string?', isActive: 'bool', countryCodes: 'array', averageBasketValue: 'number?',
	averageCommission: 'number?', averageConfirmationTime: 'number?', averageCancellationRate: 'number?', minimumCommission: 'number?',
	maximumCommission: 'number?', commissionRates: 'array', trackingLink: 'string', createdAt: 'isoMs', updatedAt: 'isoMs',
};
const COUPON: FieldTable = {
	couponId: 'string', isActive: 'bool', trackingLink: 'string', name: 'string', code: 'string?', merchantId: 'int', imageUri: 'string',
	languageCodes: 'array', countryCodes: 'array', startDate: 'isoMs', endDate: 'isoMs?', description: 'string?', categoryIds: 'array',
	createdAt: 'isoMs', updatedAt: 'isoMs',
};
/** A search's coupons lack `isActive` (facts, section 11). */
const SEARCH_COUPON: FieldTable = Object.fromEntries(Object.entries(COUPON).filter(([key]) => key !== 'isActive'));

type Row = Record<string, unknown>;
const sandbox = useSandbox({ clickItems: 100, clickDays: 5 });

async function call(path: string, init: { query?: string; body?: unknown } = {}) {
	const url = `${sandbox().clickUrl}${path}${init.query ? `?${init.query}` : ''}`;
	const headers: Record<string, string> = { authorization: `Bearer ${sandbox().publicKey}`, 'content-type': 'application/json' };
	const res = await fetch(url, init.body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(init.body) });
	return { status: res.status, body: (await res.json()) as Row & { data: Row[]; meta: { next: string | null } } };
}

async function readAll(path: string, query: string): Promise<{ data: Row[]; pages: number }> {
	const data: Row[] = [];
	let next: string | null = null;
	let pages = 0;
	do {
		const res = await call(path, { query: `${query}${next ? `&next=${encodeURIComponent(next)}` : ''}` });
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['meta', 'data']);
		data.push(...res.body.data);
		next = res.body.meta.next;
		pages++;
	} while (next !== null);
	return { data, pages };
}

test('merchants: every field of the facts table in its type; float noise, nullable averages, tracking links; several pages of 500', async () => {
	const { data, pages } = await readAll(MERCHANTS, 'limit=500');
	expect(pages).toBeGreaterThanOrEqual(3);
	expect(new Set(data.map((m) => m.merchantId)).size).toBe(data.length);
	for (const merchant of data) expect(fieldProblems(merchant, MERCHANT)).toEqual([]);
	const rates = data.flatMap((m) => m.commissionRates as Row[]);
	expect(rates.some((r) => r.percentageCommission === 3.5999999999999996)).toBe(true);
	expect(data.some((m) => (m.commissionRates as Row[]).length === 0) && data.some((m) => (m.countryCodes as string[]).length === 0)).toBe(true);
	expect(data.some((m) => m.averageBasketValue === null) && data.some((m) => typeof m.averageBasketValue === 'number')).toBe(true);
	expect(data.every((m) => /^https:\/\/tatrck\.com\/h\/[A-Za-z0-9]{12}$/.test(m.trackingLink as string))).toBe(true);
	expect(data.every((m) => (m.domains as string[]).includes(m.defaultDomain as string))).toBe(true);
});

test('coupons: every field in its type, 21-character IDs, nullable code, endDate and description, some starting today', async () => {
	const { data, pages } = await readAll(COUPONS, 'limit=500');
	expect(pages).toBeGreaterThanOrEqual(4);
	for (const coupon of data) expect(fieldProblems(coupon, COUPON)).toEqual([]);
	expect(data.every((c) => /^[A-Za-z0-9]{21}$/.test(c.couponId as string))).toBe(true);
	for (const key of ['code', 'endDate', 'description']) expect(data.some((c) => c[key] === null) && data.some((c) => typeof c[key] === 'string')).toBe(true);
	const today = new Date().toISOString().slice(0, 10);
	expect(data.some((c) => (c.startDate as string).startsWith(today))).toBe(true);
});

test('limit 1-500, 100 by default; above it and a cursor not given a 400 in the click error style naming the parameter', async () => {
	expect((await call(COUPONS)).body.data).toHaveLength(100);
	for (const [path, query, property] of [
		[MERCHANTS, 'limit=501', 'limit'],
		[COUPONS, 'limit=0', 'limit'],
		[MERCHANTS, 'next=forged', 'next'],
		[MERCHANTS, 'isActive=yes', 'isActive'],
		[COUPONS, 'updatedAtFrom=yesterday', 'updatedAtFrom'],
		[COUPONS, 'categoryIds[0]=x', 'categoryIds'],
	]) {
		const res = await call(path, { query });
		expect(res.status).toBe(400);
		expect(res.body).toEqual({ errors: [expect.objectContaining({ status: '400', code: '1000', meta: { property } })] });
	}
	// A merchant cursor is not a coupon cursor.
	const { meta } = (await call(MERCHANTS, { query: 'limit=5' })).body;
	expect((await call(COUPONS, { query: `next=${meta.next}` })).status).toBe(400);
});

test('filters: isActive, updatedAtFrom; coupon dates as date-times or days; list filters repeated or indexed alike', async () => {
	const active = (await readAll(MERCHANTS, 'limit=500&isActive=true')).data;
	expect(active.length).toBeGreaterThan(0);
	expect(active.every((m) => m.isActive === true)).toBe(true);
	const from = new Date(Date.now() - 86_400_000).toISOString();
	const recent = (await readAll(MERCHANTS, `limit=500&updatedAtFrom=${from}`)).data;
	expect(recent.length).toBeGreaterThan(0);
	expect(recent.every((m) => (m.updatedAt as string) >= from)).toBe(true);

	const repeated = (await readAll(COUPONS, 'limit=500&languageCodes=de&languageCodes=fr&countryCodes=DE')).data;
	const indexed = (await readAll(COUPONS, 'limit=500&languageCodes%5B0%5D=de&languageCodes%5B1%5D=fr&countryCodes%5B0%5D=DE')).data;
	expect(repeated.length).toBeGreaterThan(0);
	expect(indexed).toEqual(repeated);
	expect(repeated.every((c) => (c.languageCodes as string[]).some((l) => l === 'de' || l === 'fr') && (c.countryCodes as string[]).includes('DE'))).toBe(true);

	const today = new Date().toISOString().slice(0, 10);
	const byDay = (await readAll(COUPONS, `limit=500&startDateBefore=${today}&endDateAfter=${today}`)).data;
	const byInstant = (await readAll(COUPONS, `limit=500&startDateBefore=${today}T00:00:00.000Z&endDateAfter=${today}T00:00:00.000Z`)).data;
	expect(byDay).toEqual(byInstant);
	expect(byDay.every((c) => (c.startDate as string) <= `${today}T00:00:00.000Z` && (c.endDate === null || (c.endDate as string) >= `${today}T00:00:00.000Z`))).toBe(true);
	expect(byDay.some((c) => c.endDate === null)).toBe(true);
});

test('search: each URL once with the active coupons of the merchant whose domain it is on, [] for a URL none covers; a Sub ID in the links', async () => {
	const merchants = (await readAll(MERCHANTS, 'limit=500')).data;
	const coupons = (await readAll(COUPONS, 'limit=500&isActive=true')).data;
	const withCoupons = merchants.find((m) => coupons.some((c) => c.merchantId === m.merchantId))!;
	const iris = [`https://www.${String(withCoupons.defaultDomain)}/product/1?a=1,2`, 'https://nobody.example/x'];
	const res = await call(SEARCH, { body: { iris: [...iris, iris[0]], subId: 'mail_1' } });
	expect(res.status).toBe(200);
	expect(Object.keys(res.body)).toEqual(['data']);
	expect(res.body.data.map((entry) => entry.iri)).toEqual(iris);
	const found = res.body.data[0].coupons as Row[];
	expect(found.map((c) => c.couponId).sort()).toEqual(coupons.filter((c) => c.merchantId === withCoupons.merchantId).map((c) => c.couponId).sort());
	for (const coupon of found) expect(fieldProblems(coupon, SEARCH_COUPON)).toEqual([]);
	expect(found.every((c) => (c.trackingLink as string).endsWith('?s=mail_1'))).toBe(true);
	expect(res.body.data[1].coupons).toEqual([]);

	for (const [body, property] of [
		[{ iris: [] }, 'iris'],
		[{ iris: ['ftp://x.example/'] }, 'iris'],
		[{ iris: ['https://x.example/'], subId: 'a b' }, 'subId'],
		[{ iris: ['https://x.example/'], categoryIds: ['40'] }, 'categoryIds'],
	] as const) {
		const refused = await call(SEARCH, { body });
		expect(refused.status).toBe(400);
		expect(refused.body).toEqual({ errors: [expect.objectContaining({ meta: { property } })] });
	}
});
