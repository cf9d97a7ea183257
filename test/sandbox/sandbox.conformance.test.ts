// Conformance suite of the sandbox itself: real HTTP against both simulated interfaces.

import { startSandbox, type ClickItem, type Sandbox } from '../../sandbox/server';
import { call, form, sandboxHttp } from './http';

const START = Date.parse('2026-03-15T14:30:00.000Z');
const TODAY = '2026-03-15';
let clockMs = START;
let sb: Sandbox;

const DEFAULT_CONFIG = {
	latencyMs: 0,
	partnerLimitCap: 500,
	rateLimits: false,
	partnerRequestsPerMinute: 600,
	clickRequestsPerSecond: 3,
	clickRequestsPer5Min: 100,
	tokenTtlSeconds: 604800,
	tokenLatencyMs: 0,
	clickClockOffsetMs: 0,
};

beforeAll(async () => {
	sb = await startSandbox({ now: () => new Date(clockMs), clickItems: 6000, clickDays: 240 });
});

afterAll(async () => {
	await sb.close();
});

afterEach(() => {
	clockMs = START;
	sb.clearFaults();
	sb.configure(DEFAULT_CONFIG);
});

const { partner, click, control } = sandboxHttp(() => sb);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const PDF = Buffer.from('%PDF-1.4\n%sandbox\n');

const LOST_ORDER_FIELDS = {
	advcampaign: '6115',
	website: '1021',
	order_id: 'SBX-1001',
	order_date: '28.02.2026',
	order_price: '149.90',
	comment: 'Paid with cashback link',
	appeal_id: 'AP-1',
	estimated_reward: '7.5',
};

const createLostOrder = (fields: Record<string, string>, receipt?: { bytes: Buffer; name: string; type: string }, token?: string) =>
	partner('/lost_orders/create/', { method: 'POST', body: form(fields, receipt), token });
const createAppeal = (fields: Record<string, string>, receipt?: { bytes: Buffer; name: string; type: string }, token?: string) =>
	partner('/appeals/create/', { method: 'POST', body: form(fields, receipt), token });

const INVALID_TOKEN = { error: 'invalid_token', error_description: 'The access token provided is invalid.', error_code: 1 };
const INSUFFICIENT_SCOPE = {
	error: 'insufficient_scope',
	error_description: 'The request requires higher privileges than provided by the access token.',
	error_code: 3,
};
const AGREEMENT = { detail: 'You have to accept the user agreement of the lost orders tool before using it.' };
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function inServerOrder(items: ClickItem[]): boolean {
	return items.every((item, i) => {
		if (i === 0) return true;
		const prev = items[i - 1];
		return prev.updatedAt > item.updatedAt || (prev.updatedAt === item.updatedAt && prev.id < item.id);
	});
}

// ---------------------------------------------------------------------------------------------

describe('partner authentication and rights', () => {
	test('missing, unknown and malformed tokens answer 401 invalid_token without echoing the token', async () => {
		const missing = await partner('/lost_orders/', { token: null });
		expect(missing.status).toBe(401);
		expect(missing.body).toEqual(INVALID_TOKEN);
		const secretish = 'NotARealToken1234567890abcdef';
		const unknown = await partner('/websites/kinds/', { token: secretish });
		expect(unknown.status).toBe(401);
		expect(unknown.body).toEqual(INVALID_TOKEN);
		expect(unknown.text).not.toContain(secretish);
		const basic = await call(`${sb.partnerUrl}/websites/kinds/`, { headers: { Authorization: `Basic ${sb.accessToken}` } });
		expect(basic.status).toBe(401);
		expect(basic.text).not.toContain(sb.accessToken);
	});

	test('each endpoint needs its scope (403 insufficient_scope)', async () => {
		const pub = sb.tokens.publicDataOnly;
		for (const path of ['/lost_orders/', '/appeals/', '/lost_orders/payments_info/?advcampaign=6115&order_id=1', '/landings/6115/', '/lost_orders/200001/']) {
			const r = await partner(path, { token: pub });
			expect([path, r.status, r.body]).toEqual([path, 403, INSUFFICIENT_SCOPE]);
		}
		expect((await partner('/websites/kinds/', { token: pub })).status).toBe(200);

		const noManage = sb.tokens.noManageLostOrders;
		const denied = await createLostOrder(LOST_ORDER_FIELDS, undefined, noManage);
		expect(denied.status).toBe(403);
		expect(denied.body).toEqual(INSUFFICIENT_SCOPE);
		expect((await partner('/lost_orders/', { token: noManage })).status).toBe(200);
		// Appeal creation needs only lost_orders.
		const appeal = await createAppeal({ advcampaign: '6115', order_id: 'NM-1' }, undefined, noManage);
		expect(appeal.status).toBe(201);
		expect((await partner('/landings/6115/', { token: noManage })).status).toBe(200);
	});

	test('lost-orders tool endpoints need the user agreement; others do not', async () => {
		const t = sb.tokens.agreementNotAccepted;
		for (const path of ['/lost_orders/', '/lost_orders/200001/', '/appeals/', '/appeals/5001/', '/lost_orders/payments_info/?advcampaign=6115&order_id=1']) {
			const r = await partner(path, { token: t });
			expect([path, r.status, r.body]).toEqual([path, 403, AGREEMENT]);
		}
		expect((await createLostOrder(LOST_ORDER_FIELDS, undefined, t)).body).toEqual(AGREEMENT);
		expect((await createAppeal({ advcampaign: '6115', order_id: 'X' }, undefined, t)).body).toEqual(AGREEMENT);
		expect((await partner('/landings/6115/', { token: t })).status).toBe(200);
		expect((await partner('/categories/', { token: t })).status).toBe(200);
	});

	test('paths need the trailing slash; unknown paths and ids are 404 Not found.', async () => {
		for (const path of ['/lost_orders', '/websites/kinds', '/nope/', '/lost_orders/99999999/', '/appeals/1/', '/lost_orders/abc/']) {
			const r = await partner(path);
			expect([path, r.status, r.body]).toEqual([path, 404, { detail: 'Not found.' }]);
		}
	});

	test('wrong method is 405', async () => {
		const r = await partner('/lost_orders/', { method: 'POST' });
		expect(r.status).toBe(405);
		expect(r.body).toEqual({ detail: 'Method "POST" not allowed.' });
	});
});

describe('/token/', () => {
	const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
	const mint = (body: string, auth = basic(sb.clientId, sb.clientSecret)) =>
		call(`${sb.partnerUrl}/token/`, {
			method: 'POST',
			headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
			body,
		});

	test('client_credentials mints a token with requested ∩ known scopes', async () => {
		const before = sb.tokensMinted;
		const r = await mint(`grant_type=client_credentials&client_id=${sb.clientId}&scope=lost_orders%20public_data%20bogus`);
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			access_token: expect.stringMatching(/^[A-Za-z0-9]+$/),
			token_type: 'bearer',
			expires_in: 604800,
			refresh_token: expect.any(String),
			scope: 'lost_orders public_data',
		});
		expect(sb.tokensMinted).toBe(before + 1);
		const token = r.body.access_token;
		expect((await partner('/lost_orders/?limit=1', { token })).status).toBe(200);
		expect((await partner('/landings/6115/', { token })).body).toEqual(INSUFFICIENT_SCOPE);
	});

	test('bad client credentials are 401 invalid_client; bad grant is 400', async () => {
		const wrongSecret = await mint('grant_type=client_credentials&scope=public_data', basic(sb.clientId, 'wrong'));
		expect(wrongSecret.status).toBe(401);
		expect(wrongSecret.body).toMatchObject({ error: 'invalid_client', error_description: 'Client authentication failed.' });
		expect(typeof wrongSecret.body.error_code).toBe('number');
		const wrongId = await mint('grant_type=client_credentials&client_id=someoneelse&scope=public_data');
		expect(wrongId.status).toBe(401);
		expect(wrongId.body.error).toBe('invalid_client');
		const noAuth = await mint('grant_type=client_credentials&scope=public_data', '');
		expect(noAuth.status).toBe(401);
		const grant = await mint('grant_type=password&scope=public_data');
		expect(grant.status).toBe(400);
		expect(grant.body.error).toBe('unsupported_grant_type');
		const before = sb.tokensMinted;
		await mint('grant_type=client_credentials&scope=public_data', basic(sb.clientId, 'wrong'));
		expect(sb.tokensMinted).toBe(before);
	});

	test('expireTokens (and the control endpoint) invalidate minted tokens only; TTL expiry too', async () => {
		const a = (await mint('grant_type=client_credentials&scope=public_data')).body.access_token;
		expect((await partner('/traffic/', { token: a })).status).toBe(200);
		sb.expireTokens();
		expect((await partner('/traffic/', { token: a })).body).toEqual(INVALID_TOKEN);
		expect((await partner('/traffic/')).status).toBe(200);

		const b = (await mint('grant_type=client_credentials&scope=public_data')).body.access_token;
		expect((await control('expire-tokens', 'POST')).body).toEqual({ expired: 1 });
		expect((await partner('/traffic/', { token: b })).status).toBe(401);

		sb.configure({ tokenTtlSeconds: 60 });
		const c = await mint('grant_type=client_credentials&scope=public_data');
		expect(c.body.expires_in).toBe(60);
		expect((await partner('/traffic/', { token: c.body.access_token })).status).toBe(200);
		clockMs += 61_000;
		expect((await partner('/traffic/', { token: c.body.access_token })).status).toBe(401);
	});
});

describe('lost orders', () => {
	test('list shape, newest first, default limit 20', async () => {
		const r = await partner('/lost_orders/');
		expect(r.status).toBe(200);
		expect(r.body._meta).toEqual({ count: sb.data.lostOrders.length, limit: 20, offset: 0 });
		expect(r.body._meta.count).toBeGreaterThanOrEqual(1000);
		expect(r.body.results).toHaveLength(20);
		for (const o of r.body.results) {
			expect(o).toEqual({
				id: expect.any(Number),
				website: { id: expect.any(Number), name: expect.any(String) },
				advcampaign: { id: expect.any(Number), name: expect.any(String) },
				status: expect.stringMatching(/^(accepted|processing|rejected)$/),
				order_id: expect.any(String),
				order_date: expect.stringMatching(DATE_TIME),
				order_price: expect.any(Number),
				currency: expect.stringMatching(/^[A-Z]{3}$/),
				date_created: expect.stringMatching(DATE_TIME),
				comment: expect.any(String),
				appeal_id: expect.any(String),
				appeal_status: expect.stringMatching(/^(resolved|processing)$/),
				estimated_reward: expect.any(Number),
				reject_reason: expect.any(String),
				reject_comment: expect.any(String),
				reward: o.status === 'accepted' ? expect.any(Number) : null,
			});
		}
		const dates = r.body.results.map((o: any) => o.date_created);
		expect([...dates].sort().reverse()).toEqual(dates);
		const all = sb.data.lostOrders;
		expect(new Set(all.map((o) => o.status)).size).toBe(3);
		expect(new Set(all.map((o) => o.appeal_status)).size).toBe(2);
		expect(all.some((o) => o.reject_reason !== '')).toBe(true);
		expect(new Set(all.map((o) => o.advcampaign.id)).size).toBeGreaterThanOrEqual(3);
		const oldest = Date.parse(`${all[all.length - 1].date_created}Z`);
		expect(START - oldest).toBeGreaterThan(300 * 86_400_000);
		expect(START - oldest).toBeLessThanOrEqual(366 * 86_400_000);
	});

	test('limit is capped to partnerLimitCap; offset pages', async () => {
		sb.configure({ partnerLimitCap: 50 });
		const capped = await partner('/lost_orders/?limit=100&offset=10');
		expect(capped.body._meta).toEqual({ count: sb.data.lostOrders.length, limit: 50, offset: 10 });
		expect(capped.body.results.map((o: any) => o.id)).toEqual(sb.data.lostOrders.slice(10, 60).map((o) => o.id));
		sb.configure({ partnerLimitCap: 500 });
		const big = await partner('/lost_orders/?limit=1000');
		expect(big.body._meta.limit).toBe(500);
		expect(big.body.results).toHaveLength(500);
		const end = await partner(`/lost_orders/?offset=${sb.data.lostOrders.length - 3}`);
		expect(end.body.results).toHaveLength(3);
	});

	test('malformed limit/offset are 400 with field messages', async () => {
		expect((await partner('/lost_orders/?limit=abc')).body).toEqual({ limit: ['A valid integer is required.'] });
		expect((await partner('/lost_orders/?limit=2.5')).status).toBe(400);
		const neg = await partner('/lost_orders/?offset=-1');
		expect(neg.status).toBe(400);
		expect(Object.keys(neg.body)).toEqual(['offset']);
		expect((await partner('/lost_orders/?limit=-5')).body.limit).toHaveLength(1);
		expect((await partner('/appeals/?offset=x')).body).toEqual({ offset: ['A valid integer is required.'] });
		expect((await partner('/landings/6115/?limit=x')).status).toBe(400);
		expect((await partner('/traffic/?limit=x')).status).toBe(400);
	});

	test('filters advcampaign, website, status, appeal_status, appeal_id, start/end date (inclusive)', async () => {
		const all = sb.data.lostOrders;
		const sample = all[123];
		const q = `advcampaign=${sample.advcampaign.id}&website=${sample.website.id}&status=${sample.status}&appeal_status=${sample.appeal_status}&limit=500`;
		const r = await partner(`/lost_orders/?${q}`);
		const expected = all.filter(
			(o) =>
				o.advcampaign.id === sample.advcampaign.id &&
				o.website.id === sample.website.id &&
				o.status === sample.status &&
				o.appeal_status === sample.appeal_status,
		);
		expect(r.body._meta.count).toBe(expected.length);
		expect(r.body.results.map((o: any) => o.id)).toEqual(expected.map((o) => o.id));

		const day = sample.date_created.slice(0, 10);
		const [y, m, d] = day.split('-');
		const sameDay = await partner(`/lost_orders/?start_date=${d}.${m}.${y}&end_date=${d}.${m}.${y}`);
		expect(sameDay.body._meta.count).toBe(all.filter((o) => o.date_created.startsWith(day)).length);
		expect(sameDay.body.results.map((o: any) => o.id)).toContain(sample.id);

		const range = await partner('/lost_orders/?start_date=01.01.2026&end_date=31.01.2026&limit=500');
		const inJan = all.filter((o) => o.date_created >= '2026-01-01' && o.date_created < '2026-02-01');
		expect(inJan.length).toBeGreaterThan(0);
		expect(range.body._meta.count).toBe(inJan.length);

		const withAppeal = all.find((o) => o.appeal_id !== '')!;
		const byAppeal = await partner(`/lost_orders/?appeal_id=${withAppeal.appeal_id}`);
		expect(byAppeal.body.results.map((o: any) => o.id)).toContain(withAppeal.id);
		expect(byAppeal.body.results.every((o: any) => o.appeal_id === withAppeal.appeal_id)).toBe(true);

		const none = await partner('/lost_orders/?advcampaign=1');
		expect(none.body).toEqual({ results: [], _meta: { count: 0, limit: 20, offset: 0 } });
	});

	test('filter validation: enums, integers, real DD.MM.YYYY dates', async () => {
		expect((await partner('/lost_orders/?start_date=31.02.2026')).body).toEqual({ start_date: ['Invalid date format, use DD.MM.YYYY.'] });
		expect((await partner('/lost_orders/?end_date=2026-01-31')).body).toEqual({ end_date: ['Invalid date format, use DD.MM.YYYY.'] });
		expect((await partner('/lost_orders/?status=done')).body).toEqual({ status: ['Select a valid choice. done is not one of the available choices.'] });
		expect((await partner('/lost_orders/?appeal_status=open')).status).toBe(400);
		expect((await partner('/lost_orders/?advcampaign=abc&website=1x')).body).toEqual({
			advcampaign: ['A valid integer is required.'],
			website: ['A valid integer is required.'],
		});
		expect((await partner('/appeals/?start_date=29.02.2025')).status).toBe(400);
		expect((await partner('/appeals/?start_date=29.02.2024')).status).toBe(200);
	});

	test('get one lost order', async () => {
		const o = sb.data.lostOrders[5];
		const r = await partner(`/lost_orders/${o.id}/`);
		expect(r.status).toBe(200);
		expect(r.body).toEqual(JSON.parse(JSON.stringify(o)));
	});

	test('create: multipart with receipt, returned and stored, recorded', async () => {
		sb.resetRequests();
		const r = await createLostOrder(LOST_ORDER_FIELDS, { bytes: PNG, name: 'receipt.png', type: 'image/png' });
		expect(r.status).toBe(201);
		expect(r.body).toEqual({
			id: expect.any(Number),
			status: 'processing',
			website: { id: 1021, name: 'Cashback Portal' },
			advcampaign: { id: 6115, name: 'Fashion Store' },
			currency: 'RUB',
			order_id: 'SBX-1001',
			order_price: 149.9,
			order_date: '2026-02-28T00:00:00',
			date_created: '2026-03-15T14:30:00',
			comment: 'Paid with cashback link',
			appeal_id: 'AP-1',
			appeal_status: 'processing',
			estimated_reward: 7.5,
		});
		const stored = await partner(`/lost_orders/${r.body.id}/`);
		expect(stored.body).toMatchObject(r.body);
		expect((await partner('/lost_orders/?limit=1')).body.results[0].id).toBe(r.body.id);

		const rec = sb.requests.find((q) => q.path === '/lost_orders/create/')!;
		expect(rec.status).toBe(201);
		expect(rec.multipart!.fields).toEqual(LOST_ORDER_FIELDS);
		expect(rec.multipart!.files.receipt).toMatchObject({ filename: 'receipt.png', contentType: 'image/png', size: PNG.length });
		expect(rec.multipart!.files.receipt.bytes.equals(PNG)).toBe(true);
		const listed = (await control('requests')).body.data.find((q: any) => q.path === '/lost_orders/create/');
		expect(listed.multipart.files.receipt).toEqual({ filename: 'receipt.png', contentType: 'image/png', size: PNG.length });
	});

	test('create: receipts are judged by magic bytes (JPEG, PNG, PDF only)', async () => {
		expect((await createLostOrder(LOST_ORDER_FIELDS, { bytes: JPEG, name: 'r.jpg', type: 'image/jpeg' })).status).toBe(201);
		expect((await createLostOrder(LOST_ORDER_FIELDS, { bytes: PDF, name: 'r.pdf', type: 'application/pdf' })).status).toBe(201);
		// A PDF named .png is still fine; a text file named .png is not.
		expect((await createLostOrder(LOST_ORDER_FIELDS, { bytes: PDF, name: 'r.png', type: 'image/png' })).status).toBe(201);
		const fake = await createLostOrder(LOST_ORDER_FIELDS, { bytes: Buffer.from('hello world'), name: 'r.png', type: 'image/png' });
		expect(fake.status).toBe(400);
		expect(Object.keys(fake.body)).toEqual(['receipt']);
		const gif = await createLostOrder(LOST_ORDER_FIELDS, { bytes: Buffer.from('GIF89a....'), name: 'r.gif', type: 'image/gif' });
		expect(gif.body.receipt).toHaveLength(1);
		const asText = await createLostOrder({ ...LOST_ORDER_FIELDS, receipt: 'not a file' });
		expect(asText.body.receipt).toHaveLength(1);
	});

	test('create: field validation', async () => {
		const bad = async (patch: Record<string, string | undefined>) => {
			const fields: Record<string, string> = {};
			for (const [k, v] of Object.entries({ ...LOST_ORDER_FIELDS, ...patch })) if (v !== undefined) fields[k] = v;
			const r = await createLostOrder(fields);
			expect(r.status).toBe(400);
			return r.body;
		};
		expect(await bad({ order_id: undefined })).toEqual({ order_id: ['This field is required.'] });
		expect(await bad({ order_id: 'x'.repeat(101) })).toEqual({ order_id: ['Ensure this field has no more than 100 characters.'] });
		expect(await bad({ comment: 'c'.repeat(513) })).toEqual({ comment: ['Ensure this field has no more than 512 characters.'] });
		expect(await bad({ appeal_id: 'a'.repeat(101) })).toEqual({ appeal_id: ['Ensure this field has no more than 100 characters.'] });
		expect(await bad({ order_date: '31.02.2026' })).toEqual({ order_date: ['Invalid date format, use DD.MM.YYYY.'] });
		expect(await bad({ order_date: '2026-02-01' })).toEqual({ order_date: ['Invalid date format, use DD.MM.YYYY.'] });
		expect(await bad({ order_price: 'abc' })).toEqual({ order_price: ['A valid number is required.'] });
		expect(await bad({ estimated_reward: '1,5' })).toEqual({ estimated_reward: ['A valid number is required.'] });
		expect(await bad({ advcampaign: 'abc' })).toEqual({ advcampaign: ['A valid integer is required.'] });
		expect(await bad({ website: '10.5' })).toEqual({ website: ['A valid integer is required.'] });
		expect(Object.keys(await bad({ advcampaign: '999' }))).toEqual(['advcampaign']);
		expect(Object.keys(await bad({ website: '999' }))).toEqual(['website']);
		expect(Object.keys(await bad({ order_id: 'x'.repeat(101), comment: 'c'.repeat(513) })).sort()).toEqual(['comment', 'order_id']);
		// Limits are inclusive.
		expect((await createLostOrder({ ...LOST_ORDER_FIELDS, order_id: 'x'.repeat(100), comment: 'c'.repeat(512), appeal_id: 'a'.repeat(100) })).status).toBe(201);
		const json = await partner('/lost_orders/create/', {
			method: 'POST',
			body: JSON.stringify(LOST_ORDER_FIELDS),
			headers: { 'Content-Type': 'application/json' },
		});
		expect(json.status).toBe(415);
	});

	test('create: a hand-written multipart body (quoted boundary, CRLF) is parsed', async () => {
		const boundary = 'sandbox-boundary-42';
		const parts = [
			...Object.entries(LOST_ORDER_FIELDS).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
			`--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
		];
		const body = Buffer.concat([Buffer.from(parts.join('')), PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]);
		const r = await partner('/lost_orders/create/', {
			method: 'POST',
			body,
			headers: { 'Content-Type': `multipart/form-data; boundary="${boundary}"` },
		});
		expect(r.status).toBe(201);
		expect(r.body.order_id).toBe('SBX-1001');
		const broken = await partner('/lost_orders/create/', {
			method: 'POST',
			body: Buffer.from('garbage'),
			headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
		});
		expect(broken.status).toBe(400);
	});
});

describe('appeals', () => {
	test('list shape: decimal strings, no reject_* fields, filters', async () => {
		// Seeded claims only (created ones are dated today and may lack amounts).
		const r = await partner('/appeals/?limit=50&end_date=14.03.2026');
		expect(r.body._meta.count).toBeGreaterThanOrEqual(300);
		for (const a of r.body.results) {
			expect(a.order_price).toMatch(/^\d+\.\d{2}$/);
			expect(a.estimated_reward).toMatch(/^\d+\.\d{2}$/);
			expect(a).not.toHaveProperty('reject_reason');
			expect(a).not.toHaveProperty('reject_comment');
			expect(a).toHaveProperty('reward');
			expect(a.date_created).toMatch(DATE_TIME);
		}
		const all = sb.data.appeals;
		const status = await partner('/appeals/?status=rejected&limit=500');
		expect(status.body._meta.count).toBe(all.filter((a) => a.status === 'rejected').length);
		const one = all[10];
		const byAppealId = await partner(`/appeals/?appeal_id=${one.appeal_id}`);
		expect(byAppealId.body.results.map((a: any) => a.id)).toContain(one.id);
		const byProgram = await partner(`/appeals/?advcampaign=${one.advcampaign.id}&website=${one.website.id}&limit=500`);
		expect(byProgram.body._meta.count).toBe(all.filter((a) => a.advcampaign.id === one.advcampaign.id && a.website.id === one.website.id).length);
		expect((await partner(`/appeals/${one.id}/`)).body).toEqual(JSON.parse(JSON.stringify(one)));
	});

	test('create: stored with processing statuses; validation', async () => {
		const r = await createAppeal({ advcampaign: '7204', order_id: 'APL-1', comment: 'please check', appeal_id: 'AP-77' }, { bytes: JPEG, name: 'a.jpg', type: 'image/jpeg' });
		expect(r.status).toBe(201);
		expect(r.body).toMatchObject({
			advcampaign: { id: 7204, name: 'Electronics World' },
			status: 'processing',
			appeal_status: 'processing',
			order_id: 'APL-1',
			comment: 'please check',
			appeal_id: 'AP-77',
			currency: 'USD',
			date_created: '2026-03-15T14:30:00',
		});
		expect(r.body).not.toHaveProperty('reject_reason');
		expect((await partner(`/appeals/${r.body.id}/`)).body).toEqual(r.body);
		expect((await partner('/appeals/?limit=1')).body.results[0].id).toBe(r.body.id);

		expect((await createAppeal({ advcampaign: '7204' })).body).toEqual({ order_id: ['This field is required.'] });
		expect(Object.keys((await createAppeal({ advcampaign: '1', order_id: 'x' })).body)).toEqual(['advcampaign']);
		expect(Object.keys((await createAppeal({ advcampaign: '7204', order_id: 'x', comment: 'c'.repeat(513) })).body)).toEqual(['comment']);
		expect(Object.keys((await createAppeal({ advcampaign: '7204', order_id: 'x', appeal_id: 'a'.repeat(101) })).body)).toEqual(['appeal_id']);
		const fake = await createAppeal({ advcampaign: '7204', order_id: 'x' }, { bytes: Buffer.from('<html>'), name: 'a.pdf', type: 'application/pdf' });
		expect(Object.keys(fake.body)).toEqual(['receipt']);
	});
});

describe('payments_info', () => {
	test('one status item per queried id: owner, already_counted, does_not_exist', async () => {
		const owned = sb.data.knownOrders.find((k) => k.advcampaign === 7204 && k.owner)!;
		const other = sb.data.knownOrders.find((k) => k.advcampaign === 7204 && !k.owner)!;
		const r = await partner(`/lost_orders/payments_info/?advcampaign=7204&order_id=${owned.order_id}&order_id=${other.order_id}&order_id=123`);
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			order_info: [
				{ order_id: owned.order_id, status: 'owner', payment_id: owned.payment_id, payment_status: owned.payment_status },
				{ order_id: other.order_id, status: 'already_counted' },
				{ order_id: '123', status: 'does_not_exist' },
			],
		});
		expect(Number.isInteger(r.body.order_info[0].payment_id)).toBe(true);
		// Orders of another program are unknown here.
		const elsewhere = await partner(`/lost_orders/payments_info/?advcampaign=6115&order_id=${owned.order_id}`);
		expect(elsewhere.body.order_info[0].status).toBe('does_not_exist');
	});

	test('1..20 order ids, advcampaign required and integer', async () => {
		const ids = (n: number) => Array.from({ length: n }, (_, i) => `order_id=${i + 1}`).join('&');
		const twenty = await partner(`/lost_orders/payments_info/?advcampaign=7204&${ids(20)}`);
		expect(twenty.body.order_info).toHaveLength(20);
		const many = await partner(`/lost_orders/payments_info/?advcampaign=7204&${ids(21)}`);
		expect(many.status).toBe(400);
		expect(Object.keys(many.body)).toEqual(['order_id']);
		expect((await partner('/lost_orders/payments_info/?advcampaign=7204')).body).toEqual({ order_id: ['This field is required.'] });
		expect((await partner('/lost_orders/payments_info/?order_id=1')).body).toEqual({ advcampaign: ['This field is required.'] });
		expect((await partner('/lost_orders/payments_info/?advcampaign=x&order_id=1')).body).toEqual({ advcampaign: ['A valid integer is required.'] });
		expect((await partner('/lost_orders/payments_info/?advcampaign=42&order_id=1')).status).toBe(400);
	});

	test('an order id of at most 100 characters, counted as Django counts them: 100 emoji pass, 101 do not', async () => {
		const emoji = (count: number) => encodeURIComponent('\u{1F600}'.repeat(count));
		expect((await partner(`/lost_orders/payments_info/?advcampaign=7204&order_id=${emoji(100)}`)).status).toBe(200);
		expect((await partner(`/lost_orders/payments_info/?advcampaign=7204&order_id=${emoji(101)}`)).body).toEqual({
			order_id: ['Ensure this field has no more than 100 characters.'],
		});
	});
});

describe('landings', () => {
	test('program landings, paginated, without gotolink', async () => {
		const r = await partner('/landings/6115/?limit=100');
		expect(r.body._meta.count).toBeGreaterThanOrEqual(50);
		expect(r.body.results).toHaveLength(r.body._meta.count);
		for (const l of r.body.results) {
			expect(l).toEqual({ id: expect.stringMatching(/^\d+$/), name: expect.any(String), date_created: expect.stringMatching(DATE_TIME) });
		}
		const page2 = await partner('/landings/6115/?limit=10&offset=10');
		expect(page2.body.results.map((l: any) => l.id)).toEqual(r.body.results.slice(10, 20).map((l: any) => l.id));
		expect((await partner('/landings/424242/')).body).toEqual({ detail: 'Not found.' });
		expect((await partner('/landings/10342/')).body._meta.count).toBe(0);
	});

	test('with ad space: gotolink added; unknown ad space 404', async () => {
		const r = await partner('/landings/6115/website/1022/?limit=5');
		expect(r.body.results).toHaveLength(5);
		for (const l of r.body.results) expect(new URL(l.gotolink).protocol).toBe('https:');
		const other = await partner('/landings/6115/website/1023/?limit=5');
		expect(other.body.results[0].gotolink).not.toBe(r.body.results[0].gotolink);
		expect((await partner('/landings/6115/website/9/')).status).toBe(404);
	});
});

describe('reference data', () => {
	test('ad space kinds and regions are plain strings', async () => {
		const kinds = await partner('/websites/kinds/?limit=100');
		for (const k of ['website', 'doorway', 'contextual', 'social_network', 'youtube', 'messenger', 'cashback', 'loyalty']) {
			expect(kinds.body.results).toContain(k);
		}
		const regions = await partner('/websites/regions/?limit=500');
		expect(regions.body.results).toEqual(expect.arrayContaining(['RU', 'DE', 'US', '01', '00']));
		expect(regions.body.results.every((r: unknown) => typeof r === 'string' && /^([A-Z]{2}|0[01])$/.test(r))).toBe(true);
		const paged = await partner('/websites/regions/');
		expect(paged.body._meta).toEqual({ count: regions.body.results.length, limit: 20, offset: 0 });
	});

	test('categories: nested parents, language, order_by, campaign repeat', async () => {
		const en = await partner('/categories/?limit=100');
		expect(en.body._meta.count).toBeGreaterThan(10);
		const smartphones = en.body.results.find((c: any) => c.id === 4);
		expect(smartphones).toEqual({
			id: 4,
			name: 'Smartphones',
			language: 'en',
			parent: { id: 3, name: 'Electronics', language: 'en', parent: { id: 1, name: 'Online stores', language: 'en', parent: null } },
		});
		const ru = await partner('/categories/?limit=100&language=ru');
		const ruSmart = ru.body.results.find((c: any) => c.id === 4);
		expect(ruSmart.name).toBe('Смартфоны');
		expect(ruSmart.language).toBe('ru');
		expect(ruSmart.parent.name).toBe('Электроника');
		const de = await partner('/categories/3/?language=de');
		expect(de.body).toEqual({ id: 3, name: 'Elektronik', language: 'de', parent: { id: 1, name: 'Online-Shops', language: 'de', parent: null } });
		expect(de.body).not.toHaveProperty('_meta');

		const asc = (await partner('/categories/?limit=100&order_by=name')).body.results.map((c: any) => c.name);
		const desc = (await partner('/categories/?limit=100&order_by=-name')).body.results.map((c: any) => c.name);
		expect(asc).toEqual([...asc].sort((a: string, b: string) => a.localeCompare(b, 'en')));
		expect(desc).toEqual([...asc].reverse());
		expect((await partner('/categories/?order_by=id')).status).toBe(400);
		expect(Object.keys((await partner('/categories/?language=english')).body)).toEqual(['language']);

		const one = await partner('/categories/?campaign=7204&limit=100');
		const two = await partner('/categories/?campaign=7204&campaign=8311&limit=100');
		const p1 = sb.data.programs.find((p) => p.id === 7204)!.categoryIds;
		const p2 = sb.data.programs.find((p) => p.id === 8311)!.categoryIds;
		expect(one.body.results.map((c: any) => c.id).sort((a: number, b: number) => a - b)).toEqual([...p1].sort((a, b) => a - b));
		expect(two.body._meta.count).toBe(new Set([...p1, ...p2]).size);
		expect((await partner('/categories/?campaign=abc')).body).toEqual({ campaign: ['A valid integer is required.'] });

		const program = await partner('/categories/advcampaign/8311/?order_by=-name&language=de');
		expect(program.body.results.map((c: any) => c.id).sort()).toEqual([...p2].sort());
		expect(program.body.results.every((c: any) => c.language === 'de')).toBe(true);
		expect((await partner('/categories/advcampaign/1/')).status).toBe(404);
		expect((await partner('/categories/999/')).status).toBe(404);
	});

	test('languages, currencies, traffic', async () => {
		const langs = await partner('/languages/');
		expect(langs.body.results.length).toBeGreaterThanOrEqual(3);
		for (const l of langs.body.results) expect(l).toEqual({ flag: expect.stringMatching(/^https:\/\//), language: expect.any(String), language_code: expect.any(String) });
		expect((await partner('/languages/de/')).body).toMatchObject({ language: 'Deutsch', language_code: 'de' });
		expect((await partner('/languages/xx/')).status).toBe(404);

		const cur = await partner('/currencies/?limit=100');
		for (const c of cur.body.results) expect(c).toEqual({ code: expect.stringMatching(/^[A-Z]{3}$/), name: expect.any(String), sign: expect.any(String), min_sum: expect.stringMatching(/^\d+\.\d{2}$/) });
		expect(cur.body.results.map((c: any) => c.code)).toEqual(expect.arrayContaining(['USD', 'EUR', 'RUB']));

		const traffic = await partner('/traffic/');
		for (const t of traffic.body.results) expect(t).toEqual({ id: expect.any(Number), name: expect.any(String) });
	});

	test('currency rate: all params required, validated, deterministic', async () => {
		const r = await partner('/currencies/rate/?base=USD&target=EUR&date=01.03.2026');
		expect(r.body).toEqual({ base: 'USD', target: 'EUR', date: '2026-03-01', rate: expect.stringMatching(/^\d+\.\d+$/) });
		expect((await partner('/currencies/rate/?base=USD&target=EUR&date=01.03.2026')).body).toEqual(r.body);
		const back = await partner('/currencies/rate/?base=EUR&target=USD&date=01.03.2026');
		expect(Number(back.body.rate) * Number(r.body.rate)).toBeCloseTo(1, 4);
		const otherDay = await partner('/currencies/rate/?base=USD&target=EUR&date=02.03.2026');
		expect(otherDay.body.rate).not.toBe(r.body.rate);

		expect((await partner('/currencies/rate/?target=EUR&date=01.03.2026')).body).toEqual({ base: ['This field is required.'] });
		expect((await partner('/currencies/rate/?base=USD&date=01.03.2026')).body).toEqual({ target: ['This field is required.'] });
		expect((await partner('/currencies/rate/?base=USD&target=EUR')).body).toEqual({ date: ['This field is required.'] });
		expect((await partner('/currencies/rate/?base=USD&target=EUR&date=2026-03-01')).body).toEqual({ date: ['Invalid date format, use DD.MM.YYYY.'] });
		expect((await partner('/currencies/rate/?base=USD&target=EUR&date=30.02.2026')).status).toBe(400);
		expect(Object.keys((await partner('/currencies/rate/?base=XXX&target=EUR&date=01.03.2026')).body)).toEqual(['base']);
	});
});

// ---------------------------------------------------------------------------------------------

describe('click report', () => {
	const today = () => sb.clicks.all().filter((c) => c.date === TODAY);

	test('401 for missing or wrong key, exact error shape', async () => {
		const expected = { errors: [{ status: '401', title: 'Unauthorized', code: '0401' }] };
		expect(await click('', null)).toMatchObject({ status: 401, body: expected });
		const wrong = await click('', 'wrongKey123');
		expect(wrong.status).toBe(401);
		expect(wrong.body).toEqual(expected);
		const unknownPath = await call(`${sb.clickUrl}/v2/api/stats/clicks`, { headers: { Authorization: `Bearer ${sb.publicKey}` } });
		expect(unknownPath.status).toBe(404);
		expect(unknownPath.body.errors[0]).toMatchObject({ status: '404', code: '0404' });
	});

	test('no period: today (UTC by the clock), default limit 500, server order', async () => {
		const expected = today();
		expect(expected.length).toBeGreaterThan(5);
		const r = await click('');
		expect(r.status).toBe(200);
		expect(r.body.meta).toEqual({ limit: 500, offset: 0, total: expected.length });
		expect(r.body.data).toEqual(expected.slice(0, 500));
	});

	test('seeded items: fields, range of days, updatedAt rules, many ties', async () => {
		const all = sb.clicks.all();
		expect(all).toHaveLength(6000);
		const dates = all.map((c) => c.date).sort();
		expect(dates[dates.length - 1]).toBe(TODAY);
		expect(dates[0]).toBe('2025-07-19'); // 240 days ending 2026-03-15
		const adspaces = new Set(all.map((c) => c.adspaceId));
		expect(adspaces.size).toBeGreaterThanOrEqual(3);
		for (const c of all) {
			expect(c.adspaceId).toMatch(UUID_V4);
			expect(c.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
			const updated = Date.parse(c.updatedAt);
			const dayStart = Date.parse(`${c.date}T00:00:00Z`);
			expect(updated >= dayStart && updated < dayStart + 3 * 86_400_000 && updated <= START).toBe(true);
			expect(c.count).toBeGreaterThanOrEqual(1);
			if (c.merchantId === 0) expect(c.merchantName).toBe('');
		}
		expect(all.some((c) => c.merchantId === 0)).toBe(true);
		expect(all.some((c) => c.subId === null) && all.some((c) => c.subId !== null)).toBe(true);
		expect(all.some((c) => c.couponId === null) && all.some((c) => c.couponId !== null)).toBe(true);
		const perStamp = new Map<string, number>();
		for (const c of all) perStamp.set(c.updatedAt, (perStamp.get(c.updatedAt) ?? 0) + 1);
		expect(all.length - perStamp.size).toBeGreaterThan(all.length / 3);
		expect(inServerOrder(all)).toBe(true);
	});

	test('dateFrom..dateTo filter, total counts all, offset pages in order', async () => {
		const expected = sb.clicks.all().filter((c) => c.date >= '2026-02-01' && c.date <= '2026-03-10');
		const first = await click('dateFrom=2026-02-01&dateTo=2026-03-10&limit=100');
		expect(first.body.meta).toEqual({ limit: 100, offset: 0, total: expected.length });
		expect(first.body.data).toEqual(expected.slice(0, 100));
		const later = await click('dateFrom=2026-02-01&dateTo=2026-03-10&limit=100&offset=250');
		expect(later.body.data).toEqual(expected.slice(250, 350));
		expect(inServerOrder(later.body.data)).toBe(true);
		const past = await click(`dateFrom=2026-02-01&dateTo=2026-03-10&offset=${expected.length}`);
		expect(past.body).toEqual({ meta: { limit: 500, offset: expected.length, total: expected.length }, data: [] });
	});

	test('rule 2: a pair member alone is 400 naming it', async () => {
		for (const [param, value] of [
			['dateFrom', '2026-03-01'],
			['dateTo', '2026-03-01'],
			['updatedAtFrom', '2026-03-01T00:00:00Z'],
			['updatedAtTo', '2026-03-01T00:00:00Z'],
		]) {
			const r = await click(`${param}=${value}`);
			expect(r.status).toBe(400);
			expect(r.body.errors).toEqual([{ status: '400', title: expect.any(String), code: '1000', meta: { property: param } }]);
		}
	});

	test('rule 1: at most 120 days (dateTo - dateFrom <= 119); reversed period refused', async () => {
		expect((await click('dateFrom=2025-11-16&dateTo=2026-03-15')).status).toBe(200); // 120 days inclusive
		const tooLong = await click('dateFrom=2025-11-15&dateTo=2026-03-15'); // 121 days
		expect(tooLong.status).toBe(400);
		expect(tooLong.body.errors[0].meta).toEqual({ property: 'dateTo' });
		const reversed = await click('dateFrom=2026-03-02&dateTo=2026-03-01');
		expect(reversed.status).toBe(400);
		expect(reversed.body.errors[0].meta.property).toBe('dateTo');
		expect((await click('dateFrom=2026-03-01&dateTo=2026-03-01')).status).toBe(200);
	});

	test('formats: real YYYY-MM-DD dates and ISO 8601 date-times', async () => {
		const prop = async (q: string) => {
			const r = await click(q);
			expect(r.status).toBe(400);
			return r.body.errors.map((e: any) => e.meta.property);
		};
		expect(await prop('dateFrom=2026-02-30&dateTo=2026-03-01')).toEqual(['dateFrom']);
		expect(await prop('dateFrom=2026-02-01&dateTo=01.03.2026')).toEqual(['dateTo']);
		expect(await prop('updatedAtFrom=2026-03-01&updatedAtTo=2026-03-02T00:00:00Z')).toEqual(['updatedAtFrom']);
		expect(await prop('updatedAtFrom=2026-03-01T00:00:00Z&updatedAtTo=yesterday')).toEqual(['updatedAtTo']);
		expect(await prop('updatedAtFrom=2026-03-01T25:00:00Z&updatedAtTo=2026-03-02T00:00:00Z')).toEqual(['updatedAtFrom']);
		expect(await prop('updatedAtFrom=2026-03-02T00:00:00Z&updatedAtTo=2026-03-01T00:00:00Z')).toEqual(['updatedAtTo']);
		expect((await click('updatedAtFrom=2026-03-01T00:00:00.000Z&updatedAtTo=2026-03-02T10:00:00%2B02:00')).status).toBe(200);
	});

	test('adspaceId must be UUIDv4 and filters', async () => {
		const v1 = await click('adspaceId=6fa459ea-ee8a-11e3-ac10-0800200c9a66');
		expect(v1.status).toBe(400);
		expect(v1.body.errors[0]).toMatchObject({ code: '1000', meta: { property: 'adspaceId' } });
		expect((await click('adspaceId=abc')).status).toBe(400);
		const adspace = sb.clicks.all()[0].adspaceId;
		const r = await click(`adspaceId=${adspace}&dateFrom=2026-01-01&dateTo=2026-03-15`);
		const expected = sb.clicks.all().filter((c) => c.adspaceId === adspace && c.date >= '2026-01-01');
		expect(r.body.meta.total).toBe(expected.length);
		expect(r.body.data).toEqual(expected.slice(0, 500));
	});

	test('limit 1..500 and offset >= 0', async () => {
		for (const q of ['limit=501', 'limit=0', 'limit=abc', 'limit=-1']) {
			const r = await click(q);
			expect([q, r.status, r.body.errors[0].meta.property]).toEqual([q, 400, 'limit']);
		}
		for (const q of ['offset=-1', 'offset=1.5']) {
			const r = await click(q);
			expect([q, r.status, r.body.errors[0].meta.property]).toEqual([q, 400, 'offset']);
		}
		const r = await click('limit=500&offset=0&dateFrom=2026-01-01&dateTo=2026-03-15');
		expect(r.body.data).toHaveLength(500);
		expect(r.body.meta.limit).toBe(500);
	});

	test('merchantId (0 = unresolvable) and subId filters', async () => {
		const window = 'dateFrom=2026-01-01&dateTo=2026-03-15';
		const inWindow = sb.clicks.all().filter((c) => c.date >= '2026-01-01');
		const zero = await click(`${window}&merchantId=0`);
		expect(zero.body.meta.total).toBe(inWindow.filter((c) => c.merchantId === 0).length);
		expect(zero.body.meta.total).toBeGreaterThan(0);
		expect(zero.body.data.every((c: ClickItem) => c.merchantId === 0 && c.merchantName === '')).toBe(true);
		const m = inWindow.find((c) => c.merchantId !== 0)!;
		const merchant = await click(`${window}&merchantId=${m.merchantId}`);
		expect(merchant.body.meta.total).toBe(inWindow.filter((c) => c.merchantId === m.merchantId).length);
		const s = inWindow.find((c) => c.subId !== null)!;
		const sub = await click(`${window}&subId=${s.subId}&merchantId=${s.merchantId}`);
		expect(sub.body.data).toEqual(inWindow.filter((c) => c.subId === s.subId && c.merchantId === s.merchantId).slice(0, 500));
	});

	test('updatedAt pair: inclusive on both ends, no date filter; both pairs intersect', async () => {
		const all = sb.clicks.all();
		const counts = new Map<string, number>();
		for (const c of all) counts.set(c.updatedAt, (counts.get(c.updatedAt) ?? 0) + 1);
		const stamp = [...counts.entries()].find(([, n]) => n >= 3)![0];
		const exact = await click(`updatedAtFrom=${stamp}&updatedAtTo=${stamp}`);
		const tied = all.filter((c) => c.updatedAt === stamp);
		expect(exact.body.meta.total).toBe(tied.length);
		expect(exact.body.data.map((c: ClickItem) => c.id)).toEqual(tied.map((c) => c.id).sort());

		const from = '2026-03-10T00:00:00.000Z';
		const to = '2026-03-14T23:59:59.999Z';
		const upd = all.filter((c) => c.updatedAt >= from && c.updatedAt <= to);
		const onlyUpd = await click(`updatedAtFrom=${from}&updatedAtTo=${to}`);
		expect(onlyUpd.body.meta.total).toBe(upd.length);
		expect(new Set(onlyUpd.body.data.map((c: ClickItem) => c.date)).size).toBeGreaterThan(1);
		const both = await click(`updatedAtFrom=${from}&updatedAtTo=${to}&dateFrom=2026-03-12&dateTo=2026-03-12`);
		expect(both.body.data).toEqual(upd.filter((c) => c.date === '2026-03-12'));
	});
});

// ---------------------------------------------------------------------------------------------

describe('control endpoints', () => {
	test('insert and update clicks keep server order; served by both servers', async () => {
		const ins = await control('clicks', 'POST', {
			items: [
				{ count: 3, subId: 'ctl', date: TODAY, updatedAt: '2026-03-15T14:00:00.000Z' },
				{ id: '00000000-0000-4000-8000-000000000001', subId: 'ctl', date: TODAY, updatedAt: '2026-03-15T14:00:00.000Z' },
			],
		}, sb.clickUrl);
		expect(ins.status).toBe(201);
		const [a, b] = ins.body.data as ClickItem[];
		expect(a.id).toMatch(UUID_V4);
		expect(a).toMatchObject({ count: 3, subId: 'ctl', couponId: null, updatedAt: '2026-03-15T14:00:00.000Z' });
		expect(b.id).toBe('00000000-0000-4000-8000-000000000001');
		expect(inServerOrder(sb.clicks.all())).toBe(true);

		const r = await click('subId=ctl');
		expect(r.body.data.map((c: ClickItem) => c.id)).toEqual([b.id, a.id]);

		const upd = await control(`clicks/${b.id}`, 'PATCH', { count: 5 });
		expect(upd.body).toMatchObject({ id: b.id, count: 5, updatedAt: '2026-03-15T14:30:00.000Z' });
		expect((await click('subId=ctl')).body.data.map((c: ClickItem) => c.id)).toEqual([b.id, a.id]);
		clockMs += 60_000;
		await control(`clicks/${a.id}`, 'PATCH', {});
		const after = await click('subId=ctl');
		expect(after.body.data.map((c: ClickItem) => c.id)).toEqual([a.id, b.id]);
		expect(after.body.data[0].updatedAt).toBe('2026-03-15T14:31:00.000Z');
		expect((await click('')).body.data[0].id).toBe(a.id);
		expect(inServerOrder(sb.clicks.all())).toBe(true);

		const inserted = sb.clicks.insert([{ subId: 'direct' }]);
		expect(inserted[0]).toMatchObject({ date: TODAY, updatedAt: new Date(clockMs).toISOString() });
		sb.clicks.update(inserted[0].id, { updatedAt: '2025-12-01T10:00:00.000Z', date: '2025-12-01' });
		expect(inServerOrder(sb.clicks.all())).toBe(true);
		expect((await control('clicks/nope', 'PATCH', { count: 1 })).status).toBe(404);
		expect((await control('clicks', 'POST', { items: [{ updatedAt: 'bad' }] })).status).toBe(400);
	});

	test('state, config, requests (bytes left out, control calls not recorded)', async () => {
		sb.resetRequests();
		await partner('/traffic/?limit=2&x=1&x=2');
		await click('limit=1');
		const state = await control('state', 'GET', undefined, sb.clickUrl);
		expect(state.body).toMatchObject({
			partnerUrl: sb.partnerUrl,
			clickUrl: sb.clickUrl,
			publicKey: sb.publicKey,
			config: DEFAULT_CONFIG,
			counts: { requests: 2, lostOrders: sb.data.lostOrders.length, clicks: sb.clicks.all().length },
		});
		const reqs = (await control('requests')).body.data;
		expect(reqs).toHaveLength(2);
		expect(reqs[0]).toMatchObject({
			api: 'partner',
			method: 'GET',
			path: '/traffic/',
			rawQuery: 'limit=2&x=1&x=2',
			query: { limit: ['2'], x: ['1', '2'] },
			status: 200,
			time: START,
		});
		expect(reqs[0].headers.authorization).toBe(`Bearer ${sb.accessToken}`);
		expect(reqs[1]).toMatchObject({ api: 'click', path: '/v2/api/stats/click', status: 200 });

		const cfg = await control('config', 'POST', { partnerLimitCap: 7 });
		expect(cfg.body.config.partnerLimitCap).toBe(7);
		expect((await partner('/lost_orders/?limit=20')).body._meta.limit).toBe(7);
		expect((await control('config', 'POST', { partnerLimitCap: 'x' })).status).toBe(400);
		expect((await control('config', 'POST', { bogus: 1 })).status).toBe(400);

		expect((await control('requests', 'DELETE')).status).toBe(200);
		expect(sb.requests).toHaveLength(0);
	});

	test('latency delays API responses, not control ones', async () => {
		sb.configure({ latencyMs: 200 });
		let t = Date.now();
		expect((await partner('/traffic/')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(190);
		t = Date.now();
		await click('limit=1');
		expect(Date.now() - t).toBeGreaterThanOrEqual(190);
		t = Date.now();
		await control('state');
		expect(Date.now() - t).toBeLessThan(150);
	});
});

describe('faults', () => {
	test('status fault with Retry-After for the next N matching requests, recorded', async () => {
		sb.resetRequests();
		sb.injectFault({ kind: 'status', status: 503, retryAfter: 7, count: 2, api: 'partner', pathPrefix: '/lost_orders/' });
		expect((await partner('/traffic/')).status).toBe(200);
		for (let i = 0; i < 2; i++) {
			const r = await partner('/lost_orders/');
			expect(r.status).toBe(503);
			expect(r.headers.get('retry-after')).toBe('7');
			expect(r.body).toEqual({ detail: expect.any(String) });
		}
		expect((await partner('/lost_orders/')).status).toBe(200);
		expect(sb.requests.map((q) => q.status)).toEqual([200, 503, 503, 200]);
	});

	test('click faults use the click error shape; method filter; rate 0 and 1', async () => {
		sb.injectFault({ kind: 'status', status: 500, api: 'click', count: 1 });
		const r = await click('');
		expect(r.status).toBe(500);
		expect(r.body).toEqual({ errors: [{ status: '500', title: 'Internal Server Error', code: '0500' }] });
		expect(r.headers.get('retry-after')).toBeNull();

		sb.injectFault({ kind: 'status', status: 502, method: 'POST' });
		expect((await partner('/traffic/')).status).toBe(200);
		expect((await createAppeal({ advcampaign: '6115', order_id: 'F' })).status).toBe(502);
		sb.clearFaults();

		sb.injectFault({ kind: 'status', status: 504, rate: 0 });
		expect((await partner('/traffic/')).status).toBe(200);
		sb.clearFaults();
		sb.injectFault({ kind: 'status', status: 429, rate: 1, retryAfter: 2, api: 'click' });
		const throttled = await click('');
		expect(throttled.status).toBe(429);
		expect(throttled.headers.get('retry-after')).toBe('2');
		expect(throttled.body.errors[0]).toEqual({ status: '429', title: 'Too Many Requests', code: '0429' });
		expect((await click('')).status).toBe(429);
		sb.clearFaults();
		// A click 429 always carries Retry-After (1 s unless the fault says otherwise).
		sb.injectFault({ kind: 'status', status: 429, count: 1 });
		const bare = await click('');
		expect(bare.headers.get('retry-after')).toBe('1');
		expect((await click('')).status).toBe(200);
	});

	test('reset destroys the socket (recorded with status 0); control endpoint faults', async () => {
		sb.resetRequests();
		expect((await control('faults', 'POST', { kind: 'reset', count: 1, api: 'click' })).status).toBe(201);
		await expect(fetch(`${sb.clickUrl}/v2/api/stats/click`, { headers: { Authorization: `Bearer ${sb.publicKey}` } })).rejects.toThrow();
		expect(sb.requests.map((q) => q.status)).toEqual([0]);
		expect((await click('limit=1')).status).toBe(200);

		await control('faults', 'POST', { kind: 'status', status: 503 });
		// Without count the fault stays until cleared.
		expect((await partner('/traffic/')).status).toBe(503);
		expect((await partner('/traffic/')).status).toBe(503);
		expect((await control('state')).body.faults).toEqual([{ kind: 'status', status: 503, remaining: null }]);
		expect((await control('faults', 'DELETE')).status).toBe(200);
		expect((await partner('/traffic/')).status).toBe(200);
		expect((await control('faults', 'POST', { kind: 'status', status: 418 })).status).toBe(400);
	});
});

describe('rate limits', () => {
	test('partner: past the per-minute budget -> 503 error_code 4, sliding window', async () => {
		sb.configure({ rateLimits: true, partnerRequestsPerMinute: 3 });
		for (let i = 0; i < 3; i++) expect((await partner('/traffic/')).status).toBe(200);
		const limited = await partner('/traffic/');
		expect(limited.status).toBe(503);
		expect(limited.body).toEqual({
			error: 'request_limit_exceeded',
			error_description: 'The maximum number of requests for the period expired',
			error_code: 4,
		});
		clockMs += 61_000;
		expect((await partner('/traffic/')).status).toBe(200);
	});

	test('click: per-second and per-5-minute budgets -> 429 with Retry-After', async () => {
		sb.configure({ rateLimits: true, clickRequestsPerSecond: 2, clickRequestsPer5Min: 100 });
		clockMs += 600_000; // fresh windows
		expect((await click('limit=1')).status).toBe(200);
		expect((await click('limit=1')).status).toBe(200);
		const perSecond = await click('limit=1');
		expect(perSecond.status).toBe(429);
		expect(perSecond.headers.get('retry-after')).toBe('1');
		expect(perSecond.body).toEqual({ errors: [{ status: '429', title: 'Too Many Requests', code: '0429' }] });

		clockMs += 600_000;
		sb.configure({ clickRequestsPerSecond: 100, clickRequestsPer5Min: 3 });
		for (let i = 0; i < 3; i++) {
			clockMs += 1000;
			expect((await click('limit=1')).status).toBe(200);
		}
		const per5 = await click('limit=1');
		expect(per5.status).toBe(429);
		expect(Number(per5.headers.get('retry-after'))).toBeGreaterThan(290);
		clockMs += 300_000;
		expect((await click('limit=1')).status).toBe(200);
		// Without rate limits nothing is refused.
		sb.configure({ rateLimits: false });
		for (let i = 0; i < 5; i++) expect((await click('limit=1')).status).toBe(200);
	});
});

describe('determinism and scale', () => {
	test('same seed and clock give the same data and credentials; another seed differs', async () => {
		const opts = { now: () => new Date(START), clickItems: 200 };
		const [a, b, c] = await Promise.all([startSandbox(opts), startSandbox(opts), startSandbox({ ...opts, seed: 2 })]);
		try {
			expect(b.accessToken).toBe(a.accessToken);
			expect(b.publicKey).toBe(a.publicKey);
			expect(b.clicks.all()).toEqual(a.clicks.all());
			expect(b.data.lostOrders).toEqual(a.data.lostOrders);
			expect(c.data.lostOrders).not.toEqual(a.data.lostOrders);
			expect(c.accessToken).not.toBe(a.accessToken);
		} finally {
			await Promise.all([a.close(), b.close(), c.close()]);
		}
	});

	test('100k click items: a filtered report counts and pages exactly', async () => {
		const big = await startSandbox({ now: () => new Date(START), clickItems: 100_000 });
		try {
			const q = `${big.clickUrl}/v2/api/stats/click?dateFrom=2025-12-01&dateTo=2026-03-15&merchantId=0&offset=100`;
			const init = { headers: { Authorization: `Bearer ${big.publicKey}` } };
			const body = await fetch(q, init).then((r) => r.json());
			const matching = big.clicks
				.all()
				.filter((item) => item.date >= '2025-12-01' && item.date <= '2026-03-15' && item.merchantId === 0);
			expect(body.meta).toEqual({ limit: 500, offset: 100, total: matching.length });
			expect(body.data.map((item: ClickItem) => item.id)).toEqual(matching.slice(100, 600).map((item) => item.id));
		} finally {
			await big.close();
		}
	});
});
