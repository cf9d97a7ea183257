/**
 * Click Report → Merchant → Get Many through n8n-core against the sandbox: every merchant once over
 * the cursor, a Limit, the filters as sent, a merchant outside its filter or a repeating cursor an
 * error naming the request, a refused field named before any request (docs/nodes.md, Merchant).
 */
import { everyRecord, MERCHANTS_PATH, requestsTo, runClick, sentQuery, useMonetizeSandbox } from './monetizeFixture';

const sandbox = useMonetizeSandbox();
const readMerchants = (parameters: Record<string, unknown>) => runClick(sandbox(), 'merchant', 'getMany', parameters as never);
const onMerchants = { kind: 'body', api: 'click', method: 'GET', pathPrefix: MERCHANTS_PATH } as const;

test('Return All over several pages of 500 outputs every merchant once, as the service sends it', async () => {
	const truth = await everyRecord(sandbox(), MERCHANTS_PATH);
	sandbox().resetRequests();
	const result = await readMerchants({ returnAll: true });
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json)).toEqual(truth);
	expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	// Nullable fields stay null, float noise as sent.
	expect(result.items.some((item) => item.json.averageBasketValue === null)).toBe(true);
	const pages = requestsTo(sandbox(), MERCHANTS_PATH).map(sentQuery);
	expect(pages.length).toBe(Math.ceil(truth.length / 500));
	expect(pages.length).toBeGreaterThanOrEqual(3);
	expect(pages.map((query) => query.get('limit'))).toEqual(pages.map(() => '500'));
	expect(pages[0].has('next')).toBe(false);
	expect(new Set(pages.slice(1).map((query) => query.get('next'))).size).toBe(pages.length - 1);
});

test('a Limit returns that many in the service order, asking for no more than it needs', async () => {
	const truth = await everyRecord(sandbox(), MERCHANTS_PATH);
	sandbox().resetRequests();
	const seven = await readMerchants({ returnAll: false, limit: 7 });
	expect(seven.items.map((item) => item.json)).toEqual(truth.slice(0, 7));
	expect(requestsTo(sandbox(), MERCHANTS_PATH).map((request) => sentQuery(request).get('limit'))).toEqual(['7']);
	sandbox().resetRequests();
	const many = await readMerchants({ returnAll: false, limit: 750 });
	expect(many.items.map((item) => item.json)).toEqual(truth.slice(0, 750));
	expect(requestsTo(sandbox(), MERCHANTS_PATH).map((request) => sentQuery(request).get('limit'))).toEqual(['500', '250']);
});

test('Active Only and Updated At From are sent as isActive=true and an ISO 8601 instant; off sends nothing', async () => {
	const from = new Date(Date.now() - 86_400_000);
	const truth = await everyRecord(sandbox(), MERCHANTS_PATH, `isActive=true&updatedAtFrom=${from.toISOString()}`);
	expect(truth.length).toBeGreaterThan(0);
	sandbox().resetRequests();
	const result = await readMerchants({ returnAll: true, filters: { isActive: true, updatedAtFrom: from.toISOString().replace('Z', '+00:00') } });
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json)).toEqual(truth);
	const [query] = requestsTo(sandbox(), MERCHANTS_PATH).map(sentQuery);
	expect(query.get('isActive')).toBe('true');
	expect(query.get('updatedAtFrom')).toBe(from.toISOString());

	sandbox().resetRequests();
	await readMerchants({ returnAll: false, limit: 1, filters: { isActive: false } });
	expect(sentQuery(requestsTo(sandbox(), MERCHANTS_PATH)[0]).has('isActive')).toBe(false);
});

test.each([
	['an inactive merchant where Active Only asked', { key: 'data.0.isActive', value: false }, { isActive: true }, 'data[0] has "isActive" false, where Active Only asked for active merchants only'],
	[
		'a merchant changed before Updated At From',
		{ key: 'data.0.updatedAt', value: '2020-01-01T00:00:00.000Z' },
		{ updatedAtFrom: '2021-01-01T00:00:00Z' },
		'data[0] has "updatedAt" "2020-01-01T00:00:00.000Z", before Updated At From (2021-01-01T00:00:00.000Z)',
	],
	['a merchantId that is no whole number', { key: 'data.0.merchantId', value: 'm-1' }, {}, 'data[0] has no "merchantId" as a whole number (it is "m-1")'],
])('%s is an error naming the filter and the request, nothing output', async (_label, fault, filters, problem) => {
	sandbox().injectFault({ ...onMerchants, body: 'set', ...fault });
	const result = await readMerchants({ returnAll: true, filters });
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toBe(`GET ${MERCHANTS_PATH} answered HTTP 200, but not with a page of merchants: ${problem} (5 attempts)`);
});

test('a cursor that repeats one already sent is an error naming the request, not an endless read', async () => {
	const [first] = await Promise.all([fetch(`${sandbox().clickUrl}${MERCHANTS_PATH}?limit=500`, { headers: { authorization: `Bearer ${sandbox().publicKey}` } })]);
	const { meta } = (await first.json()) as { meta: { next: string } };
	sandbox().resetRequests();
	sandbox().injectFault({ ...onMerchants, body: 'set', key: 'meta.next', value: meta.next, count: 2 });
	const result = await readMerchants({ returnAll: true });
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toContain(`GET ${MERCHANTS_PATH} answered page 2 with the cursor "${meta.next.slice(0, 60)}`);
	expect(requestsTo(sandbox(), MERCHANTS_PATH)).toHaveLength(2);
});

test('a refused field is named before any request, every one at once', async () => {
	const result = await readMerchants({ returnAll: false, limit: 0, filters: { isActive: 'yes', updatedAtFrom: 'yesterday' } });
	expect(result.error?.message).toMatch(/^Limit must be a whole number .* \(and 2 more: see below\)$/);
	expect(result.error?.description).toContain('Active Only');
	expect(result.error?.description).toContain('Updated At From');
	expect(requestsTo(sandbox(), MERCHANTS_PATH)).toHaveLength(0);
});

test('a later page the service refuses (a cursor it no longer takes) names the request and the page, nothing output, not retried', async () => {
	sandbox().injectFault({ ...onMerchants, body: 'set', key: 'meta.next', value: 'forged-cursor', count: 1 });
	const result = await readMerchants({ returnAll: true });
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toContain(`GET ${MERCHANTS_PATH} refused page 2, asked with the cursor "forged-cursor" from "meta.next" of page 1 (HTTP 400)`);
	expect(requestsTo(sandbox(), MERCHANTS_PATH).map((request) => sentQuery(request).get('next'))).toEqual([null, 'forged-cursor']);
});
