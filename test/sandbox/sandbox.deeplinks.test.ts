// Conformance of GET /deeplink/{w_id}/advcampaign/{c_id}/ against
// ../shared/spec/published-api-facts.md sections 3, 7 and 12.1.

import { useSandbox } from '../harness/sandboxFixture';
import { sandboxHttp } from './http';

const sandbox = useSandbox({ clickItems: 50 }, { deeplinkShape: 'objects' });
const { partner, control } = sandboxHttp(sandbox);

const AD_SPACE = 1021;
const PROGRAM = 6115;
const path = (query: string, adSpace = AD_SPACE, program = PROGRAM) => `/deeplink/${adSpace}/advcampaign/${program}/?${query}`;
const ulps = (count: number) => Array.from({ length: count }, (_, index) => `ulp=${encodeURIComponent(`https://shop.example/p/${index}?a=1,2`)}`).join('&');

describe('deeplinks (published-api-facts.md section 3)', () => {
	test('the docs shape: one {link, is_affiliate_product} per ulp, in request order, links made from the inputs', async () => {
		const res = await partner(path(`subid=news&subid4=${'x'.repeat(120)}&${ulps(3)}`));
		expect(res.status).toBe(200);
		expect(res.body).toHaveLength(3);
		res.body.forEach((entry: { link: string; is_affiliate_product: unknown }, index: number) => {
			expect(Object.keys(entry)).toEqual(['link', 'is_affiliate_product']);
			expect(entry.is_affiliate_product).toBeNull();
			expect(entry.link).toMatch(/^https:\/\/ad\.admitad\.com\/goto\/[0-9a-f]{30}\/\?subid=news&subid4=x{120}&ulp=/);
			expect(new URL(entry.link).searchParams.get('ulp')).toBe(`https://shop.example/p/${index}?a=1,2`);
		});
		// Deterministic: the same request, the same links.
		expect((await partner(path(`subid=news&subid4=${'x'.repeat(120)}&${ulps(3)}`))).body).toEqual(res.body);
	});

	test('config deeplinkShape "strings": a bare array of the same links', async () => {
		const objects = (await partner(path(ulps(4)))).body.map((entry: { link: string }) => entry.link);
		expect((await control('config', 'POST', { deeplinkShape: 'strings' })).status).toBe(200);
		expect((await partner(path(ulps(4)))).body).toEqual(objects);
		expect((await control('config', 'POST', { deeplinkShape: 'tuples' })).body.error).toBe('deeplinkShape must be "objects" or "strings"');
	});

	test('200 ulp are taken, 201 are refused, and no ulp at all', async () => {
		expect((await partner(path(ulps(200)))).body).toHaveLength(200);
		expect(await partner(path(ulps(201)))).toMatchObject({ status: 400, body: { ulp: ['Ensure this field has no more than 200 elements.'] } });
		expect(await partner(path('subid=a'))).toMatchObject({ status: 400, body: { ulp: ['This field is required.'] } });
		expect(await partner(path('ulp=shop.example%2Fp'))).toMatchObject({ status: 400, body: { ulp: ['Enter a valid URL.'] } });
	});

	test('200 product URLs of 100 characters (a 28 KB request line) are answered, not refused for their length', async () => {
		const long = Array.from({ length: 200 }, (_, index) => `ulp=${encodeURIComponent(`https://www.shop-example.com/catalog/women/shoes/sneakers/product-${index}-white-leather?utm_source=partner&size=38,39`)}`).join('&');
		expect(long.length).toBeGreaterThan(28_000);
		const res = await partner(path(long));
		expect(res.status).toBe(200);
		expect(res.body).toHaveLength(200);
	});

	test('sub IDs: 50 characters (subid…subid3), 120 (subid4), no %00, every bad field in one 400', async () => {
		expect((await partner(path(`subid=${'a'.repeat(50)}&subid3=${'a'.repeat(50)}&${ulps(1)}`))).status).toBe(200);
		const res = await partner(path(`subid1=${'a'.repeat(51)}&subid4=${'a'.repeat(121)}&subid2=a%00b&subid3=a%2500b&${ulps(1)}`));
		expect(res).toMatchObject({
			status: 400,
			body: {
				subid1: ['Ensure this field has no more than 50 characters.'],
				subid2: ['Null characters are not allowed.'],
				subid3: ['Null characters are not allowed.'],
				subid4: ['Ensure this field has no more than 120 characters.'],
			},
		});
		expect(await partner(path(`ulp=${encodeURIComponent('https://shop.example/%00')}`))).toMatchObject({ status: 400, body: { ulp: ['Null characters are not allowed.'] } });
	});

	test('an ad space not the account\'s, or a program the sandbox does not know: 404', async () => {
		expect((await partner(path(ulps(1), 999))).status).toBe(404);
		expect((await partner(path(ulps(1), AD_SPACE, 999))).status).toBe(404);
	});

	test('the deeplink_generator scope (section 7)', async () => {
		expect((await partner(path(ulps(1)), { token: sandbox().tokens.publicDataOnly })).status).toBe(403);
	});
});
