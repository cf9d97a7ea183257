/** The pure decisions of the merchant and coupon reads and the coupon search (nodes/shared/monetize), as plain tables. */
import type { IDataObject } from 'n8n-workflow';
import {
	couponProblem,
	putQueryArray,
	queryArray,
	couponsPerIri,
	searchAnswerProblem,
	searchBody,
	searchGroupKey,
	spreadCoupons,
} from '../../nodes/shared/monetize';

test('lists go into the query indexed, as chosen, or repeated; either form reads back in order', () => {
	const indexed = {};
	putQueryArray(indexed, 'languageCodes', ['en', 'de']);
	expect(indexed).toEqual({ 'languageCodes[0]': 'en', 'languageCodes[1]': 'de' });
	const repeated = {};
	putQueryArray(repeated, 'languageCodes', ['en', 'de'], 'repeat');
	expect(repeated).toEqual({ languageCodes: ['en', 'de'] });
	expect(queryArray(indexed, 'languageCodes')).toEqual(['en', 'de']);
	expect(queryArray(repeated, 'languageCodes')).toEqual(['en', 'de']);
	expect(queryArray({}, 'languageCodes')).toBeUndefined();
	putQueryArray(indexed, 'countryCodes', []);
	expect(Object.keys(indexed)).toHaveLength(2);
});

const coupon = { couponId: 'a', isActive: true, startDate: '2026-01-10T00:00:00.000Z', endDate: null, updatedAt: '2026-01-05T00:00:00.000Z', languageCodes: ['en'], countryCodes: [], categoryIds: [40] };

test.each([
	['no end passes Ends After', { endDateAfter: '2030-01-01T00:00:00.000Z' }, undefined],
	['an empty country list passes Country Codes', { 'countryCodes[0]': 'DE' }, undefined],
	['a language asked in another case passes', { 'languageCodes[0]': 'EN' }, undefined],
	['a start within a day of Starts Before passes', { startDateBefore: '2026-01-09T01:00:00.000Z' }, undefined],
	['a start a day and more after fails', { startDateBefore: '2026-01-08T23:59:59.000Z' }, 'has "startDate" "2026-01-10T00:00:00.000Z", after Starts Before (2026-01-08T23:59:59.000Z) by more than a day'],
	['Updated At To', { updatedAtTo: '2026-01-01T00:00:00.000Z' }, 'has "updatedAt" "2026-01-05T00:00:00.000Z", after Updated At To (2026-01-01T00:00:00.000Z) by more than a day'],
	['Category IDs, repeated form', { categoryIds: ['5', '12'] }, 'has "categoryIds" [40], none of which the Category IDs filter asked for (5, 12)'],
	['Active Only on an inactive one', { isActive: 'true' }, undefined],
])('a coupon and %s', (_label, qs, problem) => {
	expect(couponProblem(coupon, { qs })).toBe(problem);
	expect(couponProblem({ ...coupon, isActive: false }, { qs: { isActive: 'true' } })).toBe('has "isActive" false, where Active Only asked for active coupons only');
});

test('a search group ignores the lists’ order; its body sends each URL once and category IDs as numbers', () => {
	const key = searchGroupKey({ languageCodes: ['de', 'en'], categoryIds: ['72', '40'], subId: 's1', leftOut: 'fail' });
	expect(searchGroupKey({ languageCodes: ['en', 'de'], categoryIds: ['40', '72'], subId: 's1', leftOut: 'fail' })).toBe(key);
	expect(searchGroupKey({ languageCodes: ['en', 'de'], categoryIds: ['40', '72'], leftOut: 'fail' })).not.toBe(key);
	expect(searchBody(key, ['https://a.example/', 'https://b.example/', 'https://a.example/'])).toEqual({
		iris: ['https://a.example/', 'https://b.example/'],
		languageCodes: ['de', 'en'],
		categoryIds: [40, 72],
		subId: 's1',
	});
	expect(searchBody(searchGroupKey({ languageCodes: [], categoryIds: [], leftOut: 'fail' }), ['https://a.example/'])).toEqual({ iris: ['https://a.example/'] });
});

const asked = { body: { iris: ['https://a.example/', 'https://b.example/'] } };
const entry = (iri: string, coupons: IDataObject[] = []) => ({ iri, coupons });
test.each([
	['every URL, in another order', { data: [entry('https://b.example/'), entry('https://a.example/', [{ couponId: 'c' }])] }, undefined],
	[
		'a URL missing',
		{ data: [entry('https://a.example/')] },
		'it holds no entry for "https://b.example/" (1 of the 2 URLs asked); if the service leaves out the URLs it has no coupons for, set Options → URLs Left Out of the Answer to "Output No Coupons"',
	],
	['a URL written back in another form', { data: [entry('https://A.example'), entry('https://b.example/')] }, undefined],
	['a URL twice', { data: [entry('https://a.example/'), entry('https://a.example/'), entry('https://b.example/')] }, 'it lists "https://a.example/" twice (entry 2 of "data")'],
	['a URL not asked', { data: [entry('https://a.example/'), entry('https://b.example/'), entry('https://c.example/')] }, 'entry 3 of "data" is for "https://c.example/", which was not asked'],
	['no data', { meta: {} }, 'it has no "data" list'],
	['coupons not a list', { data: [{ iri: 'https://a.example/', coupons: null }] }, 'data[0] ("https://a.example/") has no "coupons" list (it is null)'],
	['a coupon in a language not asked', { data: [entry('https://a.example/', [{ couponId: 'c', languageCodes: ['pl'] }]), entry('https://b.example/')] }, 'data[0].coupons[0] has "languageCodes" ["pl"], none of which the Language Codes filter asked for (de)'],
])('a search answer with %s', (_label, answer, problem) => {
	const body = _label.startsWith('a coupon in') ? { ...asked.body, languageCodes: ['de'] } : asked.body;
	expect(searchAnswerProblem(answer, { body })).toBe(problem);
});

test('a URL left out of a search answer, read as no coupons when so chosen; an unknown URL is still refused', () => {
	expect(searchAnswerProblem({ data: [entry('https://a.example/')] }, asked, 'nothingFound')).toBeUndefined();
	expect(couponsPerIri({ data: [entry('https://a.example/', [{ couponId: 'c' }])] }, ['https://b.example/', 'https://a.example/'], 'nothingFound')).toEqual([[], [{ couponId: 'c' }]]);
	expect(searchAnswerProblem({ data: [entry('https://c.example/')] }, asked, 'nothingFound')).toBe('entry 1 of "data" is for "https://c.example/", which was not asked');
});

test('each URL item becomes one item per coupon, paired as its URL was; a URL without coupons none; an error item stays', () => {
	const found = new WeakSet<object>();
	const urlItem = (iri: string, coupons: object[], item: number) => {
		const json = { iri, coupons };
		found.add(json);
		return { json, pairedItem: { item } };
	};
	const error = { json: { error: 'refused' }, pairedItem: { item: 1 } };
	const out = spreadCoupons([urlItem('https://a.example/', [{ couponId: 'x', iri: 'wrong' }, { couponId: 'y' }], 0), error, urlItem('https://b.example/', [], 2)], found);
	expect(out).toEqual([
		{ json: { iri: 'https://a.example/', couponId: 'x' }, pairedItem: { item: 0 } },
		{ json: { iri: 'https://a.example/', couponId: 'y' }, pairedItem: { item: 0 } },
		error,
	]);
	expect(Object.keys(out[0].json)[0]).toBe('iri');
});
