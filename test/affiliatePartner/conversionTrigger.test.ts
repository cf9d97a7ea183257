// The Affiliate Partner Trigger's conversion events through n8n-core's PollContext against the
// sandbox over HTTP: new conversions, status changes, changes written late, a burst larger than a
// page, a restart. What each poll must emit is what the service's own view changed between polls.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { addCredential, createTrigger } from '../harness/run';

let sandbox: Sandbox;
let client: SandboxClient;
beforeAll(async () => {
	sandbox = await startSandbox({ seed: 12 });
	client = new SandboxClient(sandbox);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.configure({ partnerLimitCap: 500 });
	sandbox.resetRequests();
});

const credentials = () =>
	addCredential('affiliatePartnerApi', { authentication: 'accessToken', baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });
const EVENTS = ['conversionCreated', 'conversionStatusChanged'];
const emitted = (output: INodeExecutionData[][] | null): IDataObject[] => (output ? output[0].map((item) => item.json) : []);
const view = async () => new Map((await client.actions<IDataObject>('partner')).map((action) => [String(action.id), action]));

/** What a poll between two views of the service must emit: each new action, each status reached. */
function changesBetween(before: Map<string, IDataObject>, after: Map<string, IDataObject>): string[] {
	const events: string[] = [];
	for (const [id, action] of after) {
		const was = before.get(id);
		if (!was) events.push(`conversionCreated:${id}`);
		else if (was.status !== action.status) events.push(`conversionStatusChanged:${id}:${String(action.status)}:${String(action.status_updated)}`);
	}
	return events.sort();
}

/** Changed within the last 30 days: inside what the trigger remembers (Watch Days 90). */
const recent = (action: IDataObject) => Date.now() - Date.parse(`${String(action.status_updated).replace(' ', 'T')}Z`) < 30 * 86_400_000;

const keys = (events: IDataObject[]) => events.map((event) => String(event.eventKey)).sort();

test('remembers on the first poll, then emits each new conversion and each status reached once, with the status before', async () => {
	const trigger = createTrigger({ events: EVENTS }, credentials(), {}, 'affiliatePartnerTrigger', 1.1);
	let before = await view();
	expect(await trigger.poll()).toBeNull();
	const stored = (trigger.staticData()['node:Affiliate Partner Trigger'] as IDataObject).claims as IDataObject;
	expect(Object.keys((stored.conversions as { memory: object }).memory).length).toBeGreaterThan(50);
	expect(sandbox.requests.map((request) => request.path)).toEqual(['/statistics/actions/']);

	const pending = [...before.values()].find((action) => action.status === 'pending' && recent(action))!;
	await client.changeAction('partner', String(pending.id), { status: 'approved' });
	const [created] = await client.createActions<IDataObject>('partner', [{ status: 'pending' }]);
	let after = await view();
	sandbox.resetRequests();

	const events = emitted(await trigger.poll());
	expect(keys(events)).toEqual(changesBetween(before, after));
	expect(events.find((event) => event.id === pending.id)).toMatchObject({ event: 'conversionStatusChanged', status: 'approved', previousStatus: 'pending' });
	expect(events.find((event) => event.id === created.id)).toMatchObject({ event: 'conversionCreated', previousStatus: null });
	expect(sandbox.requests).toHaveLength(1);

	// Written 5 minutes late: stamped before the newest change the last poll saw.
	before = after;
	const another = [...before.values()].find((action) => action.status === 'pending' && recent(action) && action.id !== pending.id && action.id !== created.id)!;
	await client.changeAction('partner', String(another.id), { status: 'declined', stampedAgoMs: 5 * 60_000 });
	after = await view();
	sandbox.resetRequests();
	const late = emitted(await trigger.poll());
	expect(keys(late)).toEqual(changesBetween(before, after));
	expect(late.find((event) => event.id === another.id)).toMatchObject({ event: 'conversionStatusChanged', status: 'declined', previousStatus: 'pending' });
	// An idle poll: one request.
	expect(sandbox.requests).toHaveLength(1);

	// After a restart, from what n8n stored: nothing again, then the next change once.
	const restarted = trigger.restart();
	before = await view();
	await client.changeAction('partner', String(created.id), { status: 'approved' });
	after = await view();
	const afterRestart = emitted(await restarted.poll());
	expect(keys(afterRestart)).toEqual(changesBetween(before, after));
	expect(afterRestart.find((event) => event.id === created.id)).toMatchObject({ previousStatus: 'pending' });
});

test('a burst of 700 changes, more than a page of 200, each once', async () => {
	const trigger = createTrigger({ events: EVENTS }, credentials(), {}, 'affiliatePartnerTrigger', 1.1);
	expect(await trigger.poll()).toBeNull();
	const before = await view();
	const fresh = await client.createActions<IDataObject>('partner', Array.from({ length: 700 }, () => ({ status: 'pending' })));
	expect(fresh).toHaveLength(700);
	sandbox.configure({ partnerLimitCap: 200 });
	const after = await view();
	sandbox.resetRequests();
	const events = emitted(await trigger.poll());
	expect(keys(events)).toEqual(changesBetween(before, after));
	expect(new Set(keys(events)).size).toBe(events.length);
	expect(sandbox.requests.length).toBeGreaterThanOrEqual(4);
});

test('Fetch Test Event shows real recent conversions and leaves the memory alone', async () => {
	const trigger = createTrigger({ events: EVENTS }, credentials(), {}, 'affiliatePartnerTrigger', 1.1);
	const sample = emitted(await trigger.poll({ mode: 'manual' }));
	expect(sample.length).toBeGreaterThan(0);
	const actual = await view();
	for (const event of sample) {
		expect(EVENTS).toContain(event.event);
		expect(event.previousStatus).toBeNull();
		const { event: _event, previousStatus: _previous, eventKey: _key, ...action } = event;
		expect(action).toEqual(actual.get(String(event.id)));
	}
	expect(trigger.staticData()['node:Affiliate Partner Trigger']).toBeUndefined();
});

test('Fetch Test Event shows decided actions as status changes when the newest actions are all pending', async () => {
	// A program other than the one the tests above created actions in (the newest action's), so that
	// their actions, stamped within the same second, cannot stand among the newest here.
	const before = [...(await view()).values()];
	const newest = before.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
	const program = before.find((action) => action.advcampaign_id !== newest.advcampaign_id)!.advcampaign_id;
	// Decided a minute ago, then more pending actions than a sample holds: the newest are all pending.
	const at = (status: string, stampedAgoMs: number) => ({ advcampaign_id: program, status, stampedAgoMs });
	const decided = await client.createActions<IDataObject>('partner', ['approved', 'declined', 'approved_but_stalled'].map((status) => at(status, 60_000)));
	await client.createActions<IDataObject>('partner', Array.from({ length: 12 }, () => at('pending', 0)));
	const actual = await view();
	const stampOf = (event: IDataObject) => String(event.status_updated);
	const sampleOf = async (events: string[]) => {
		const trigger = createTrigger({ events, filters: { programId: String(program) } }, credentials(), {}, 'affiliatePartnerTrigger', 1.1);
		const sample = emitted(await trigger.poll({ mode: 'manual' }));
		expect(trigger.staticData()['node:Affiliate Partner Trigger']).toBeUndefined();
		return sample;
	};

	const both = await sampleOf(EVENTS);
	const created = both.filter((event) => event.event === 'conversionCreated');
	const changed = both.filter((event) => event.event === 'conversionStatusChanged');
	// Conversion Created still shows the newest actions; the status changes are real decided ones.
	expect(created.length).toBeGreaterThan(0);
	for (const event of created) expect(event.status).toBe('pending');
	expect(changed.length).toBeGreaterThan(0);

	const statusChanges = await sampleOf(['conversionStatusChanged']);
	expect(statusChanges.length).toBeLessThanOrEqual(10);
	expect(statusChanges.map((event) => event.id)).toEqual(expect.arrayContaining(decided.map((action) => action.id)));
	for (const event of [...both, ...statusChanges]) {
		expect(event.previousStatus).toBeNull();
		if (event.event === 'conversionStatusChanged') expect(event.status).not.toBe('pending');
		const { event: _event, previousStatus: _previous, eventKey: _key, ...action } = event;
		expect(action).toEqual(actual.get(String(event.id)));
	}
	expect(statusChanges.map(stampOf)).toEqual([...statusChanges.map(stampOf)].sort().reverse());
});
