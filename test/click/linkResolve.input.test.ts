/** Click Report → Link → Resolve: URLs and sub IDs refused before any request, naming the field; Continue On Fail; a stop waits for what is in flight. */
import { productUrl, resolveLinks, resolveRequests, useResolveSandbox } from './linkResolveFixture';

const sandbox = useResolveSandbox();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refused before any request, naming the field and the entry', () => {
	test.each([
		['ftp://shop-one.example/file', 'entry 2 ("ftp://shop-one.example/file") is a ftp URL, not http or https'],
		['shop-one.example/product/1', 'entry 2 ("shop-one.example/product/1") is not an absolute URL (it needs http:// or https:// and a host)'],
		['https://shop-one.example/a https://shop-one.example/b', 'entry 2 ("https://shop-one.example/a https://shop-one.example/b") holds a space; put each URL on its own line'],
	])('%s', async (bad, rule) => {
		const result = await resolveLinks(sandbox(), [{ urls: productUrl(1) }, { urls: `${productUrl(2)}\n${bad}` }]);
		expect(resolveRequests(sandbox())).toHaveLength(0);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(`Invalid "URLs": ${rule}`);
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	test('no URL at all, and a sub ID the service cannot take: both named at once, 0 requests', async () => {
		const result = await resolveLinks(sandbox(), [{ urls: ' \n \n', subId: 'spring sale' }]);
		expect(resolveRequests(sandbox())).toHaveLength(0);
		expect(result.error?.message).toBe('Invalid "URLs": at least one URL is required (one per line, or an array from an expression) (and 1 more: see below)');
		expect(result.error?.description).toContain('Invalid "Sub ID": may hold only Latin letters, digits, "_" and "-"; found " " at character 7 of "spring sale"');
	});

	test('a sub ID over 6,144 characters is refused, 0 requests', async () => {
		const result = await resolveLinks(sandbox(), [{ urls: productUrl(1), subId: 'a'.repeat(6145) }]);
		expect(resolveRequests(sandbox())).toHaveLength(0);
		expect(result.error?.message).toBe('Invalid "Sub ID": at most 6144 characters are allowed, got 6145');
	});

	test('commas stay inside a URL; an array from an expression is taken as it is; empty lines are skipped', async () => {
		const withCommas = 'https://shop-one.example/search?sizes=38,39&colour=red';
		const result = await resolveLinks(sandbox(), [{ urls: `\r\n${withCommas}\r\n\r\n` }, { urls: [productUrl(2), ` ${productUrl(3)} `] }]);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.pairedItem, item.json.url])).toEqual([
			[{ item: 0 }, withCommas],
			[{ item: 1 }, productUrl(2)],
			[{ item: 1 }, productUrl(3)],
		]);
	});
});

describe('Continue On Fail', () => {
	test('a refused item and an item whose request failed become error items; the others keep their links', async () => {
		// "100" holds a 0, which this node takes and the service's rule (digits 1-9) refuses: a 400 naming "Sub ID".
		const inputs = [
			{ urls: [productUrl(1), productUrl(2)] },
			{ urls: `${productUrl(3)}\nnot a url` },
			{ urls: productUrl(4), subId: '100' },
			{ urls: [productUrl(5), productUrl(6, true)] },
		];
		const result = await resolveLinks(sandbox(), inputs, { continueOnFail: true });
		expect(resolveRequests(sandbox()).map((request) => request.status).sort()).toEqual([200, 400]);
		expect(result.items.map((item) => [item.pairedItem, item.json.url ?? item.json.error])).toEqual([
			[{ item: 0 }, productUrl(1)],
			[{ item: 0 }, productUrl(2)],
			[{ item: 1 }, 'Invalid "URLs": entry 2 ("not a url") holds a space; put each URL on its own line'],
			[{ item: 2 }, 'The service refused "Sub ID": subId must be at most 6144 of the digits 1-9, Latin letters, _ and -.'],
			[{ item: 3 }, productUrl(5)],
			[{ item: 3 }, productUrl(6, true)],
		]);
		expect(result.items[5].json.resolved).toBe(false);
	});

	test('without it, a failed request stops the run only once the requests in flight are answered, and starts none after', async () => {
		sandbox().configure({ latencyMs: 150 });
		// Groups: the refused sub ID's request goes first; two more are in flight with it, two wait.
		const inputs = [{ urls: productUrl(1), subId: 'a0' }, ...['b', 'c', 'd', 'e'].map((subId, n) => ({ urls: productUrl(n + 2), subId }))];
		const result = await resolveLinks(sandbox(), inputs);
		expect(result.error?.message).toContain('The service refused "Sub ID"');
		const atEnd = resolveRequests(sandbox()).map((request) => request.status);
		// Answered, all three: none still open (status 0) when the run ended.
		expect(atEnd.sort()).toEqual([200, 200, 400]);
		await sleep(400);
		expect(resolveRequests(sandbox())).toHaveLength(3);
	});
});
