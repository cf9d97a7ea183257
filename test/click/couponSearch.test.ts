/**
 * Click Report → Coupon → Search through n8n-core against the sandbox: items searching alike share
 * requests of at most 100 URLs, each coupon paired back to its item with the URL it was found for,
 * an answer that does not hold exactly the URLs asked an error naming the request, a POST never
 * retried, refused fields named before any request (docs/nodes.md, Coupon).
 */
import type { IDataObject } from 'n8n-workflow';

import { everyRecord, MERCHANTS_PATH, requestsTo, runClick, SEARCH_PATH, searchDirectly, useMonetizeSandbox } from './monetizeFixture';

const sandbox = useMonetizeSandbox();
const search = (input: IDataObject[], parameters: Record<string, unknown> = {}, continueOnFail = false) =>
	runClick(sandbox(), 'coupon', 'search', { iris: '={{ $json.urls }}', ...parameters } as never, { input: input.map((json) => ({ json })), continueOnFail });

let shopUrls: string[] = [];
beforeAll(async () => {
	// One product URL per merchant, on its domain: most find coupons, some none.
	const merchants = await everyRecord(sandbox(), MERCHANTS_PATH);
	shopUrls = merchants.slice(0, 260).map((merchant, index) => `https://www.${String(merchant.defaultDomain)}/p/${index}?colour=red,blue`);
});

const bodies = () => requestsTo(sandbox(), SEARCH_PATH).length;

test('items searching alike share requests of at most 100 URLs; each coupon comes back to its item with its URL', async () => {
	const found = await searchDirectly(sandbox(), { iris: shopUrls.slice(200) });
	const withCoupons = found.find((entry) => entry.coupons.length > 0)!.iri;
	const input = [{ urls: shopUrls.slice(0, 150).join('\n') }, { urls: shopUrls.slice(150, 200) }, { urls: `${withCoupons}\n\nhttps://nobody.example/x` }];
	sandbox().resetRequests();
	const result = await search(input, { subId: 'news_1' });
	expect(result.error).toBeUndefined();
	// 202 URLs, one group: 3 requests of 100, 100 and 2.
	expect(bodies()).toBe(3);

	const truth = await searchDirectly(sandbox(), { iris: [...shopUrls.slice(0, 200), withCoupons, 'https://nobody.example/x'], subId: 'news_1' });
	const expected = truth.flatMap(({ iri, coupons }) => coupons.map((coupon) => ({ iri, ...coupon })));
	expect(expected.length).toBeGreaterThan(100);
	expect(result.items.map((item) => item.json)).toEqual(expected);
	const itemOf = (iri: string) => input.findIndex((entry) => (Array.isArray(entry.urls) ? entry.urls : entry.urls.split('\n')).includes(iri));
	for (const item of result.items) expect(item.pairedItem).toEqual({ item: itemOf(item.json.iri as string) });
	expect(new Set(result.items.map((item) => JSON.stringify(item.pairedItem)))).toEqual(new Set(['{"item":0}', '{"item":1}', '{"item":2}']));
});

test('other Sub IDs or filters search apart; one URL in two items is found for both', async () => {
	const url = shopUrls.find(Boolean)!;
	sandbox().resetRequests();
	const result = await search([{ urls: url }, { urls: url }, { urls: url, sub: 'b' }, { urls: url, lang: 'en' }], {
		subId: '={{ $json.sub ?? "" }}',
		filters: { languageCodes: '={{ $json.lang ?? "" }}' },
	});
	expect(result.error).toBeUndefined();
	const sent = requestsTo(sandbox(), SEARCH_PATH);
	expect(sent).toHaveLength(3);
	expect(result.items.filter((item) => (item.pairedItem as { item: number }).item === 0).length).toBe(result.items.filter((item) => (item.pairedItem as { item: number }).item === 1).length);
});

test('a 500 to a search is not tried again: one request, an error naming it', async () => {
	sandbox().injectFault({ kind: 'status', status: 500, api: 'click', pathPrefix: SEARCH_PATH });
	const result = await search([{ urls: shopUrls.slice(0, 3) }]);
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toContain('500');
	expect(bodies()).toBe(1);
});

test.each([
	['a URL left out', { key: 'data', value: [] }, 'it holds no entry for'],
	['a URL not asked for', { key: 'data.0.iri', value: 'https://other.example/' }, 'entry 1 of "data" is for "https://other.example/", which was not asked'],
	['a coupon without its ID', { key: 'data.0.coupons', value: [{ name: 'x' }] }, 'data[0].coupons[0] has no "couponId" as text (it is undefined)'],
])('an answer with %s is an error naming the request, no coupon paired, sent once', async (_label, fault, problem) => {
	sandbox().injectFault({ kind: 'body', body: 'set', api: 'click', pathPrefix: SEARCH_PATH, ...fault });
	const result = await search([{ urls: shopUrls.slice(0, 2) }]);
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toContain(`POST ${SEARCH_PATH} answered HTTP 200, but not with coupons for each URL asked: ${problem}`);
	expect(bodies()).toBe(1);
});

test.each([
	['a Sub ID with a space', { subId: 'spring sale' }, 'Sub ID'],
	['a URL without http(s)', { iris: 'https://ok.example/\nwww.shop.example/p/1' }, 'URLs'],
	['no URL at all', { iris: '={{ $json.none ?? "" }}' }, 'URLs'],
	['a language code that is none', { iris: 'https://ok.example/', filters: { languageCodes: 'english' } }, 'Language Codes'],
])('%s is refused naming the field before any request, for any item', async (_label, parameters, field) => {
	const result = await search([{ urls: shopUrls[0] }, { urls: shopUrls[1] }], parameters);
	expect(result.error?.message).toContain(field);
	expect(bodies()).toBe(0);
});

test('with Continue On Fail a refused item is one error item, the others are searched and paired', async () => {
	const result = await search([{ urls: shopUrls[0] }, { urls: 'not a url' }, { urls: shopUrls.slice(1, 40) }], {}, true);
	expect(result.error).toBeUndefined();
	const failed = result.items.filter((item) => item.json.error !== undefined);
	expect(failed).toHaveLength(1);
	expect(failed[0].pairedItem).toEqual({ item: 1 });
	expect(String(failed[0].json.error)).toContain('URLs');
	expect(bodies()).toBe(1);
	expect(result.items.filter((item) => item.json.error === undefined).every((item) => (item.pairedItem as { item: number }).item !== 1)).toBe(true);
});
