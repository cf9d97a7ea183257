// Conformance of the click service's PUT /v1/product/monetize-api/v2/resolve against
// ../shared/spec/published-api-facts.md section 10, and the sandbox's choice where it is silent (docs/sandbox.md).
import { useSandbox } from '../harness/sandboxFixture';
import { call } from './http';

const sandbox = useSandbox({ clickItems: 10, clickDays: 2 }, { resolveUncovered: 'nullLink' });
const RESOLVE = '/v1/product/monetize-api/v2/resolve';

function resolve(body: unknown, init: { method?: string; key?: string | null } = {}) {
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	const key = init.key === undefined ? sandbox().publicKey : init.key;
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	return call(`${sandbox().clickUrl}${RESOLVE}`, { method: init.method ?? 'PUT', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

describe('answers (facts section 10)', () => {
	test('{data: [{iri, trackingLink}]}, no meta: one entry per IRI, in the order sent, the IRI as sent; s and url on the link', async () => {
		const iris = ['https://www.shop-one.example/p/1?a=1,2', 'https://fashion-two.example/', 'https://bücher.example/straße'];
		const res = await resolve({ iris, subId: 'news_Letter-7' });
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['data']);
		expect(res.body.data.map((entry: { iri: string }) => entry.iri)).toEqual(iris);
		for (const [index, entry] of res.body.data.entries()) {
			expect(Object.keys(entry)).toEqual(['iri', 'trackingLink']);
			const link = new URL(entry.trackingLink);
			expect(link.origin).toBe('https://tatrck.com');
			expect(link.pathname).toMatch(/^\/h\/[0-9A-Za-z]{12}$/);
			expect(Object.fromEntries(link.searchParams)).toEqual({ s: 'news_Letter-7', url: iris[index] });
		}
	});

	test('withImages: an imageUrl on each entry; without a sub ID no s', async () => {
		const res = await resolve({ iris: ['https://electro4.example/tv'], withImages: true });
		expect(res.body.data).toEqual([
			{ iri: 'https://electro4.example/tv', trackingLink: expect.stringMatching(/^https:\/\/tatrck\.com\/h\/\w{12}\?url=/), imageUrl: 'https://images.takeads.example/merchants/41004.png' },
		]);
		expect(new URL(res.body.data[0].trackingLink).searchParams.has('s')).toBe(false);
	});

	test('a URL no program covers: trackingLink null (default), or no entry with resolveUncovered "omitted"', async () => {
		const iris = ['https://no-program.example/x', 'https://shop-one.example/y'];
		const withNull = await resolve({ iris, withImages: true });
		expect(withNull.body.data[0]).toEqual({ iri: iris[0], trackingLink: null, imageUrl: null });
		sandbox().configure({ resolveUncovered: 'omitted' });
		const omitted = await resolve({ iris });
		expect(omitted.body.data.map((entry: { iri: string }) => entry.iri)).toEqual([iris[1]]);
		expect(() => sandbox().configure({ resolveUncovered: 'empty' as never })).toThrow('resolveUncovered must be "nullLink" or "omitted"');
	});
});

describe('refusals, in the click error style (meta.property)', () => {
	test.each<[string, unknown, string]>([
		['no iris', { subId: 'a' }, 'iris'],
		['iris empty', { iris: [] }, 'iris'],
		['iris not an array', { iris: 'https://shop-one.example/' }, 'iris'],
		['an entry not a string', { iris: ['https://shop-one.example/', 5] }, 'iris'],
		['an entry not an absolute IRI', { iris: ['shop-one.example/p'] }, 'iris'],
		['a sub ID with a space', { iris: ['https://shop-one.example/'], subId: 'a b' }, 'subId'],
		['a sub ID with the digit 0 (the docs list 1-9)', { iris: ['https://shop-one.example/'], subId: 'a0' }, 'subId'],
		['a sub ID of 6,145', { iris: ['https://shop-one.example/'], subId: 'a'.repeat(6145) }, 'subId'],
		['a sub ID not text', { iris: ['https://shop-one.example/'], subId: 12 }, 'subId'],
		['withImages not a boolean', { iris: ['https://shop-one.example/'], withImages: 'true' }, 'withImages'],
		['a body that is no JSON', '{iris:', 'body'],
		['a JSON array', '[]', 'body'],
	])('%s: 400 naming %s', async (_name, body, property) => {
		const res = await resolve(body);
		expect(res.status).toBe(400);
		expect(res.body.errors).toEqual([expect.objectContaining({ status: '400', code: '1000', meta: { property } })]);
	});

	test('a sub ID of 6,144 allowed characters and an empty one are taken', async () => {
		expect((await resolve({ iris: ['https://shop-one.example/'], subId: 'Ab_-9'.repeat(1228) + 'Zz12' })).status).toBe(200);
		expect((await resolve({ iris: ['https://shop-one.example/'], subId: '' })).status).toBe(200);
	});

	test('another method is 405 with Allow: PUT; a wrong key 401', async () => {
		const post = await resolve({ iris: ['https://shop-one.example/'] }, { method: 'POST' });
		expect(post.status).toBe(405);
		expect(post.headers.get('allow')).toBe('PUT');
		expect((await resolve({ iris: ['https://shop-one.example/'] }, { key: 'wrong' })).status).toBe(401);
	});
});
