/**
 * Deeplink → Create through real n8n-core against the sandbox: URLs of all input items batched
 * into requests of up to 200 per ad space, program and sub IDs, each link paired back to its
 * item, in both answer shapes; every rule checked before any request.
 */
import type { IDataObject, INodeCredentials, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startProxy, type FuzzProxy } from '../fuzz/proxy';
import { partnerSandbox } from '../harness/partnerSandbox';
import { addCredential, runNode } from '../harness/run';

const AD_SPACE = '1021';
const PROGRAM = '6115';
const partner = partnerSandbox({}, { deeplinkShape: 'objects' });
let proxy: FuzzProxy;

beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => proxy.close());

/** Input items each carrying its own URLs (`json.urls`), read by the URLs field's expression. */
function itemsWithUrls(urlCounts: number[], extra: (itemIndex: number) => IDataObject = () => ({})): INodeExecutionData[] {
	let next = 0;
	return urlCounts.map((count, itemIndex) => ({
		json: { urls: Array.from({ length: count }, () => `https://shop.example/p/${next++}?size=m,l`), ...extra(itemIndex) },
	}));
}

async function create(
	input: INodeExecutionData[],
	parameters: INodeParameters = {},
	options: { credentials?: INodeCredentials; continueOnFail?: boolean } = {},
) {
	return await runNode(
		{
			type: 'affiliatePartner',
			typeVersion: 1.3,
			parameters: { resource: 'deeplink', operation: 'create', adSpaceId: AD_SPACE, programId: PROGRAM, urls: '={{ $json.urls }}', ...parameters },
			credentials: options.credentials ?? partner.credentials,
			continueOnFail: options.continueOnFail,
		},
		input,
	);
}

const deeplinkRequests = () => partner.sandbox.requests.filter((request) => request.path.startsWith('/deeplink/'));
const ulpCounts = () => deeplinkRequests().map((request) => new URLSearchParams(request.rawQuery).getAll('ulp').length);
const expectedUrls = (input: INodeExecutionData[]) => input.flatMap((item, itemIndex) => (item.json.urls as string[]).map((url) => ({ url, itemIndex })));

describe('Deeplink → Create', () => {
	test('one item per URL, paired with its input item; both answer shapes give the same items', async () => {
		const input = itemsWithUrls([2, 1, 3]);
		const asObjects = await create(input, { subIds: { subId: 'news', subId4: 'x'.repeat(120) } });
		expect(asObjects.error).toBeUndefined();
		expect(asObjects.items.map((item) => ({ url: item.json.url, itemIndex: (item.pairedItem as { item: number }).item }))).toEqual(expectedUrls(input));
		for (const item of asObjects.items) {
			expect(Object.keys(item.json)).toEqual(['url', 'link', 'is_affiliate_product']);
			expect(item.json.is_affiliate_product).toBeNull();
			const link = new URL(String(item.json.link));
			expect(link.searchParams.get('ulp')).toBe(item.json.url);
			expect(link.searchParams.get('subid')).toBe('news');
		}
		expect(ulpCounts()).toEqual([6]);

		partner.sandbox.configure({ deeplinkShape: 'strings' });
		const asStrings = await create(input, { subIds: { subId: 'news', subId4: 'x'.repeat(120) } });
		expect(asStrings.error).toBeUndefined();
		expect(asStrings.items).toEqual(asObjects.items);
	});

	test('URLs typed one per line (commas kept inside a URL), empty lines skipped', async () => {
		const result = await create([{ json: {} }], { urls: 'https://shop.example/a?x=1,2\n\n  https://shop.example/b  \r\nhttps://shop.example/c' });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.url)).toEqual(['https://shop.example/a?x=1,2', 'https://shop.example/b', 'https://shop.example/c']);
	});

	test('1,000 URLs over 40 items: exactly 5 requests of 200, every link back on its item, in order', async () => {
		const input = itemsWithUrls(Array.from({ length: 40 }, (_, index) => [7, 43, 25, 1, 49][index % 5]));
		expect(expectedUrls(input)).toHaveLength(1000);
		const result = await create(input);
		expect(result.error).toBeUndefined();
		expect(ulpCounts()).toEqual([200, 200, 200, 200, 200]);
		expect(deeplinkRequests().map((request) => request.path)).toEqual(Array(5).fill(`/deeplink/${AD_SPACE}/advcampaign/${PROGRAM}/`));
		expect(result.items.map((item) => ({ url: item.json.url, itemIndex: (item.pairedItem as { item: number }).item }))).toEqual(expectedUrls(input));
		for (const item of result.items) expect(new URL(String(item.json.link)).searchParams.get('ulp')).toBe(item.json.url);
	});

	test('400 long product URLs (request lines of about 28 KB) take 2 requests and come back whole', async () => {
		const urls = Array.from({ length: 400 }, (_, index) => `https://www.shop-example.com/catalog/women/shoes/sneakers/product-${index}-white-leather?utm_source=partner&size=38,39`);
		const result = await create([{ json: { urls } }]);
		expect(result.error).toBeUndefined();
		expect(ulpCounts()).toEqual([200, 200]);
		expect(result.items.map((item) => item.json.url)).toEqual(urls);
	});

	test('two sub ID sets are two groups: separate requests, output still in input order', async () => {
		const input = itemsWithUrls(Array(20).fill(15), (itemIndex) => ({ label: itemIndex % 2 === 0 ? 'even' : 'odd' }));
		const result = await create(input, { subIds: { subId1: '={{ $json.label }}' } });
		expect(result.error).toBeUndefined();
		expect(ulpCounts()).toEqual([150, 150]);
		expect(deeplinkRequests().map((request) => new URLSearchParams(request.rawQuery).get('subid1')).sort()).toEqual(['even', 'odd']);
		expect(result.items.map((item) => item.json.url)).toEqual(expectedUrls(input).map(({ url }) => url));
		for (const item of result.items) {
			const itemIndex = (item.pairedItem as { item: number }).item;
			expect(new URL(String(item.json.link)).searchParams.get('subid1')).toBe(itemIndex % 2 === 0 ? 'even' : 'odd');
		}
	});

	test.each([
		['a link short', (links: unknown[]) => links.slice(0, -1), 'it holds 199 links for the 200 URLs asked (ulp)'],
		['a link too many', (links: unknown[]) => [...links, links[0]], 'it holds 201 links for the 200 URLs asked (ulp)'],
		['an entry of neither shape', (links: unknown[]) => [...links.slice(0, -1), { url: 'https://x.example/' }], 'the array[199] is not an object with a "link" text'],
	])('an answer with %s fails naming the request, nothing output', async (_name, rewrite, says) => {
		const route = proxy.open({
			upstream: partner.sandbox.partnerUrl,
			api: 'partner',
			budget: 20,
			labels: 'ordinal',
			rewrite: (answer) => ({ ...answer, text: JSON.stringify(rewrite(JSON.parse(answer.text) as unknown[])) }),
		});
		// 200 URLs over two items: one request, whose answer is the one spoiled (with several requests in flight, which fails first would vary).
		const result = await create(itemsWithUrls([150, 50]), {}, { credentials: partner.credentialWith(partner.sandbox.accessToken, route.baseUrl) });
		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toContain(`GET /deeplink/${AD_SPACE}/advcampaign/${PROGRAM}/`);
		expect(result.error?.message).toContain(says);
	});

	test('the service\'s is_affiliate_product is kept, true or false', async () => {
		const route = proxy.open({
			upstream: partner.sandbox.partnerUrl,
			api: 'partner',
			budget: 5,
			labels: 'ordinal',
			rewrite: (answer) => ({
				...answer,
				text: JSON.stringify((JSON.parse(answer.text) as IDataObject[]).map((entry, index) => ({ ...entry, is_affiliate_product: index === 0 }))),
			}),
		});
		const result = await create(itemsWithUrls([2]), {}, { credentials: partner.credentialWith(partner.sandbox.accessToken, route.baseUrl) });
		expect(result.items.map((item) => item.json.is_affiliate_product)).toEqual([true, false]);
	});

	test.each<[string, INodeParameters, string]>([
		['Sub ID over 50 characters', { subIds: { subId: 'a'.repeat(51) } }, 'Invalid "Sub ID": at most 50 characters are allowed, got 51'],
		['Sub ID 3 over 50 characters', { subIds: { subId3: 'a'.repeat(51) } }, 'Invalid "Sub ID 3": at most 50 characters are allowed, got 51'],
		['Sub ID 4 over 120 characters', { subIds: { subId4: 'a'.repeat(121) } }, 'Invalid "Sub ID 4": at most 120 characters are allowed, got 121'],
		['Sub ID 1 holding %00', { subIds: { subId1: 'a%00b' } }, 'Invalid "Sub ID 1": must not hold "%00" (the service refuses it), found at character 2'],
		['Sub ID 2 holding a NUL', { subIds: { subId2: '={{ "a\\u0000b" }}' } }, 'Invalid "Sub ID 2": must not hold control characters'],
		['a URL that is not http(s)', { urls: 'https://shop.example/a\nftp://shop.example/b' }, 'Invalid "URLs": entry 2 ("ftp://shop.example/b") is a ftp URL, not http or https'],
		['a URL without a scheme', { urls: 'shop.example/a' }, 'Invalid "URLs": entry 1 ("shop.example/a") is not an absolute URL'],
		['a URL holding %00', { urls: '={{ ["https://shop.example/a", "https://shop.example/%00"] }}' }, 'Invalid "URLs": entry 2 ("https://shop.example/%00") holds "%00"'],
		['no URL', { urls: '\n \n' }, 'Invalid "URLs": at least one URL is required'],
		['an ad space that is no ID', { adSpaceId: 'shop' }, 'Ad Space Name or ID'],
	])('%s is refused before any request, naming the field', async (_name, parameters, says) => {
		const result = await create([{ json: {} }, { json: {} }], { urls: 'https://shop.example/ok', ...parameters });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toContain(says);
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('sub IDs are counted in characters as the service counts them: 50 emoji (100 UTF-16 units) pass, 51 are refused', async () => {
		const emoji = (count: number) => '\u{1F600}'.repeat(count);
		const atLimit = await create(itemsWithUrls([1]), { subIds: { subId: emoji(50), subId4: emoji(120) } });
		expect(atLimit.error).toBeUndefined();
		expect(atLimit.items).toHaveLength(1);
		const sent = new URLSearchParams(deeplinkRequests()[0].rawQuery);
		expect([sent.get('subid'), sent.get('subid4')]).toEqual([emoji(50), emoji(120)]);
		expect(deeplinkRequests().map((request) => request.status)).toEqual([200]);

		partner.sandbox.resetRequests();
		const over = await create(itemsWithUrls([1]), { subIds: { subId: emoji(51) } });
		expect(over.error?.message).toBe('Invalid "Sub ID": at most 50 characters are allowed, got 51');
		expect(deeplinkRequests()).toHaveLength(0);
	});

	test('Continue On Fail: a refused item is one error item, the others get their links', async () => {
		const input = itemsWithUrls([2, 3, 1], (itemIndex) => ({ subId: itemIndex === 1 ? 'b'.repeat(51) : 'ok' }));
		const result = await create(input, { subIds: { subId: '={{ $json.subId }}' } }, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [(item.pairedItem as { item: number }).item, item.json.url ?? item.json.error])).toEqual([
			[0, 'https://shop.example/p/0?size=m,l'],
			[0, 'https://shop.example/p/1?size=m,l'],
			[1, 'Invalid "Sub ID": at most 50 characters are allowed, got 51'],
			[2, 'https://shop.example/p/5?size=m,l'],
		]);
		expect(ulpCounts()).toEqual([3]);
	});

	test('an ad space or program the service does not know is named', async () => {
		const result = await create(itemsWithUrls([1]), { programId: '999' });
		expect(result.error?.message).toContain(`Ad space ${AD_SPACE} or program 999`);
	});

	test('a token without deeplink_generator: a 403 naming the scope to add', async () => {
		const narrow = addCredential('affiliatePartnerApi', {
			baseUrl: partner.sandbox.partnerUrl,
			authentication: 'clientCredentials',
			clientId: partner.sandbox.clientId,
			clientSecret: partner.sandbox.clientSecret,
			scopes: 'statistics websites',
			maxRequestsPerSecond: 1000,
		});
		const result = await create(itemsWithUrls([1]), {}, { credentials: narrow });
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toContain('"deeplink_generator"');
	});
});
