// The Affiliate Partner Trigger through n8n-core's PollContext against the sandbox over HTTP:
// claims created with the Affiliate Partner node, decided in the sandbox's data.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import { addCredential, createTrigger, runNode } from '../harness/run';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ seed: 11 });
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

const credentials = () =>
	addCredential('affiliatePartnerApi', { authentication: 'accessToken', baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });
const ALL_EVENTS = ['lostOrderCreated', 'lostOrderStatusChanged', 'appealCreated', 'appealStatusChanged'];
const emitted = (output: INodeExecutionData[][] | null): IDataObject[] => (output ? output[0].map((item) => item.json) : []);
/** Claims created 5 to 80 days ago: watched, and older than what the newest-claims read covers. */
const settled = (claim: { date_created: string }) => {
	const ageDays = (Date.now() - Date.parse(`${claim.date_created}Z`)) / 86_400_000;
	return ageDays > 5 && ageDays < 80;
};
const watched = (claims: Array<{ date_created: string }>) => {
	const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
	return claims.filter((claim) => claim.date_created.slice(0, 10) >= from).length;
};

async function createLostOrder(orderId: string) {
	const program = sandbox.data.programs[0];
	const result = await runNode({
		type: 'affiliatePartner',
		parameters: {
			resource: 'lostOrder',
			operation: 'create',
			programId: String(program.id),
			adSpaceId: String(sandbox.data.websites[0].id),
			orderId,
			orderDate: '2026-01-10',
			orderPrice: 120.5,
			receiptBinaryProperty: '',
		},
		credentials: credentials(),
	});
	expect(result.error).toBeUndefined();
	return result.items[0].json;
}

test('remembers on the first poll, then emits each creation and decision once, with what came before', async () => {
	const trigger = createTrigger({ events: ALL_EVENTS }, credentials(), {}, 'affiliatePartnerTrigger');
	expect(await trigger.poll()).toBeNull();
	const state = (trigger.staticData()['node:Affiliate Partner Trigger'] as IDataObject).claims as { claims: Record<string, Record<string, string>> };
	expect(Object.keys(state.claims.lostOrder)).toHaveLength(watched(sandbox.data.lostOrders));
	expect(Object.keys(state.claims.appeal)).toHaveLength(watched(sandbox.data.appeals));

	const created = await createLostOrder('TRIGGER-1');
	// With its appeal resolved, no open read lists it once decided: it is fetched by its ID.
	const open = sandbox.data.lostOrders.find((claim) => claim.status === 'processing' && claim.appeal_status === 'resolved' && settled(claim))!;
	open.status = 'rejected';
	open.reject_reason = 'Order not confirmed';
	sandbox.resetRequests();

	const events = emitted(await trigger.poll());
	expect(events.map((event) => [event.event, event.id, event.status, event.previousStatus])).toEqual([
		['lostOrderStatusChanged', open.id, 'rejected', 'processing'],
		['lostOrderCreated', created.id, 'processing', null],
	]);
	expect(events[0]).toMatchObject({ ...JSON.parse(JSON.stringify(open)), previousAppealStatus: open.appeal_status });
	// Three reads of lost orders, two of appeals, and the decided claim by its ID.
	expect(sandbox.requests.map((request) => request.path)).toEqual([
		'/lost_orders/',
		'/lost_orders/',
		'/lost_orders/',
		'/appeals/',
		'/appeals/',
		`/lost_orders/${open.id}/`,
	]);

	sandbox.resetRequests();
	expect(await trigger.poll()).toBeNull();
	expect(sandbox.requests).toHaveLength(5);
	// After a restart of n8n, from the stored static data: nothing again.
	expect(await trigger.restart().poll()).toBeNull();
});

test('a poll that fails commits nothing, and the next one emits the change once', async () => {
	const trigger = createTrigger({ events: ['appealStatusChanged'] }, credentials(), {}, 'affiliatePartnerTrigger');
	expect(await trigger.poll()).toBeNull();
	const before = trigger.staticData();
	const open = sandbox.data.appeals.find((claim) => claim.status === 'processing' && settled(claim))!;
	open.status = 'accepted';

	sandbox.injectFault({ kind: 'status', status: 503, pathPrefix: `/appeals/${open.id}/` });
	await expect(trigger.poll()).rejects.toThrow();
	expect(trigger.staticData()).toEqual(before);

	sandbox.clearFaults();
	expect(emitted(await trigger.poll()).map((event) => [event.event, event.id, event.previousStatus])).toEqual([['appealStatusChanged', open.id, 'processing']]);
	expect(await trigger.poll()).toBeNull();
});

test('Fetch Test Event shows up to 10 claims, each chosen event among them, and leaves the memory alone', async () => {
	const trigger = createTrigger({ events: ALL_EVENTS }, credentials(), {}, 'affiliatePartnerTrigger');
	const sample = emitted(await trigger.poll({ mode: 'manual' }));
	expect(sample).toHaveLength(10);
	expect(new Set(sample.map((event) => event.event))).toEqual(new Set(ALL_EVENTS));
	for (const event of sample.filter((item) => String(item.event).endsWith('Created'))) expect(event).toMatchObject({ previousStatus: null, previousAppealStatus: null });
	expect(trigger.staticData()).toEqual({});
});

test('Fetch Test Event shows a status change only for a decided claim, never processing to processing', async () => {
	const trigger = createTrigger({ events: ['lostOrderStatusChanged'] }, credentials(), {}, 'affiliatePartnerTrigger');
	const sample = emitted(await trigger.poll({ mode: 'manual' }));
	expect(sample).toHaveLength(10);
	for (const event of sample) {
		expect(['accepted', 'rejected']).toContain(event.status);
		expect(event).toMatchObject({ event: 'lostOrderStatusChanged', previousStatus: 'processing', previousAppealStatus: event.appeal_status });
		expect(event.exampleOnly).toBeUndefined();
		// The claim as the service returns it.
		expect(event).toMatchObject(JSON.parse(JSON.stringify(sandbox.data.lostOrders.find((claim) => claim.id === event.id))));
	}
	expect(sandbox.requests.map((request) => request.rawQuery)).toEqual(['status=accepted&limit=10&offset=0', 'status=rejected&limit=10&offset=0']);
});

test('Fetch Test Event on an account with no decided claim: one example item that says so', async () => {
	const program = sandbox.data.programs[1];
	const ofProgram = sandbox.data.lostOrders.filter((claim) => claim.advcampaign.id === program.id);
	const statuses = ofProgram.map((claim) => claim.status);
	for (const claim of ofProgram) claim.status = 'processing';
	try {
		const trigger = createTrigger({ events: ['lostOrderStatusChanged'], filters: { programId: String(program.id) } }, credentials(), {}, 'affiliatePartnerTrigger');
		const sample = emitted(await trigger.poll({ mode: 'manual' }));
		expect(sample).toHaveLength(1);
		expect(sample[0]).toMatchObject({ event: 'lostOrderStatusChanged', status: 'accepted', previousStatus: 'processing' });
		expect(sample[0].exampleOnly).toMatch(/^Not a real change: no lost order claim of this account is decided yet/);
	} finally {
		ofProgram.forEach((claim, index) => (claim.status = statuses[index]));
	}
});

test('a bad filter is named before anything is sent', async () => {
	const trigger = createTrigger({ events: ALL_EVENTS, filters: { programId: 'abc' } }, credentials(), {}, 'affiliatePartnerTrigger');
	await expect(trigger.poll()).rejects.toThrow('Invalid "Program ID": must be a positive whole number, got "abc"');
	expect(sandbox.requests).toHaveLength(0);
});
