/** Plain table tests of the pure rules behind Deeplink → Create: the answer's check, its two shapes, the groups, the sub IDs and the URLs. */
import { planBatches } from '../../nodes/shared/batching';
import {
	DEEPLINK_SUB_IDS,
	URLS_PER_DEEPLINK_REQUEST,
	deeplinkAnswerViolation,
	deeplinkGroup,
	deeplinkItem,
	percentNulAt,
	readDeeplinks,
	urlsAsked,
} from '../../nodes/shared/deeplinks';
import { targetUrlEntries, targetUrlProblem } from '../../nodes/shared/validation/targetUrls';

const LINK = 'https://ad.admitad.com/goto/0123456789abcdef0123456789abcd/?ulp=https%3A%2F%2Fshop.example%2F';
const asked = (count: number) => ({ qs: { ulp: Array.from({ length: count }, (_, index) => `https://shop.example/${index}`) } });

describe('the deeplink answer', () => {
	test.each<[string, unknown, number | string, string | undefined]>([
		['the docs shape', [{ link: LINK, is_affiliate_product: null }, { link: LINK, is_affiliate_product: true }], 2, undefined],
		['without is_affiliate_product', [{ link: LINK }], 1, undefined],
		['bare links (a 2024 test body)', [LINK, LINK], 2, undefined],
		['one ulp sent as a single value', [LINK], 'https://shop.example/', undefined],
		['a link short', [LINK], 2, 'it holds 1 link for the 2 URLs asked (ulp); links cannot be paired with URLs without shifting them'],
		['a link too many', [LINK, LINK, LINK], 2, 'it holds 3 links for the 2 URLs asked (ulp)'],
		['an empty array', [], 1, 'it holds 0 links for the 1 URL asked (ulp)'],
		['an object', { results: [LINK] }, 1, 'it is an object, not the array of links'],
		['a text', 'ok', 1, 'it is not a JSON array'],
		['an entry of neither shape', [LINK, 5], 2, 'the array[1] is neither a link as text nor an object with a "link"'],
		['an object without link', [{ url: LINK }], 1, 'the array[0] is not an object with a "link" text'],
		['a link that is no URL', [{ link: '/goto/abc/' }], 1, 'the array[0].link is not a link: it is not an absolute URL'],
		['a bare link that is empty', [''], 1, 'the array[0] is not a link: it is not an absolute URL'],
		['is_affiliate_product not a boolean', [{ link: LINK, is_affiliate_product: 'yes' }], 1, 'the array[0].is_affiliate_product is "yes", not true, false or null'],
		['the shapes mixed, text first', [LINK, { link: LINK }], 2, 'the array[1] is an object, while the array[0] is a link as text: the answer mixes its two shapes'],
		['the shapes mixed, object first', [{ link: LINK }, LINK], 2, 'the array[1] is a link as text, while the array[0] is an object: the answer mixes its two shapes'],
	])('%s', (_name, body, ulp, violation) => {
		const found = deeplinkAnswerViolation(body, typeof ulp === 'string' ? { qs: { ulp } } : asked(ulp));
		if (violation === undefined) expect(found).toBeUndefined();
		else expect(found).toContain(violation);
	});

	test('URLs asked: a repeated ulp, a single one, none', () => {
		expect(urlsAsked(asked(200))).toBe(200);
		expect(urlsAsked({ qs: { ulp: 'https://shop.example/' } })).toBe(1);
		expect(urlsAsked({ qs: {} })).toBe(0);
	});

	test('both shapes read as the same links; is_affiliate_product kept, null where not given', () => {
		expect(readDeeplinks([{ link: LINK, is_affiliate_product: false }, { link: LINK, is_affiliate_product: null }, { link: LINK }])).toEqual([
			{ link: LINK, isAffiliateProduct: false },
			{ link: LINK, isAffiliateProduct: null },
			{ link: LINK, isAffiliateProduct: null },
		]);
		expect(readDeeplinks([LINK])).toEqual([{ link: LINK, isAffiliateProduct: null }]);
		expect(deeplinkItem({ link: LINK, isAffiliateProduct: true }, 'https://shop.example/')).toEqual({ url: 'https://shop.example/', link: LINK, is_affiliate_product: true });
	});
});

describe('groups and requests', () => {
	const target = (subIds: Record<string, string>, programId = '6115') => ({ adSpaceId: '1021', programId, subIds });

	test('same ad space, program and sub IDs (in any order) share a group; any difference is another', () => {
		expect(deeplinkGroup(target({ subid: 'a', subid4: 'b' }))).toBe(deeplinkGroup(target({ subid4: 'b', subid: 'a' })));
		expect(deeplinkGroup(target({ subid: 'a' }))).not.toBe(deeplinkGroup(target({ subid1: 'a' })));
		expect(deeplinkGroup(target({ subid: 'a' }))).not.toBe(deeplinkGroup(target({ subid: 'a' }, '7204')));
		expect(deeplinkGroup(target({}))).not.toBe(deeplinkGroup(target({ subid: '' })));
	});

	test('1,000 URLs of one group over 40 items: 5 requests of 200; two groups never share one', () => {
		const items = Array.from({ length: 40 }, (_, itemIndex) => ({ itemIndex, read: { group: 'g', values: Array.from({ length: 25 }, (_, n) => `${itemIndex}-${n}`) } }));
		expect(planBatches(items, URLS_PER_DEEPLINK_REQUEST).map((batch) => batch.values.length)).toEqual([200, 200, 200, 200, 200]);
		const two = items.map((item) => ({ ...item, read: { ...item.read, group: item.itemIndex % 2 ? 'odd' : 'even' } }));
		expect(planBatches(two, URLS_PER_DEEPLINK_REQUEST).map((batch) => [batch.group, batch.values.length])).toEqual([
			['even', 200],
			['even', 200],
			['even', 100],
			['odd', 200],
			['odd', 200],
			['odd', 100],
		]);
	});
});

describe('sub IDs and URLs', () => {
	test('the documented limits: 50 for subid…subid3, 120 for subid4', () => {
		expect(DEEPLINK_SUB_IDS.map((field) => [field.query, field.label, field.max])).toEqual([
			['subid', 'Sub ID', 50],
			['subid1', 'Sub ID 1', 50],
			['subid2', 'Sub ID 2', 50],
			['subid3', 'Sub ID 3', 50],
			['subid4', 'Sub ID 4', 120],
		]);
	});

	test.each<[string, number | undefined]>([
		['news', undefined],
		['%00', 1],
		['ab%00', 3],
		['%0', undefined],
		['%2500', undefined],
	])('%%00 in %j: at %p', (text, at) => expect(percentNulAt(text)).toBe(at));

	test.each<[string, string | undefined]>([
		['https://shop.example/p?a=1,2', undefined],
		['http://shop.example', undefined],
		['ftp://shop.example/', 'is a ftp URL, not http or https'],
		['shop.example/p', 'is not an absolute URL (it needs http:// or https:// and a host)'],
		['/p/1', 'is not an absolute URL (it needs http:// or https:// and a host)'],
		['https://shop.example/%00', 'holds "%00" (a NUL), which the service refuses'],
		['https://shop.example/\u0000', 'holds a control character (U+0000) at character 22'],
		['mailto:a@shop.example', 'is a mailto URL, not http or https'],
		['https://a.example/x https://b.example/y', 'holds a space; put each URL on its own line'],
	])('target %j', (text, problem) => expect(targetUrlProblem(text)).toBe(problem));

	test('entries: lines of a text (never split on commas) or an array\'s entries, empty ones dropped, positions as given', () => {
		expect(targetUrlEntries('https://a.example/?x=1,2\n\n https://b.example/ \r\nhttps://c.example/')).toEqual([
			{ position: 1, entry: 'https://a.example/?x=1,2' },
			{ position: 3, entry: 'https://b.example/' },
			{ position: 4, entry: 'https://c.example/' },
		]);
		expect(targetUrlEntries(['https://a.example/', '', 5])).toEqual([
			{ position: 1, entry: 'https://a.example/' },
			{ position: 3, entry: 5 },
		]);
		expect(targetUrlEntries('')).toEqual([]);
	});
});
