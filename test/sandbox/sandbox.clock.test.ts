// The click service's own clock (clickClockOffsetMs) and the Date header both services send by their clock.
// Date is faked as in the trigger's tests, so the header must come from the sandbox, not from Node.

import type { ClickItem } from '../../sandbox/server';
import { useSandbox } from '../harness/sandboxFixture';
import { advanceClock, fakeDateOnly } from '../click/simulatedTime';
import { form, Res, sandboxHttp } from './http';

// Ten minutes before midnight (UTC): 15 minutes ahead, the click service is already on the next day.
const START = Date.parse('2026-03-15T23:50:00.400Z');
const MINUTE = 60_000;
const RFC_7231 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

beforeAll(() => fakeDateOnly(START));
afterAll(() => jest.useRealTimers());
const sandbox = useSandbox({ clickItems: 2000, clickDays: 3 }, { clickClockOffsetMs: 0, rateLimits: false });
beforeEach(() => jest.setSystemTime(START));
const { partner, click, control } = sandboxHttp(sandbox);

/** The answer's Date header is RFC 7231 and within a second (its resolution) of `ms`. */
function expectDate(res: Res, ms: number): void {
	const header = res.headers.get('date') ?? '';
	expect(header).toMatch(RFC_7231);
	expect(Math.abs(Date.parse(header) - ms)).toBeLessThan(1000);
}

const iso = (ms: number) => new Date(ms).toISOString();
const ymd = (ms: number) => iso(ms).slice(0, 10);
const clickControl = (path: string, method: string, body?: unknown) => control(path, method, body, sandbox().clickUrl);

describe.each([
	['5 minutes behind', -5 * MINUTE],
	['15 minutes ahead', 15 * MINUTE],
])('click clock %s', (_name, offset) => {
	const clickNow = START + offset;
	beforeEach(() => sandbox().configure({ clickClockOffsetMs: offset }));

	test('inserted and updated items are stamped by the click clock, over HTTP and in process', async () => {
		const [viaHttp] = (await clickControl('clicks', 'POST', { items: [{ count: 2 }] })).body.data as ClickItem[];
		const [inProcess] = sandbox().clicks.insert([{ count: 3 }]);
		for (const item of [viaHttp, inProcess]) expect(item).toMatchObject({ updatedAt: iso(clickNow), date: ymd(clickNow) });

		advanceClock(MINUTE);
		expect((await clickControl(`clicks/${viaHttp.id}`, 'PATCH', { count: 4 })).body.updatedAt).toBe(iso(clickNow + MINUTE));
		expect(sandbox().clicks.update(inProcess.id).updatedAt).toBe(iso(clickNow + MINUTE));
		// An explicit updatedAt is kept as given.
		expect(sandbox().clicks.update(inProcess.id, { updatedAt: iso(START) }).updatedAt).toBe(iso(START));
	});

	test('no period means today by the click clock', async () => {
		const [item] = sandbox().clicks.insert([{}]);
		const res = await click('limit=500');
		expect(res.status).toBe(200);
		expect(res.body.data.map((c: ClickItem) => c.id)).toContain(item.id);
		expect(res.body.data.every((c: ClickItem) => c.date === ymd(clickNow))).toBe(true);
	});

	test('shift faults insert and update by the click clock', async () => {
		const before = new Map(sandbox().clicks.all().map((c) => [c.id, c.updatedAt]));
		sandbox().injectFault({ kind: 'shift', action: 'insert', records: 2, api: 'click', count: 1 });
		expect((await click('limit=1')).status).toBe(200);
		const period = `dateFrom=${ymd(START - 2 * 86_400_000)}&dateTo=${ymd(START)}`;
		sandbox().injectFault({ kind: 'shift', action: 'update', records: 3, api: 'click', count: 1 });
		expect((await click(`limit=1&${period}`)).status).toBe(200);
		const changed = sandbox().clicks.all().filter((c) => before.get(c.id) !== c.updatedAt);
		expect(changed.filter((c) => !before.has(c.id))).toHaveLength(2);
		expect(changed.filter((c) => before.has(c.id))).toHaveLength(3);
		expect(changed.every((c) => c.updatedAt === iso(clickNow))).toBe(true);
	});

	test('click answers carry the click clock in Date, partner answers the machine clock', async () => {
		sandbox().injectFault({ kind: 'status', status: 503, api: 'click', count: 1 });
		sandbox().injectFault({ kind: 'status', status: 502, body: 'html', api: 'partner', count: 1 });
		const clickAnswers = [await click('limit=1'), await click('limit=1'), await click('limit=0'), await click('', null)];
		expect(clickAnswers.map((r) => r.status)).toEqual([503, 200, 400, 401]);
		for (const res of clickAnswers) expectDate(res, clickNow);

		const partnerAnswers = [await partner('/traffic/'), await partner('/traffic/'), await partner('/traffic/', { token: 'nope' })];
		expect(partnerAnswers.map((r) => r.status)).toEqual([502, 200, 401]);
		for (const res of partnerAnswers) expectDate(res, START);
		// Records the partner service creates are stamped by the machine clock too.
		const created = await partner('/lost_orders/create/', {
			method: 'POST',
			body: form({ advcampaign: '6115', website: '1021', order_id: 'CLOCK-1', order_date: '14.03.2026', order_price: '10' }),
		});
		expect(created.status).toBe(201);
		expect(created.body.date_created).toBe(iso(START).slice(0, 19));
	});

	test('rate-limit answers carry their service clock too', async () => {
		sandbox().configure({ rateLimits: true, clickRequestsPerSecond: 1, partnerRequestsPerMinute: 1 });
		await click('limit=1');
		const throttled = await click('limit=1');
		expect(throttled.status).toBe(429);
		expectDate(throttled, clickNow);
		await partner('/traffic/');
		const limited = await partner('/traffic/');
		expect(limited.status).toBe(503);
		expectDate(limited, START);
	});

	test('an updatedAt window selects by the stamps as before', async () => {
		const [stamped] = sandbox().clicks.insert([{}]);
		const [given] = sandbox().clicks.insert([{ updatedAt: iso(START - 30 * MINUTE) }]);
		const window = async (from: number, to: number): Promise<ClickItem[]> =>
			(await click(`limit=500&updatedAtFrom=${iso(from)}&updatedAtTo=${iso(to)}`)).body.data;
		const exact = await window(clickNow, clickNow);
		expect(exact.map((c) => c.id)).toContain(stamped.id);
		expect(exact.every((c) => c.updatedAt === iso(clickNow))).toBe(true);
		const wide = (await window(START - 60 * MINUTE, START + 60 * MINUTE)).map((c) => c.id);
		expect(wide.indexOf(stamped.id)).toBeGreaterThanOrEqual(0);
		expect(wide.indexOf(stamped.id)).toBeLessThan(wide.indexOf(given.id));
		// A client reading up to its own clock misses what a clock ahead stamped after it.
		const upToMachineNow = (await window(START - 60 * MINUTE, START)).map((c) => c.id);
		expect(upToMachineNow).toContain(given.id);
		expect(upToMachineNow.includes(stamped.id)).toBe(offset < 0);
	});
});

describe('configuration and the faked clock', () => {
	test('the offset changes at runtime over POST /_sandbox/config on both ports; a non-number is refused', async () => {
		expect(sandbox().config.clickClockOffsetMs).toBe(0);
		expect((await control('config', 'POST', { clickClockOffsetMs: -5 * MINUTE })).body.config.clickClockOffsetMs).toBe(-5 * MINUTE);
		expectDate(await click('limit=1'), START - 5 * MINUTE);
		expect((await clickControl('config', 'POST', { clickClockOffsetMs: 15 * MINUTE })).status).toBe(200);
		expectDate(await click('limit=1'), START + 15 * MINUTE);
		expect((await clickControl('state', 'GET')).body.config.clickClockOffsetMs).toBe(15 * MINUTE);

		for (const bad of ['900000', null, true, [1]]) {
			const res = await control('config', 'POST', { clickClockOffsetMs: bad });
			expect(res.status).toBe(400);
			expect(res.body.error).toBe('clickClockOffsetMs must be a finite number');
		}
		expect(() => sandbox().configure({ clickClockOffsetMs: Number.NaN })).toThrow('finite');
		expect(sandbox().config.clickClockOffsetMs).toBe(15 * MINUTE);
	});

	test('Date follows a faked clock, not the real one', async () => {
		const faked = Date.parse('2031-07-04T12:00:00.000Z');
		jest.setSystemTime(faked);
		expectDate(await partner('/traffic/'), faked);
		expectDate(await click('limit=1'), faked);
		advanceClock(90_000);
		sandbox().configure({ clickClockOffsetMs: -MINUTE });
		expectDate(await click('limit=1'), faked + 30_000);
		expect((await click('limit=1')).headers.get('date')).toBe('Fri, 04 Jul 2031 12:00:30 GMT');
	});
});
