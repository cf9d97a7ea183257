// Fault injection of the sandbox over real HTTP: skip and query matching, proxy pages, spoiled bodies,
// redirects, data that moves while a client pages, and a slow token endpoint.

import { startSandbox, type ClickItem, type LostOrder, type Sandbox } from '../../sandbox/server';
import { call, form, sandboxHttp } from './http';

const START = Date.parse('2026-03-15T14:30:00.000Z');
let clockMs = START;
let sb: Sandbox;
const { partner, click, control } = sandboxHttp(() => sb);

const start = () => startSandbox({ now: () => new Date(clockMs), clickItems: 3000, clickDays: 240 });

beforeAll(async () => {
	sb = await start();
});

afterAll(async () => {
	await sb.close();
});

afterEach(() => {
	clockMs = START;
	sb.clearFaults();
	sb.configure({ latencyMs: 0, tokenLatencyMs: 0, rateLimits: false });
});

const ids = (items: Array<{ id: number | string }>) => items.map((item) => item.id);
const isNewestFirst = (items: Array<{ date_created: string; id: number }>) =>
	items.every((c, i) => i === 0 || items[i - 1].date_created > c.date_created || (items[i - 1].date_created === c.date_created && items[i - 1].id > c.id));
const isServerOrder = (items: ClickItem[]) =>
	items.every((c, i) => i === 0 || items[i - 1].updatedAt > c.updatedAt || (items[i - 1].updatedAt === c.updatedAt && items[i - 1].id < c.id));

describe('matching: skip and query', () => {
	test('skip 2, count 1 fails exactly the 3rd page; other requests do not count', async () => {
		sb.injectFault({ kind: 'status', status: 503, body: 'html', skip: 2, count: 1, pathPrefix: '/lost_orders/' });
		expect(sb.listFaults()).toEqual([{ kind: 'status', status: 503, body: 'html', skip: 2, count: 1, pathPrefix: '/lost_orders/', remaining: 1 }]);
		const statuses: number[] = [];
		for (let page = 0; page < 5; page++) {
			await partner('/traffic/');
			statuses.push((await partner(`/lost_orders/?limit=20&offset=${page * 20}`)).status);
		}
		expect(statuses).toEqual([200, 200, 503, 200, 200]);
		expect(sb.listFaults()).toEqual([]);
	});

	test('query: only requests carrying each parameter with exactly that value', async () => {
		sb.injectFault({ kind: 'status', status: 502, query: { offset: '40', limit: '20' } });
		expect((await partner('/lost_orders/?limit=20&offset=20')).status).toBe(200);
		expect((await partner('/lost_orders/?limit=20&offset=400')).status).toBe(200);
		expect((await partner('/lost_orders/?offset=40')).status).toBe(200);
		expect((await partner('/lost_orders/?limit=20&offset=40')).status).toBe(502);
		expect((await partner('/appeals/?offset=40&limit=20')).status).toBe(502);
		const listed = (await control('faults')).body.faults;
		expect(listed).toEqual([{ kind: 'status', status: 502, query: { offset: '40', limit: '20' }, remaining: null }]);
	});

	test('skip counts only requests that meet the other conditions, with query', async () => {
		sb.injectFault({ kind: 'status', status: 500, skip: 1, count: 2, api: 'click', query: { limit: '5' } });
		const statuses: number[] = [];
		for (const q of ['limit=5', 'limit=6', 'limit=5', 'limit=6', 'limit=5', 'limit=5']) statuses.push((await click(q)).status);
		expect(statuses).toEqual([200, 200, 500, 200, 500, 200]);
	});
});

describe('status faults: proxy page and rate limit body', () => {
	test('html: the page nginx sends, title = status and reason, a few hundred bytes', async () => {
		sb.injectFault({ kind: 'status', status: 502, body: 'html', count: 1 });
		const r = await click('limit=1');
		expect(r.status).toBe(502);
		expect(r.headers.get('content-type')).toBe('text/html');
		expect(r.text).toMatch(/^<html>\r\n<head><title>502 Bad Gateway<\/title><\/head>\r\n<body>\r\n<center><h1>502 Bad Gateway<\/h1><\/center>\r\n<hr><center>nginx<\/center>/);
		expect(r.text.length).toBeGreaterThan(200);
		expect(r.text.length).toBeLessThan(1000);
		expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));

		sb.injectFault({ kind: 'status', status: 504, body: 'html', retryAfter: 3, count: 1 });
		const timeout = await partner('/traffic/');
		expect(timeout.text).toContain('<title>504 Gateway Time-out</title>');
		expect(timeout.headers.get('retry-after')).toBe('3');
	});

	test('rateLimit: the partner interface error_code 4, 503 or 429; the real limiter says the same', async () => {
		const RATE_LIMITED = {
			error: 'request_limit_exceeded',
			error_description: 'The maximum number of requests for the period expired',
			error_code: 4,
		};
		sb.injectFault({ kind: 'status', status: 503, body: 'rateLimit', count: 1 });
		// Without api the fault waits for a partner request: the click report is not its service.
		expect((await click('limit=1')).status).toBe(200);
		const limited = await partner('/traffic/');
		expect([limited.status, limited.body]).toEqual([503, RATE_LIMITED]);
		sb.injectFault({ kind: 'status', status: 429, body: 'rateLimit', api: 'partner', count: 1 });
		expect((await partner('/traffic/')).status).toBe(429);

		sb.configure({ rateLimits: true, partnerRequestsPerMinute: 1 });
		clockMs += 120_000;
		expect((await partner('/traffic/')).status).toBe(200);
		const real = await partner('/traffic/');
		expect([real.status, real.body]).toEqual([503, RATE_LIMITED]);
	});
});

describe('body faults: the handler runs, its 2xx answer is spoiled', () => {
	const LIST = '/lost_orders/?limit=5&status=accepted';
	const spoiled = async (fault: Record<string, unknown>, path = LIST) => {
		sb.injectFault({ kind: 'body', count: 1, ...fault } as never);
		return partner(path);
	};

	test('malformed, html, empty: exact bytes and headers, status kept', async () => {
		const real = await partner(LIST);
		const malformed = await spoiled({ body: 'malformed' });
		expect([malformed.status, malformed.headers.get('content-type')]).toEqual([200, 'application/json']);
		expect(() => JSON.parse(malformed.text)).toThrow();
		expect(malformed.text).toBe(`{,${real.text.slice(1)}`);

		const html = await spoiled({ body: 'html' });
		expect([html.status, html.headers.get('content-type')]).toEqual([200, 'text/html']);
		expect(html.text).toMatch(/^<!DOCTYPE html>.*<title>Just a moment\.\.\.<\/title>/);

		const empty = await spoiled({ body: 'empty' });
		expect([empty.status, empty.headers.get('content-length'), empty.text]).toEqual([200, '0', '']);
	});

	test('truncated: the first half of the real JSON, Content-Length of the cut body', async () => {
		const real = await click('limit=20');
		sb.injectFault({ kind: 'body', body: 'truncated', api: 'click', count: 1 });
		const cut = await click('limit=20');
		expect(cut.status).toBe(200);
		expect(real.text.startsWith(cut.text)).toBe(true);
		expect(cut.text.length).toBe(Math.floor(real.text.length / 2));
		expect(Number(cut.headers.get('content-length'))).toBe(Buffer.byteLength(cut.text));
		expect(cut.body).toBeUndefined();
	});

	test('drop removes the top-level key; dropItem removes the last item and keeps the envelope', async () => {
		const real = await partner(LIST);
		const noResults = await spoiled({ body: 'drop', key: 'results' });
		expect(noResults.body).toEqual({ _meta: real.body._meta });
		const noMeta = await spoiled({ body: 'drop', key: '_meta' });
		expect(noMeta.body).toEqual({ results: real.body.results });

		const twice = await spoiled({ body: 'repeatItem' });
		expect(twice.body.results).toEqual([real.body.results[0], real.body.results[0], ...real.body.results.slice(2)]);
		expect(twice.body._meta).toEqual(real.body._meta);

		const short = await spoiled({ body: 'dropItem' });
		expect(short.body.results).toEqual(real.body.results.slice(0, -1));
		expect(short.body._meta).toEqual(real.body._meta);

		const clicks = await click('limit=10');
		sb.injectFault({ kind: 'body', body: 'dropItem', api: 'click', count: 1 });
		const fewer = await click('limit=10');
		expect(fewer.body).toEqual({ meta: clicks.body.meta, data: clicks.body.data.slice(0, -1) });

		const payments = '/lost_orders/payments_info/?advcampaign=6115&order_id=61150001&order_id=nope';
		const info = await partner(payments);
		expect(info.body.order_info).toHaveLength(2);
		expect((await spoiled({ body: 'dropItem' }, payments)).body).toEqual({ order_info: info.body.order_info.slice(0, 1) });
		expect((await spoiled({ body: 'drop', key: 'order_info' }, payments)).body).toEqual({});
	});

	test('set puts a JSON value at a dotted path of the real answer; a path that leads nowhere leaves it as it is', async () => {
		const real = await partner(LIST);
		const counted = await spoiled({ body: 'set', key: '_meta.count', value: 1e15 });
		expect(counted.body).toEqual({ ...real.body, _meta: { ...real.body._meta, count: 1e15 } });
		const other = await spoiled({ body: 'set', key: 'results.1', value: real.body.results[0] });
		expect(other.body.results).toEqual([real.body.results[0], real.body.results[0], ...real.body.results.slice(2)]);
		const appended = await spoiled({ body: 'set', key: `results.${real.body.results.length}`, value: real.body.results[0] });
		expect(appended.body.results).toEqual([...real.body.results, real.body.results[0]]);
		expect((await spoiled({ body: 'set', key: 'results.999.id', value: 1 })).body).toEqual(real.body);
		expect((await spoiled({ body: 'set', key: 'nowhere.deep', value: 1 })).body).toEqual(real.body);
	});

	test('a POST still creates its record; a non-2xx answer is left as it is', async () => {
		const before = sb.data.lostOrders.length;
		sb.injectFault({ kind: 'body', body: 'empty', method: 'POST', count: 1 });
		const fields = { advcampaign: '6115', website: '1021', order_id: 'SPOILED-1', order_date: '01.03.2026', order_price: '10' };
		const created = await partner('/lost_orders/create/', { method: 'POST', body: form(fields) });
		expect([created.status, created.text]).toEqual([201, '']);
		expect(sb.data.lostOrders).toHaveLength(before + 1);
		expect(sb.data.lostOrders[0].order_id).toBe('SPOILED-1');

		sb.injectFault({ kind: 'body', body: 'malformed', count: 1 });
		const refused = await partner('/lost_orders/', { token: null });
		expect([refused.status, refused.body.error]).toEqual([401, 'invalid_token']);
	});
});

describe('redirect faults', () => {
	test('a path is on the same server; the request is not handled', async () => {
		sb.injectFault({ kind: 'redirect', location: '/traffic/?limit=2', pathPrefix: '/websites/kinds/', count: 2 });
		const manual = await partner('/websites/kinds/', { redirect: 'manual' });
		expect(manual.status).toBe(302);
		expect(manual.headers.get('location')).toBe(`${sb.partnerUrl}/traffic/?limit=2`);
		expect(manual.headers.get('content-type')).toBe('text/html');
		const followed = await partner('/websites/kinds/');
		expect(followed.status).toBe(200);
		expect(followed.body._meta.limit).toBe(2);
	});

	test('an absolute location as given, with the chosen status; /token/ too', async () => {
		sb.injectFault({ kind: 'redirect', status: 307, location: 'https://login.example.net/maintenance', api: 'click', count: 1 });
		const moved = await call(`${sb.clickUrl}/v2/api/stats/click`, { redirect: 'manual' });
		expect([moved.status, moved.headers.get('location')]).toEqual([307, 'https://login.example.net/maintenance']);

		const minted = sb.tokensMinted;
		sb.injectFault({ kind: 'redirect', status: 308, location: '/oauth/token/', pathPrefix: '/token/', count: 1 });
		const basic = Buffer.from(`${sb.clientId}:${sb.clientSecret}`).toString('base64');
		const token = await call(`${sb.partnerUrl}/token/`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'grant_type=client_credentials&scope=public_data',
		});
		expect([token.status, token.headers.get('location')]).toEqual([308, `${sb.partnerUrl}/oauth/token/`]);
		expect(sb.tokensMinted).toBe(minted);
	});
});

describe('shift faults: data moves while a client pages', () => {
	let own: Sandbox;
	let ownHttp: ReturnType<typeof sandboxHttp>;

	beforeEach(async () => {
		own = await start();
		ownHttp = sandboxHttp(() => own);
	});

	afterEach(async () => {
		await own.close();
	});

	test('remove: the newest matching claims go after the answer; later pages move up', async () => {
		const LIST = '/lost_orders/?status=accepted&limit=20';
		const accepted = own.data.lostOrders.filter((o) => o.status === 'accepted');
		own.injectFault({ kind: 'shift', action: 'remove', records: 5, count: 1 });
		// Not a list: the fault waits.
		expect((await ownHttp.partner('/traffic/')).status).toBe(200);
		const first = await ownHttp.partner(LIST);
		expect(ids(first.body.results)).toEqual(ids(accepted.slice(0, 20)));
		expect(first.body._meta.count).toBe(accepted.length);

		const second = await ownHttp.partner(`${LIST}&offset=20`);
		expect(second.body._meta.count).toBe(accepted.length - 5);
		expect(ids(second.body.results)).toEqual(ids(accepted.slice(25, 45)));
		expect(own.data.lostOrders.filter((o) => o.status === 'accepted')).toEqual(accepted.slice(5));
		expect(isNewestFirst(own.data.lostOrders)).toBe(true);
		expect(own.listFaults()).toEqual([]);
	});

	test('insert: new claims matching the filters, newest of all, with fresh ids', async () => {
		const LIST = '/appeals/?advcampaign=6115&status=rejected&limit=10';
		const before = (await ownHttp.partner(LIST)).body;
		const maxId = Math.max(...own.data.appeals.map((a) => a.id));
		own.injectFault({ kind: 'shift', action: 'insert', records: 10, pathPrefix: '/appeals/', count: 1 });
		const answered = await ownHttp.partner(LIST);
		expect(answered.body).toEqual(before);

		const after = (await ownHttp.partner(LIST)).body;
		expect(after._meta.count).toBe(before._meta.count + 10);
		expect(ids(after.results)).toEqual(Array.from({ length: 10 }, (_, i) => maxId + 10 - i));
		for (const appeal of after.results) expect(appeal).toMatchObject({ advcampaign: { id: 6115 }, status: 'rejected' });
		expect(Object.keys(after.results[0])).toEqual(Object.keys(before.results[0]));
		expect(after.results[0].date_created).toBe('2026-03-15T14:30:00');
		expect(isNewestFirst(own.data.appeals)).toBe(true);
		expect((await ownHttp.partner(`${LIST}&offset=10`)).body.results).toEqual(before.results);
	});

	test('insert into a dated window: the new claims stay inside it', async () => {
		const LIST = '/lost_orders/?start_date=01.01.2026&end_date=31.01.2026';
		const before = (await ownHttp.partner(LIST)).body;
		const maxId = Math.max(...own.data.lostOrders.map((o) => o.id));
		own.injectFault({ kind: 'shift', action: 'insert', records: 3, count: 1 });
		await ownHttp.partner(LIST);
		const after = (await ownHttp.partner(LIST)).body;
		expect(after._meta.count).toBe(before._meta.count + 3);
		expect(after.results.slice(0, 3).map((o: LostOrder) => [o.id, o.date_created])).toEqual([
			[maxId + 3, '2026-01-31T23:59:59'],
			[maxId + 2, '2026-01-31T23:59:59'],
			[maxId + 1, '2026-01-31T23:59:59'],
		]);
		expect(after.results.slice(3)).toEqual(before.results.slice(0, 17));
		expect(isNewestFirst(own.data.lostOrders)).toBe(true);
	});

	test('click update: the oldest matching items get a new updatedAt and move to the top', async () => {
		const PERIOD = 'dateFrom=2026-01-01&dateTo=2026-03-15';
		const QUERY = `${PERIOD}&limit=50`;
		const everything: ClickItem[] = [];
		let total = Infinity;
		for (let offset = 0; offset < total; offset += 500) {
			const page = (await ownHttp.click(`${PERIOD}&offset=${offset}`)).body;
			total = page.meta.total;
			everything.push(...page.data);
		}
		const oldest = everything.slice(-3);
		clockMs += 60_000;
		own.injectFault({ kind: 'shift', action: 'update', records: 3, count: 1 });
		const answered = await ownHttp.click(QUERY);
		expect(answered.body.data).toEqual(everything.slice(0, 50));

		const after = (await ownHttp.click(QUERY)).body;
		expect(after.meta.total).toBe(total);
		expect(new Set(ids(after.data.slice(0, 3)))).toEqual(new Set(ids(oldest)));
		for (const item of after.data.slice(0, 3)) {
			expect(item.updatedAt).toBe(new Date(clockMs).toISOString());
			expect(item.count).toBe(oldest.find((o) => o.id === item.id)!.count + 1);
		}
		expect(isServerOrder(own.clicks.all())).toBe(true);
	});

	test('click updateNewest: the newest matching items are counted again and leave a read pinned before it', async () => {
		const PERIOD = 'dateFrom=2026-01-01&dateTo=2026-03-15';
		const before = (await ownHttp.click(`${PERIOD}&limit=50`)).body;
		const pin = `${PERIOD}&updatedAtFrom=2000-01-01T00:00:00.000Z&updatedAtTo=${encodeURIComponent(before.data[0].updatedAt)}&limit=50`;
		clockMs += 60_000;
		own.injectFault({ kind: 'shift', action: 'updateNewest', records: 3, api: 'click', count: 1 });
		expect((await ownHttp.click(`${PERIOD}&limit=50`)).body).toEqual(before);

		const after = (await ownHttp.click(`${PERIOD}&limit=50`)).body;
		expect(after.meta.total).toBe(before.meta.total);
		expect(new Set(ids(after.data.slice(0, 3)))).toEqual(new Set(ids(before.data.slice(0, 3))));
		for (const item of after.data.slice(0, 3)) expect(item.updatedAt).toBe(new Date(clockMs).toISOString());
		const pinned = (await ownHttp.click(pin)).body;
		expect(pinned.meta.total).toBe(before.meta.total - 3);
		expect(pinned.data).toEqual(before.data.slice(3, 50).concat(pinned.data.slice(47)));
		expect(isServerOrder(own.clicks.all())).toBe(true);
	});

	test('click insert: new items of the filtered merchant, updatedAt now', async () => {
		const QUERY = 'merchantId=40037&limit=20';
		const before = (await ownHttp.click(QUERY)).body;
		own.injectFault({ kind: 'shift', action: 'insert', records: 4, api: 'click', count: 1 });
		expect((await ownHttp.click(QUERY)).body).toEqual(before);
		const after = (await ownHttp.click(QUERY)).body;
		expect(after.meta.total).toBe(before.meta.total + 4);
		for (const item of after.data.slice(0, 4)) {
			expect(item).toMatchObject({ merchantId: 40037, merchantName: 'Gadget Hub', date: '2026-03-15', updatedAt: '2026-03-15T14:30:00.000Z' });
		}
		expect(after.data.slice(4)).toEqual(before.data.slice(0, 16));
	});
});

describe('tokenLatencyMs', () => {
	test('delays only POST /token/, on top of latencyMs; settable over HTTP', async () => {
		expect((await control('config', 'POST', { tokenLatencyMs: 300 })).body.config.tokenLatencyMs).toBe(300);
		const basic = Buffer.from(`${sb.clientId}:${sb.clientSecret}`).toString('base64');
		let t = Date.now();
		const minted = await call(`${sb.partnerUrl}/token/`, {
			method: 'POST',
			headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'grant_type=client_credentials&scope=public_data',
		});
		expect(minted.status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(290);
		t = Date.now();
		await partner('/traffic/');
		await click('limit=1');
		expect(Date.now() - t).toBeLessThan(250);
		expect((await control('config', 'POST', { tokenLatencyMs: -1 })).status).toBe(400);
	});
});

describe('validation over HTTP', () => {
	test.each([
		[{ kind: 'slow' }, /kind must be one of/],
		[{ kind: 'status', status: 503, pathprefix: '/x' }, /unknown field\(s\) pathprefix/],
		[{ kind: 'status', status: 503, body: 'xml' }, /body of a status fault/],
		[{ kind: 'status', status: 502, body: 'rateLimit' }, /needs status 503/],
		[{ kind: 'status', status: 503, body: 'rateLimit', api: 'click' }, /partner interface/],
		[{ kind: 'status', status: 503, skip: -1 }, /skip must be/],
		[{ kind: 'status', status: 503, query: { offset: 200 } }, /query.offset must be a string/],
		[{ kind: 'status', status: 503, query: ['offset'] }, /query must be an object/],
		[{ kind: 'body', body: 'drop' }, /needs key/],
		[{ kind: 'body', body: 'html', key: 'results' }, /key is only used/],
		[{ kind: 'body', body: 'set', value: 1 }, /body "set" needs key/],
		[{ kind: 'body', body: 'set', key: '_meta.count' }, /body "set" needs value/],
		[{ kind: 'body', body: 'drop', key: 'results', value: 1 }, /value is only used with body "set"/],
		[{ kind: 'body', body: 'gzip' }, /body must be one of/],
		[{ kind: 'redirect' }, /location must be/],
		[{ kind: 'redirect', location: '/x', status: 303 }, /status of a redirect/],
		[{ kind: 'redirect', location: 'ftp://example.net/' }, /absolute http\(s\) URL/],
		[{ kind: 'redirect', location: '//example.net/' }, /absolute http\(s\) URL/],
		[{ kind: 'shift', action: 'remove', records: 0 }, /records must be/],
		[{ kind: 'shift', action: 'delete', records: 1 }, /action must be one of/],
		[{ kind: 'shift', action: 'remove', records: 1, api: 'click' }, /statistics are not deleted/],
		[{ kind: 'shift', action: 'update', records: 1, api: 'partner', pathPrefix: '/lost_orders/' }, /applies only to click/],
		[{ kind: 'shift', action: 'insert', records: 1, pathPrefix: '/landings/' }, /match none of them/],
		[{ kind: 'shift', action: 'insert', records: 1, method: 'POST' }, /GET list requests only/],
	])('%j is refused', async (spec, message) => {
		const r = await control('faults', 'POST', spec);
		expect(r.status).toBe(400);
		expect(r.body.error).toMatch(message);
		expect(sb.listFaults()).toEqual([]);
	});

	test('valid specs of every kind are listed as given with remaining', async () => {
		const specs = [
			{ kind: 'body', body: 'drop', key: 'results', skip: 1, count: 2, query: { offset: '0' } },
			{ kind: 'redirect', location: '/traffic/' },
			{ kind: 'shift', action: 'insert', records: 10, api: 'partner', count: 3 },
		];
		for (const spec of specs) expect((await control('faults', 'POST', spec)).status).toBe(201);
		expect((await control('faults')).body.faults).toEqual([
			{ ...specs[0], remaining: 2 },
			{ ...specs[1], remaining: null },
			{ ...specs[2], remaining: 3 },
		]);
	});
});
