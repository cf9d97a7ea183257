/**
 * Click Report → Coupon → Get Many through n8n-core against the sandbox: every coupon once over the
 * cursor, a Limit, the filters as sent (lists PHP-style indexed, dates ISO 8601), a coupon outside
 * its filter or a repeating cursor an error naming the request (docs/nodes.md, Coupon).
 */
import { COUPONS_PATH, everyRecord, requestsTo, runClick, sentQuery, useMonetizeSandbox } from './monetizeFixture';

const sandbox = useMonetizeSandbox();
const readCoupons = (parameters: Record<string, unknown>) => runClick(sandbox(), 'coupon', 'getMany', parameters as never);
const onCoupons = { kind: 'body', api: 'click', method: 'GET', pathPrefix: COUPONS_PATH } as const;
const today = () => new Date().toISOString().slice(0, 10);

test('Return All over several pages of 500 outputs every coupon once, nullable fields null', async () => {
	const truth = await everyRecord(sandbox(), COUPONS_PATH);
	sandbox().resetRequests();
	const result = await readCoupons({ returnAll: true });
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json)).toEqual(truth);
	for (const key of ['code', 'endDate', 'description']) expect(result.items.some((item) => item.json[key] === null)).toBe(true);
	const pages = requestsTo(sandbox(), COUPONS_PATH).map(sentQuery);
	expect(pages.length).toBe(Math.ceil(truth.length / 500));
	expect(pages.length).toBeGreaterThanOrEqual(4);
	expect(pages.map((query) => query.get('limit'))).toEqual(pages.map(() => '500'));
});

test('a Limit returns that many, asking for no more than it needs', async () => {
	const truth = await everyRecord(sandbox(), COUPONS_PATH);
	sandbox().resetRequests();
	const result = await readCoupons({ returnAll: false, limit: 620 });
	expect(result.items.map((item) => item.json)).toEqual(truth.slice(0, 620));
	expect(requestsTo(sandbox(), COUPONS_PATH).map((request) => sentQuery(request).get('limit'))).toEqual(['500', '120']);
});

test('every filter sent as chosen: lists as languageCodes[0]=…, codes in the service case, dates as ISO 8601 instants', async () => {
	const filters = {
		isActive: true,
		languageCodes: 'DE, fr',
		countryCodes: ['de', 'AT'],
		categoryIds: '40\n72',
		startDateBefore: today(),
		endDateAfter: `${today()}T12:00:00Z`,
		updatedAtFrom: '2020-01-01',
		updatedAtTo: `${today()}T23:59:59.999Z`,
	};
	const result = await readCoupons({ returnAll: true, filters });
	expect(result.error).toBeUndefined();
	const [query] = requestsTo(sandbox(), COUPONS_PATH).map(sentQuery);
	expect([...query.entries()].filter(([key]) => key !== 'limit')).toEqual([
		['isActive', 'true'],
		['updatedAtFrom', '2020-01-01T00:00:00.000Z'],
		['updatedAtTo', `${today()}T23:59:59.999Z`],
		['startDateBefore', `${today()}T00:00:00.000Z`],
		['endDateAfter', `${today()}T12:00:00.000Z`],
		['languageCodes[0]', 'de'],
		['languageCodes[1]', 'fr'],
		['categoryIds[0]', '40'],
		['categoryIds[1]', '72'],
		['countryCodes[0]', 'DE'],
		['countryCodes[1]', 'AT'],
	]);
	// The sandbox takes the repeated form alike: the same coupons.
	const repeated = await everyRecord(sandbox(), COUPONS_PATH, [...query.entries()].filter(([key]) => key !== 'limit').map(([key, value]) => `${key.replace(/\[\d+\]$/, '')}=${value}`).join('&'));
	expect(result.items.length).toBeGreaterThan(0);
	expect(result.items.map((item) => item.json)).toEqual(repeated);
});

test.each([
	['an inactive coupon where Active Only asked', { key: 'data.0.isActive', value: false }, { isActive: true }, 'data[0] has "isActive" false, where Active Only asked for active coupons only'],
	['a coupon in none of the languages asked', { key: 'data.0.languageCodes', value: ['pl'] }, { languageCodes: 'de' }, 'data[0] has "languageCodes" ["pl"], none of which the Language Codes filter asked for (de)'],
	['a coupon of another category', { key: 'data.0.categoryIds', value: [5] }, { categoryIds: '40' }, 'data[0] has "categoryIds" [5], none of which the Category IDs filter asked for (40)'],
	[
		'a coupon starting after Starts Before',
		{ key: 'data.0.startDate', value: '2031-01-01T00:00:00.000Z' },
		{ startDateBefore: '2030-01-01' },
		'data[0] has "startDate" "2031-01-01T00:00:00.000Z", after Starts Before (2030-01-01T00:00:00.000Z) by more than a day',
	],
	[
		'a coupon that ended before Ends After',
		{ key: 'data.0.endDate', value: '2019-01-01T00:00:00.000Z' },
		{ endDateAfter: '2020-01-01' },
		'data[0] has "endDate" "2019-01-01T00:00:00.000Z", before Ends After (2020-01-01T00:00:00.000Z) by more than a day',
	],
	['a couponId that is not text', { key: 'data.0.couponId', value: 17 }, {}, 'data[0] has no "couponId" as text (it is 17)'],
])('%s is an error naming the filter and the request, nothing output', async (_label, fault, filters, problem) => {
	sandbox().injectFault({ ...onCoupons, body: 'set', ...fault });
	const result = await readCoupons({ returnAll: false, limit: 10, filters });
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toBe(`GET ${COUPONS_PATH} answered HTTP 200, but not with a page of coupons: ${problem} (5 attempts)`);
});

test('a coupon within a day of a date filter passes: the service may compare days', async () => {
	sandbox().injectFault({ ...onCoupons, body: 'set', key: 'data.0.startDate', value: '2030-01-01T20:00:00.000Z', count: 1 });
	const result = await readCoupons({ returnAll: false, limit: 3, filters: { startDateBefore: '2030-01-01', endDateAfter: '2020-01-01' } });
	expect(result.error).toBeUndefined();
	expect(result.items[0].json.startDate).toBe('2030-01-01T20:00:00.000Z');
});

test('a cursor that repeats one already sent is an error naming the request', async () => {
	const page = await fetch(`${sandbox().clickUrl}${COUPONS_PATH}?limit=500`, { headers: { authorization: `Bearer ${sandbox().publicKey}` } });
	const { meta } = (await page.json()) as { meta: { next: string } };
	sandbox().resetRequests();
	sandbox().injectFault({ ...onCoupons, body: 'set', key: 'meta.next', value: meta.next, count: 2 });
	const result = await readCoupons({ returnAll: true });
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toContain(`GET ${COUPONS_PATH} answered page 2 with the cursor`);
	expect(requestsTo(sandbox(), COUPONS_PATH)).toHaveLength(2);
});

test('refused filters are named before any request, every one at once', async () => {
	const result = await readCoupons({ returnAll: true, filters: { languageCodes: 'english', countryCodes: 'USA', categoryIds: 'shoes', updatedAtFrom: '2026-02-01', updatedAtTo: '2026-01-01' } });
	expect(result.error?.message).toMatch(/\(and 3 more: see below\)$/);
	for (const field of ['Updated At To', 'Language Codes', 'Category IDs', 'Country Codes']) expect(`${result.error?.message} ${result.error?.description}`).toContain(field);
	expect(requestsTo(sandbox(), COUPONS_PATH)).toHaveLength(0);
});
