// Conformance of the click service's GET /v3/api/stats/action against
// ../shared/spec/published-api-facts.md section 8, and of its actions over time (docs/sandbox.md).

import { fieldProblems, TAKEADS_ACTION } from './facts';
import { Action, MINUTE, START, useMovingClock } from './movingClock';

const { clock, sandbox, client, clickActions: actions } = useMovingClock();

/** Every page of a cursor read; `between` runs after each page. */
async function readAll(query: string, between?: (page: number, data: Action[]) => Promise<void>): Promise<{ data: Action[]; pages: number }> {
	const data: Action[] = [];
	let next: string | null = null;
	let pages = 0;
	do {
		const res = await actions(`${query}${next ? `&next=${encodeURIComponent(next)}` : ''}`);
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['meta', 'data']);
		data.push(...res.body.data);
		next = res.body.meta.next;
		pages++;
		await between?.(pages, res.body.data);
	} while (next !== null);
	return { data, pages };
}

describe('fields (published-api-facts.md section 8)', () => {
	test('every action carries every field of the facts table in its documented type', async () => {
		const { data } = await readAll('limit=500');
		expect(data.length).toBeGreaterThan(250);
		for (const action of data) expect(fieldProblems(action, TAKEADS_ACTION)).toEqual([]);
		// Nullable fields seen both ways; every status; money with decimals.
		for (const key of ['subId', 'clickId']) {
			expect(data.some((a) => a[key] === null)).toBe(true);
			expect(data.some((a) => typeof a[key] === 'string')).toBe(true);
		}
		expect(new Set(data.map((a) => a.status))).toEqual(new Set(['PENDING', 'CONFIRMED', 'CANCELED', 'SETTLED']));
		expect(data.every((a) => !Number.isInteger(a.publisherRevenue))).toBe(true);
		expect(data.filter((a) => a.type === 'SALE').every((a) => !Number.isInteger(a.orderAmount))).toBe(true);
		// What a read sees now is what the control endpoint lists.
		expect(data.map((a) => a.actionId).sort()).toEqual((await client().actions<Action>('click')).map((a) => a.actionId).sort());
	});
});

describe('the cursor', () => {
	test('pages in updatedAt then actionId order, never repeat, and end with next null', async () => {
		const { data, pages } = await readAll('limit=37');
		expect(pages).toBe(Math.ceil(data.length / 37));
		expect(new Set(data.map((a) => a.actionId)).size).toBe(data.length);
		const keys = data.map((a) => `${a.updatedAt} ${a.actionId}`);
		expect(keys).toEqual([...keys].sort());
		const whole = await actions(`limit=${data.length}`);
		expect(whole.body.meta.next).toBeNull();
		expect((await actions('limit=1')).body.meta.next).toEqual(expect.any(String));
		expect((await actions('')).body.data).toHaveLength(100);
	});

	test('an action updated during a read is read again later in the same read, with its new status', async () => {
		let changed: Action | undefined;
		const { data } = await readAll('limit=50', async (page, pageData) => {
			if (page !== 1) return;
			clock.ms += 1000;
			changed = await client().changeAction<Action>('click', pageData[0].actionId, { status: 'CANCELED' });
		});
		const seen = data.filter((a) => a.actionId === changed!.actionId);
		expect(seen).toHaveLength(2);
		expect(seen[1]).toEqual(changed);
		expect(seen[1].updatedAt).toBe(new Date(clock.ms).toISOString());
	});

	test.each([
		['next=forged', 'next'],
		[`next=${Buffer.from(JSON.stringify([START, 'x'])).toString('base64url')}`, 'next'],
		['limit=501', 'limit'],
		['limit=0', 'limit'],
		['updatedAtFrom=15.03.2026', 'updatedAtFrom'],
		['createdAtTo=2026-03-15', 'createdAtTo'],
		['status=DONE', 'status'],
		['adspaceId=not-a-uuid', 'adspaceId'],
	])('%s is a 400 in the click service error format', async (query, property) => {
		const res = await actions(query);
		expect(res.status).toBe(400);
		expect(res.body).toEqual({ errors: [{ status: '400', title: expect.any(String), code: '1000', meta: { property } }] });
	});

	test('the expireCursor fault: a page asked without a cursor passes; the next one asked with a cursor finds it expired (400, next)', async () => {
		expect(() => sandbox().injectFault({ kind: 'expireCursor', api: 'partner' })).toThrow(/applies to the click service's \/v3\/api\/stats\/action only/);
		sandbox().injectFault({ kind: 'expireCursor', count: 1 });
		const first = await actions('limit=10');
		expect(first.status).toBe(200);
		const refused = await actions(`limit=10&next=${first.body.meta.next}`);
		expect(refused.status).toBe(400);
		expect(refused.body).toEqual({ errors: [{ status: '400', title: expect.any(String), code: '1000', meta: { property: 'next' } }] });
		// Expired for good, as a real one would be; a new read gets cursors that work.
		expect((await actions(`limit=10&next=${first.body.meta.next}`)).status).toBe(400);
		expect(sandbox().listFaults()).toEqual([]);
		const again = await actions('limit=10');
		expect((await actions(`limit=10&next=${again.body.meta.next}`)).status).toBe(200);
	});
});

describe('filters', () => {
	test('status, subId, adspaceId, merchantId and both ranges (inclusive) select what they say', async () => {
		const all = (await readAll('limit=500')).data;
		const sample = all.find((a) => a.subId !== null)!;
		const cases: Array<[string, (a: Action) => boolean]> = [
			['status=SETTLED', (a) => a.status === 'SETTLED'],
			[`subId=${sample.subId}`, (a) => a.subId === sample.subId],
			[`adspaceId=${sample.adspaceId.toUpperCase()}`, (a) => a.adspaceId === sample.adspaceId],
			[`merchantId=${sample.merchantId}`, (a) => a.merchantId === sample.merchantId],
			[`updatedAtFrom=${sample.updatedAt}&updatedAtTo=${sample.updatedAt}`, (a) => a.updatedAt === sample.updatedAt],
			[`createdAtFrom=${sample.createdAt}`, (a) => a.createdAt >= sample.createdAt],
			[`createdAtTo=${sample.createdAt}&status=${sample.status}`, (a) => a.createdAt <= sample.createdAt && a.status === sample.status],
		];
		for (const [query, expected] of cases) {
			const got = (await readAll(`limit=500&${query}`)).data.map((a) => a.actionId);
			expect({ query, got }).toEqual({ query, got: all.filter(expected).map((a) => a.actionId) });
			expect(got.length).toBeGreaterThan(0);
		}
	});

	test('the same key, clock and rate limits as the click report', async () => {
		expect((await actions('limit=1', null)).status).toBe(401);
		expect((await actions('limit=1', 'wrong')).status).toBe(401);
		sandbox().configure({ clickClockOffsetMs: -10 * MINUTE });
		const [created] = await client().createActions<Action>('click', [{}]);
		expect(created.updatedAt).toBe(new Date(START - 10 * MINUTE).toISOString());
		expect((await actions('limit=1')).headers.get('date')).toBe(new Date(START - 10 * MINUTE).toUTCString());
		sandbox().configure({ clickClockOffsetMs: 0, rateLimits: true, clickRequestsPerSecond: 1 });
		await client().click({ limit: 1 });
		const throttled = await actions('limit=1');
		expect(throttled.status).toBe(429);
		expect(throttled.headers.get('retry-after')).toEqual(expect.any(String));
	});
});
