// Version 1.1 of both triggers: each item also carries `eventKey`, the same for the same change in
// whichever execution carries it; version 1 items stay exactly as they were. Through n8n-core's
// PollContext against the sandbox over HTTP, several instances started from one stored state.
import type { IDataObject } from 'n8n-workflow';

import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';
import { ClickReportTrigger } from '../../nodes/ClickReportTrigger/ClickReportTrigger.node';
import { advanceClock } from '../click/simulatedTime';
import { itemsOf } from '../harness/durable';
import { createTrigger } from '../harness/run';
import { ALL_CLAIM_EVENTS, clickCredentials, createClaim, decideClaim, insertClicks, openClaims, partnerCredentials, updateClick, useSandboxAt, versionOf } from './fixture';

const MINUTE = 60_000;
const sandbox = useSandboxAt(Date.UTC(2026, 5, 15, 12, 0, 0), { seed: 29, clickItems: 200, clickDays: 3 });

type TriggerType = 'affiliatePartnerTrigger' | 'clickReportTrigger';
const parametersOf = (type: TriggerType) => (type === 'affiliatePartnerTrigger' ? { events: ALL_CLAIM_EVENTS } : {});
const credentialsOf = (type: TriggerType) => (type === 'affiliatePartnerTrigger' ? partnerCredentials(sandbox()) : clickCredentials(sandbox()));
const trigger = (type: TriggerType, typeVersion: number, staticData: IDataObject = {}) =>
	createTrigger(parametersOf(type), credentialsOf(type), staticData, type, typeVersion);
const restores: Array<() => void> = [];
const afterThisTest = (restore: () => void) => restores.push(restore);
afterEach(() => restores.splice(0).forEach((restore) => restore()));
const withoutKey = ({ eventKey, ...rest }: IDataObject) => {
	expect(typeof eventKey).toBe('string');
	return rest;
};

/** What a version 1 trigger, and two version 1.1 triggers, emit from one stored state. */
async function pollEach(type: TriggerType, stored: IDataObject) {
	const v1 = itemsOf(await trigger(type, 1, stored).poll());
	const one = itemsOf(await trigger(type, 1.1, stored).poll());
	const other = itemsOf(await trigger(type, 1.1, stored).poll());
	expect(v1.every((item) => !('eventKey' in item))).toBe(true);
	expect(one.map(withoutKey)).toEqual(v1);
	expect(one.every((item) => Object.keys(item).at(-1) === 'eventKey')).toBe(true);
	expect(other).toEqual(one);
	return one;
}

test('new nodes of both triggers get their newest version, which has keys since 1.1; saved ones keep version 1', () => {
	for (const { description } of [new AffiliatePartnerTrigger(), new ClickReportTrigger()]) {
		const versions = description.version as number[];
		expect(versions.slice(0, 2)).toEqual([1, 1.1]);
		expect(description.defaultVersion).toBe(versions.at(-1));
	}
});

test('Affiliate Partner Trigger: version 1.1 items are version 1 items plus a key per change, the same in every instance', async () => {
	const first = trigger('affiliatePartnerTrigger', 1);
	expect(await first.poll()).toBeNull();
	const stored = first.staticData();
	advanceClock(5 * MINUTE);
	const order = openClaims(sandbox(), 'lost_orders')[0];
	await decideClaim(sandbox(), 'lost_orders', order.id, { status: 'accepted' });
	const appeal = openClaims(sandbox(), 'appeals')[0];
	await decideClaim(sandbox(), 'appeals', appeal.id, { status: 'rejected', appeal_status: 'resolved' });
	const created = await createClaim(sandbox(), 'lost_orders', 'KEYED-1');

	const events = await pollEach('affiliatePartnerTrigger', stored);
	expect(events.map((event) => event.eventKey).sort()).toEqual(
		[`lostOrderStatusChanged:${order.id}:accepted:${order.appeal_status}`, `appealStatusChanged:${appeal.id}:rejected:resolved`, `lostOrderCreated:${created}`].sort(),
	);

	// Another change of the same claim is another event, with a key of its own.
	await decideClaim(sandbox(), 'lost_orders', order.id, { status: 'rejected' });
	const again = await pollEach('affiliatePartnerTrigger', stored);
	expect(again.find((event) => event.id === order.id)?.eventKey).toBe(`lostOrderStatusChanged:${order.id}:rejected:${order.appeal_status}`);
});

test('Click Report Trigger: version 1.1 items are version 1 items plus id@updatedAt, the same in every instance', async () => {
	advanceClock(MINUTE);
	const first = trigger('clickReportTrigger', 1);
	expect(await first.poll()).toBeNull();
	const stored = first.staticData();
	advanceClock(MINUTE);
	const [fresh, other] = await insertClicks(sandbox(), [{ date: '2026-06-15' }, { date: '2026-06-15' }]);
	advanceClock(MINUTE);
	const updated = await updateClick(sandbox(), other.id, { count: 4 });
	advanceClock(MINUTE);

	const items = await pollEach('clickReportTrigger', stored);
	expect(items.map((item) => item.eventKey).sort()).toEqual([versionOf(fresh), versionOf(updated)].sort());
	expect(items.every((item) => item.eventKey === `${String(item.id)}@${String(item.updatedAt)}`)).toBe(true);
});

test.each<TriggerType>(['affiliatePartnerTrigger', 'clickReportTrigger'])('%s: Fetch Test Event of version 1.1 carries the keys too', async (type) => {
	const v1 = itemsOf(await trigger(type, 1).poll({ mode: 'manual' }));
	const keyed = itemsOf(await trigger(type, 1.1).poll({ mode: 'manual' }));
	expect(v1.length).toBeGreaterThan(0);
	expect(v1.every((item) => !('eventKey' in item))).toBe(true);
	expect(keyed.map(withoutKey)).toEqual(v1);
	const expected = (item: IDataObject) =>
		type === 'clickReportTrigger' ? versionOf(item) : String(item.event).endsWith('Created') ? `${String(item.event)}:${String(item.id)}` : `${String(item.event)}:${String(item.id)}:${String(item.status)}:${String(item.appeal_status)}`;
	expect(keyed.map((item) => item.eventKey)).toEqual(keyed.map(expected));
});

test('Affiliate Partner Trigger: the example Fetch Test Event shows for an account with no decided claim never carries the key of the real decision', async () => {
	const program = sandbox().data.programs[1];
	const ofProgram = sandbox().data.lostOrders.filter((claim) => claim.advcampaign.id === program.id);
	const statuses = ofProgram.map((claim) => claim.status);
	for (const claim of ofProgram) claim.status = 'processing';
	afterThisTest(() => ofProgram.forEach((claim, index) => (claim.status = statuses[index])));
	const parameters = { events: ['lostOrderStatusChanged'], filters: { programId: String(program.id) } };
	const [example] = itemsOf(await createTrigger(parameters, partnerCredentials(sandbox()), {}, 'affiliatePartnerTrigger', 1.1).poll({ mode: 'manual' }));
	expect(example.exampleOnly).toEqual(expect.any(String));

	const live = createTrigger(parameters, partnerCredentials(sandbox()), {}, 'affiliatePartnerTrigger', 1.1);
	expect(await live.poll()).toBeNull();
	advanceClock(5 * MINUTE);
	await decideClaim(sandbox(), 'lost_orders', Number(example.id), { status: 'accepted' });
	const [real] = itemsOf(await live.poll());
	expect(real).toMatchObject({ id: example.id, status: 'accepted', appeal_status: example.appeal_status });
	expect(real.exampleOnly).toBeUndefined();
	expect(real.eventKey).toBe(`lostOrderStatusChanged:${String(example.id)}:accepted:${String(example.appeal_status)}`);
	// A sink that upserts on eventKey keeps both: the example cannot stand in for the real decision.
	expect(example.eventKey).toBe(`example:${String(real.eventKey)}`);
});
