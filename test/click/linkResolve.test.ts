/** Click Report → Link → Resolve: batched across items, each link paired with its URL and item, retried as a read, uncovered URLs kept. */
import { URLS_PER_REQUEST } from '../../nodes/shared/linkResolve';
import { startProxy, type FuzzProxy } from '../fuzz/proxy';
import { linkQuery, productUrl, resolveLinks, resolveRequests, useResolveSandbox } from './linkResolveFixture';

const sandbox = useResolveSandbox();
let proxy: FuzzProxy;
beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => proxy.close());
const sentBody = (request: { json?: unknown }) => request.json as { iris: string[]; subId?: string; withImages?: boolean };

/** 1,000 URLs over 40 items of 1 to 49 URLs, one in seven of no program; item i's URLs in order. */
function thousandUrls(): string[][] {
	const items: string[][] = [];
	let next = 0;
	for (let item = 0; next < 1000; item++) {
		const count = Math.min(1 + ((item * 17) % 49), 1000 - next);
		items.push(Array.from({ length: count }, (_, offset) => productUrl(next + offset, (next + offset) % 7 === 3)));
		next += count;
	}
	return items;
}

describe('Link → Resolve', () => {
	test(`1,000 URLs across many items: ⌈1000/${URLS_PER_REQUEST}⌉ requests, one output per URL, paired with its item, in order`, async () => {
		const items = thousandUrls();
		expect(items.length).toBeGreaterThan(30);
		const result = await resolveLinks(
			sandbox(),
			items.map((urls) => ({ urls: urls.join('\n'), subId: 'sheet_Nov-A' })),
		);
		expect(result.error).toBeUndefined();

		const requests = resolveRequests(sandbox());
		expect(requests).toHaveLength(Math.ceil(1000 / URLS_PER_REQUEST));
		expect(requests.map((request) => request.method)).toEqual(requests.map(() => 'PUT'));
		expect(requests.map((request) => sentBody(request).iris.length)).toEqual(requests.map(() => URLS_PER_REQUEST));
		// Each request 100 consecutive URLs in input order, each with the one sub ID; with 3 requests
		// in flight they may reach the service in any order.
		const all = items.flat();
		const byFirstUrl = [...requests].sort((a, b) => all.indexOf(sentBody(a).iris[0]) - all.indexOf(sentBody(b).iris[0]));
		expect(byFirstUrl.flatMap((request) => sentBody(request).iris)).toEqual(all);
		expect(requests.every((request) => sentBody(request).subId === 'sheet_Nov-A' && sentBody(request).withImages === undefined)).toBe(true);

		const expected = items.flatMap((urls, item) => urls.map((url) => ({ url, item })));
		expect(result.items).toHaveLength(1000);
		result.items.forEach((output, index) => {
			const { url, item } = expected[index];
			expect(output.pairedItem).toEqual({ item });
			expect(output.json.url).toBe(url);
			expect(output.json.iri).toBe(url);
			if (url.includes('no-program')) {
				expect(output.json).toEqual({ url, resolved: false, iri: url, trackingLink: null });
			} else {
				expect(output.json.resolved).toBe(true);
				expect(String(output.json.trackingLink)).toMatch(/^https:\/\/tatrck\.com\/h\/[0-9A-Za-z]{12}\?/);
				expect(Object.fromEntries(linkQuery(output.json.trackingLink))).toEqual({ s: 'sheet_Nov-A', url });
			}
		});
	});

	test('items with other sub IDs or With Images go in requests of their own: one sub ID per request', async () => {
		const subIds = ['alpha', 'beta', '', 'alpha', 'beta', ''];
		const inputs = subIds.map((subId, item) => ({ urls: Array.from({ length: 70 }, (_, n) => productUrl(item * 100 + n)), subId }));
		const result = await resolveLinks(sandbox(), inputs);
		expect(result.error).toBeUndefined();
		// 140 URLs per group: two requests each (several in flight: they may arrive in any order).
		const sent = resolveRequests(sandbox()).map((request) => `${sentBody(request).subId ?? '(none)'} ${sentBody(request).iris.length}`);
		expect(sent.sort()).toEqual(['(none) 100', '(none) 40', 'alpha 100', 'alpha 40', 'beta 100', 'beta 40']);
		result.items.forEach((output, index) => {
			const item = Math.floor(index / 70);
			expect(output.pairedItem).toEqual({ item });
			expect(output.json.url).toBe(inputs[item].urls[index % 70]);
			expect(linkQuery(output.json.trackingLink).get('s')).toBe(subIds[item] === '' ? null : subIds[item]);
		});

		sandbox().resetRequests();
		const images = await resolveLinks(sandbox(), [{ urls: [productUrl(1), productUrl(2, true)] }], { parameters: { options: { withImages: true } } });
		expect(images.items.map((item) => item.json.imageUrl)).toEqual(['https://images.takeads.example/merchants/41002.png', null]);
		expect(sentBody(resolveRequests(sandbox())[0])).toEqual({ iris: [productUrl(1), productUrl(2, true)], withImages: true });
	});

	test('a URL given twice is sent once and answered for both places', async () => {
		const twice = productUrl(5);
		const result = await resolveLinks(sandbox(), [{ urls: [twice, productUrl(6)] }, { urls: twice }]);
		expect(sentBody(resolveRequests(sandbox())[0]).iris).toEqual([twice, productUrl(6)]);
		expect(result.items.map((item) => [item.pairedItem, item.json.url])).toEqual([
			[{ item: 0 }, twice],
			[{ item: 0 }, productUrl(6)],
			[{ item: 1 }, twice],
		]);
		expect(result.items[2].json.trackingLink).toBe(result.items[0].json.trackingLink);
	});

	test('a 503 is retried, as a read is: sent twice, one output per URL, in order though a later request was answered first', async () => {
		// Three requests in flight; the first answered 503, then again after the other two.
		sandbox().injectFault({ kind: 'status', status: 503, pathPrefix: '/v1/product/monetize-api/v2/resolve', count: 1 });
		const urls = Array.from({ length: 250 }, (_, n) => productUrl(n, n % 5 === 0));
		const result = await resolveLinks(sandbox(), [{ urls: urls.join('\n') }]);
		expect(result.error).toBeUndefined();
		const requests = resolveRequests(sandbox());
		expect(requests.map((request) => request.status)).toEqual([503, 200, 200, 200]);
		// The 503 came before the handler read the body; the retry carries the first hundred.
		expect(requests.slice(1).map((request) => sentBody(request).iris[0])).toEqual([urls[100], urls[200], urls[0]]);
		expect(result.items.map((item) => item.json.url)).toEqual(urls);
		for (const item of result.items) {
			if (item.json.resolved) expect(linkQuery(item.json.trackingLink).get('url')).toBe(item.json.url);
		}
	});

	test('a 500 is not retried, as for a GET (README, "Guarantees"): one request, an error naming it', async () => {
		sandbox().injectFault({ kind: 'status', status: 500, pathPrefix: '/v1/product/monetize-api/v2/resolve', count: 1 });
		const result = await resolveLinks(sandbox(), [{ urls: productUrl(1) }]);
		expect(resolveRequests(sandbox())).toHaveLength(1);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('PUT /v1/product/monetize-api/v2/resolve');
	});

	test('a URL no program covers: resolved false and trackingLink null, never dropped, the others resolved', async () => {
		const urls = [productUrl(1), productUrl(2, true), productUrl(3)];
		const result = await resolveLinks(sandbox(), [{ urls }]);
		expect(result.items.map((item) => [item.json.url, item.json.resolved, item.json.trackingLink === null])).toEqual([
			[urls[0], true, false],
			[urls[1], false, true],
			[urls[2], true, false],
		]);
	});
});

describe('answers that cannot be paired whole are refused, nothing output', () => {
	test('the sandbox leaving out a URL no program covers (resolveUncovered "omitted") fails naming the request and the URL', async () => {
		sandbox().configure({ resolveUncovered: 'omitted' });
		const result = await resolveLinks(sandbox(), [{ urls: [productUrl(1), productUrl(2, true)] }, { urls: productUrl(3) }]);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(
			`PUT /v1/product/monetize-api/v2/resolve answered HTTP 200, but not with the links of the URLs asked: it holds no entry for "${productUrl(2, true)}" (1 of the 3 URLs asked); if the service leaves out the URLs no program covers, set Options → URLs Left Out of the Answer to "Output as Not Resolved" (5 attempts)`,
		);
	});

	test('with URLs Left Out of the Answer "Output as Not Resolved", the URL left out is output as not resolved, the others as answered', async () => {
		const urls = [productUrl(1), productUrl(2, true), productUrl(3)];
		const answered = await resolveLinks(sandbox(), [{ urls }]);
		sandbox().configure({ resolveUncovered: 'omitted' });
		const result = await resolveLinks(sandbox(), [{ urls }], { parameters: { options: { leftOutUrls: 'nothingFound' } } });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual(answered.items.map((item) => item.json));
		expect(result.items[1].json).toMatchObject({ url: productUrl(2, true), resolved: false, trackingLink: null });
	});

	test('an answer without its "data" once is read again: the output equals an undisturbed run, one request more', async () => {
		const urls = [productUrl(1), productUrl(2, true), productUrl(3)];
		const undisturbed = await resolveLinks(sandbox(), [{ urls }]);
		sandbox().resetRequests();
		sandbox().injectFault({ kind: 'body', body: 'drop', key: 'data', pathPrefix: '/v1/product/monetize-api/v2/resolve', count: 1 });
		const disturbed = await resolveLinks(sandbox(), [{ urls }]);
		expect(disturbed.error).toBeUndefined();
		expect(disturbed.items).toEqual(undisturbed.items);
		expect(resolveRequests(sandbox())).toHaveLength(2);
	});

	test('an answer one entry short (the last dropped) fails naming the request, nothing output', async () => {
		sandbox().injectFault({ kind: 'body', body: 'dropItem', pathPrefix: '/v1/product/monetize-api/v2/resolve' });
		const urls = Array.from({ length: 100 }, (_, n) => productUrl(n));
		const result = await resolveLinks(sandbox(), [{ urls }]);
		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toContain('PUT /v1/product/monetize-api/v2/resolve answered HTTP 200, but not with the links of the URLs asked:');
		expect(result.error?.message).toContain(`it holds no entry for "${urls[99]}" (1 of the 100 URLs asked)`);
	});

	test('an entry for a URL not asked fails, naming it', async () => {
		sandbox().injectFault({ kind: 'body', body: 'set', key: 'data.0.iri', value: 'https://shop-one.example/other', pathPrefix: '/v1/product/monetize-api/v2/resolve' });
		const result = await resolveLinks(sandbox(), [{ urls: [productUrl(0), productUrl(4)] }]);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('entry 1 of "data" is for "https://shop-one.example/other", which was not asked');
	});

	test('a trackingLink that is not an http(s) URL fails', async () => {
		sandbox().injectFault({ kind: 'body', body: 'set', key: 'data.1.trackingLink', value: '', pathPrefix: '/v1/product/monetize-api/v2/resolve' });
		const result = await resolveLinks(sandbox(), [{ urls: [productUrl(0), productUrl(4)] }]);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('has a "trackingLink" that is not an http(s) URL: ""');
	});
});

describe('a service that answers in another order, or writes the URLs back normalised', () => {
	test('each link still goes to its own URL: paired by iri, never by position', async () => {
		const shuffled = proxy.open({
			upstream: sandbox().clickUrl,
			api: 'click',
			budget: 5,
			labels: 'ordinal',
			rewrite: (answer) => {
				const body = JSON.parse(answer.text) as { data: Array<{ iri: string }> };
				const data = body.data.reverse().map((entry) => ({ ...entry, iri: entry.iri.replace('https://shop-one.example', 'https://SHOP-ONE.example:443') }));
				return { ...answer, text: JSON.stringify({ data }) };
			},
		});
		const urls = Array.from({ length: 12 }, (_, n) => productUrl(n, n === 7));
		const result = await resolveLinks(sandbox(), [{ urls: urls.slice(0, 5) }, { urls: urls.slice(5) }], { baseUrl: shuffled.baseUrl });
		expect(result.error).toBeUndefined();
		expect(shuffled.traffic.requests).toBe(1);
		expect(result.items.map((item) => item.json.url)).toEqual(urls);
		for (const item of result.items) {
			if (item.json.url === urls[7]) expect(item.json.resolved).toBe(false);
			else expect(linkQuery(item.json.trackingLink).get('url')).toBe(item.json.url);
		}
		// The service's iri is output as it came; url is what was asked.
		expect(result.items[0].json.iri).toBe(urls[0].replace('https://shop-one.example', 'https://SHOP-ONE.example:443'));
	});
});
