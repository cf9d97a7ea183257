// Conversions of both services over time (docs/sandbox.md, "Conversions over time"): the settlement
// 45-50 days after CONFIRMED (../shared/spec/published-api-facts.md section 8), late writes stamped
// before they become visible, changes arriving in the near future, the control endpoints, and the
// faults that move actions between the pages of a read.

import { Action, DAY, MINUTE, START, useMovingClock } from './movingClock';

const { clock, sandbox, client, clickActions: clickRead, partnerActions: partnerRead } = useMovingClock();
const clickActions = async (query: string) => (await clickRead(query)).body;
const partnerActions = async (query: string) => (await partnerRead(query)).body;
const spacedMs = (spaced: string) => Date.parse(`${spaced.replace(' ', 'T')}Z`);

/** The versions (id and stamp) that first show between two reads a minute apart, over the next `minutes`. */
async function arrivals(minutes: number, read: () => Promise<Array<{ id: string; stampMs: number }>>) {
	const seen = new Set((await read()).map((v) => `${v.id} ${v.stampMs}`));
	const arrived: Array<{ id: string; stampMs: number; previousRead: number; visibleBy: number }> = [];
	for (let minute = 1; minute <= minutes; minute++) {
		const previousRead = clock.ms;
		clock.ms = START + minute * MINUTE;
		for (const v of await read()) {
			const key = `${v.id} ${v.stampMs}`;
			if (!seen.has(key)) arrived.push({ ...v, previousRead, visibleBy: clock.ms });
			seen.add(key);
		}
	}
	return arrived;
}

describe.each([
	['click', async () => (await client().actions<Action>('click')).map((a) => ({ id: a.actionId as string, stampMs: Date.parse(a.updatedAt as string) }))],
	['partner', async () => (await client().actions<Action>('partner')).map((a) => ({ id: String(a.id), stampMs: spacedMs(a.status_updated as string) }))],
] as const)('%s actions over the next 40 minutes', (_service, read) => {
	test('new actions and status changes arrive, some of them late: stamped before a read that did not see them', async () => {
		const arrived = await arrivals(40, read);
		expect(arrived.length).toBeGreaterThanOrEqual(10);
		const late = arrived.filter((a) => a.stampMs < a.previousRead);
		expect(late.length).toBeGreaterThanOrEqual(2);
		// Late by 1 to 10 minutes (and the seconds of the minute the read steps over).
		for (const a of late) expect(a.visibleBy - a.stampMs).toBeLessThanOrEqual(11 * MINUTE);
		expect(arrived.some((a) => a.stampMs >= a.previousRead)).toBe(true);
	});
});

describe('the settlement (section 8: after 45-50 days in CONFIRMED without a change)', () => {
	test('CONFIRMED becomes SETTLED 45 to 50 days after the confirmation, stamped then', async () => {
		const [created] = await client().createActions<Action>('click', [{}]);
		clock.ms += MINUTE;
		const confirmed = await client().changeAction<Action>('click', created.actionId, { status: 'CONFIRMED' });
		const confirmedMs = Date.parse(confirmed.updatedAt);
		clock.ms = confirmedMs + 45 * DAY - 1;
		expect((await client().actions<Action>('click')).find((a) => a.actionId === created.actionId)!.status).toBe('CONFIRMED');
		clock.ms = confirmedMs + 50 * DAY;
		const settled = (await client().actions<Action>('click')).find((a) => a.actionId === created.actionId)!;
		expect(settled.status).toBe('SETTLED');
		const afterMs = Date.parse(settled.updatedAt) - confirmedMs;
		expect(afterMs).toBeGreaterThanOrEqual(45 * DAY);
		expect(afterMs).toBeLessThanOrEqual(50 * DAY);
		// A read by updatedAt finds the settlement as a change.
		expect((await clickActions(`updatedAtFrom=${settled.updatedAt}&limit=500`)).data.map((a: Action) => a.actionId)).toContain(created.actionId);
	});

	test('a revenue change while CONFIRMED starts the 45-50 days again', async () => {
		const [created] = await client().createActions<Action>('click', [{ status: 'CONFIRMED' }]);
		clock.ms += 40 * DAY;
		await client().changeAction<Action>('click', created.actionId, { publisherRevenue: 1.23 });
		clock.ms += 44 * DAY;
		const still = (await client().actions<Action>('click')).find((a) => a.actionId === created.actionId)!;
		expect([still.status, still.publisherRevenue]).toEqual(['CONFIRMED', 1.23]);
		clock.ms += 6 * DAY;
		expect((await client().actions<Action>('click')).find((a) => a.actionId === created.actionId)!.status).toBe('SETTLED');
	});

	test('seeded actions include settled ones, each settled at least 45 days after its creation', async () => {
		const settled = (await client().actions<Action>('click')).filter((a) => a.status === 'SETTLED');
		expect(settled.length).toBeGreaterThan(10);
		for (const a of settled) expect(Date.parse(a.updatedAt) - Date.parse(a.createdAt)).toBeGreaterThanOrEqual(45 * DAY);
	});
});

describe('control endpoints', () => {
	test('a late write: visible now, stamped stampedAgoMs before, missed by a read from the moment before', async () => {
		const [partner] = await client().createActions<Action>('partner', [{ website_id: 1022, advcampaign_id: 7204, subid: 'late' }]);
		expect(partner).toMatchObject({ status: 'pending', website_name: 'Loyalty Club App', advcampaign_id: 7204, subid: 'late' });
		const before = clock.ms;
		clock.ms += 10 * MINUTE;
		const changed = await client().changeAction<Action>('partner', partner.id, { status: 'approved', stampedAgoMs: 7 * MINUTE });
		expect(changed).toMatchObject({ status: 'approved', processed: 1, status_updated: new Date(before + 3 * MINUTE).toISOString().slice(0, 19).replace('T', ' ') });
		const fromLastRead = await partnerActions(`status_updated_start=${dmyTime(before + 5 * MINUTE)}&subid=late`);
		expect(fromLastRead._meta.count).toBe(0);
		const reread = await partnerActions(`status_updated_start=${dmyTime(before)}&subid=late`);
		expect(reread.results.map((a: Action) => a.status)).toEqual(['approved']);
	});

	test('bursts larger than a page, and refusals', async () => {
		const created = await client().createActions<Action>('click', Array.from({ length: 600 }, () => ({ subId: 'burst' })));
		expect(created).toHaveLength(600);
		clock.ms += 1000;
		expect(await client().changeActions('click', created.map((a) => ({ id: a.actionId, status: 'CONFIRMED' })))).toBe(600);
		const page = await clickActions('subId=burst&status=CONFIRMED&limit=500');
		expect(page.data).toHaveLength(500);
		expect(page.meta.next).toEqual(expect.any(String));
		await expect(client().changeAction<Action>('partner', 1, { status: 'approved' })).rejects.toThrow(/HTTP 404/);
		await expect(client().changeAction<Action>('click', created[0].actionId, { status: 'approved' })).rejects.toThrow(/HTTP 400.*status must be one of PENDING/);
		await expect(client().createActions<Action>('partner', [{ websiteId: 1 }])).rejects.toThrow(/unknown field\(s\) websiteId/);
	});
});

describe('faults on the action lists', () => {
	test('shift update during a cursor read: the updated actions are read again at the end, none is lost', async () => {
		const before = (await client().actions<Action>('click')).map((a) => a.actionId).sort();
		sandbox().injectFault({ kind: 'shift', action: 'update', records: 3, pathPrefix: '/v3/', count: 1 });
		clock.ms += 1000;
		const rows: Action[] = [];
		let next: string | null = null;
		do {
			const page = await clickActions(`limit=50${next ? `&next=${next}` : ''}`);
			rows.push(...page.data);
			next = page.meta.next;
		} while (next);
		expect([...new Set(rows.map((a) => a.actionId))].sort()).toEqual(before);
		expect(rows.slice(-3).every((a) => a.updatedAt === new Date(clock.ms).toISOString())).toBe(true);
	});

	test('shift update and insert on /statistics/actions/ move actions between offset pages', async () => {
		const count = async () => (await partnerActions('status=pending&limit=1'))._meta.count;
		const pending = await count();
		sandbox().injectFault({ kind: 'shift', action: 'update', records: 5, pathPrefix: '/statistics/actions/', count: 1 });
		await partnerActions('status=pending&limit=20');
		expect(await count()).toBe(pending - 5);
		sandbox().injectFault({ kind: 'shift', action: 'insert', records: 7, pathPrefix: '/statistics/actions/', count: 1 });
		await partnerActions('status=1&website=1023&limit=20');
		expect(await count()).toBe(pending + 2);
	});

	test('body faults reach the new answers: meta.next, data, a bare array', async () => {
		sandbox().injectFault({ kind: 'body', body: 'set', key: 'meta.next', value: null, api: 'click', count: 1 });
		expect((await clickActions('limit=5')).meta.next).toBeNull();
		sandbox().injectFault({ kind: 'body', body: 'dropItem', api: 'click', count: 1 });
		expect((await clickActions('limit=5')).data).toHaveLength(4);
		sandbox().injectFault({ kind: 'body', body: 'repeatItem', pathPrefix: '/statistics/actions/', count: 1 });
		const totals = await partnerActions('total=1');
		expect(totals[0]).toEqual(totals[1]);
	});
});

function dmyTime(ms: number): string {
	const [date, time] = new Date(ms).toISOString().slice(0, 19).split('T');
	const [y, m, d] = date.split('-');
	return encodeURIComponent(`${d}.${m}.${y} ${time}`);
}
