// The Click Report Trigger's conversion events (version 1.2) through n8n-core's PollContext
// against the sandbox over HTTP: new conversions, status changes, a change written late, a burst
// larger than a page, a restart, and click items beside them. What each poll must emit is what
// the service's own view changed between polls.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, createTrigger } from '../harness/run';

let sandbox: Sandbox;
let client: SandboxClient;
beforeAll(async () => {
	sandbox = await startSandbox({ seed: 13, clickItems: 2000, clickDays: 10 });
	client = new SandboxClient(sandbox);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

const credentials = () =>
	addCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey, maxRequestsPerSecond: 1000, maxRequestsPer5Minutes: UNLIMITED_WINDOW });
const CONVERSIONS = ['conversionCreated', 'conversionStatusChanged'];
const emitted = (output: INodeExecutionData[][] | null): IDataObject[] => (output ? output[0].map((item) => item.json) : []);
const view = async () => new Map((await client.actions<IDataObject>('click')).map((action) => [String(action.actionId), action]));
const actionRequests = () => sandbox.requests.filter((request) => request.path === '/v3/api/stats/action');

function changesBetween(before: Map<string, IDataObject>, after: Map<string, IDataObject>): string[] {
	const events: string[] = [];
	for (const [id, action] of after) {
		const was = before.get(id);
		if (!was) events.push(`conversionCreated:${id}`);
		else if (was.status !== action.status) events.push(`conversionStatusChanged:${id}:${String(action.status)}:${String(action.updatedAt)}`);
	}
	return events.sort();
}

/** Changed within the last 30 days: inside what the trigger remembers (Watch Days 60). */
const recent = (action: IDataObject) => Date.now() - Date.parse(String(action.updatedAt)) < 30 * 86_400_000;

const keys = (events: IDataObject[]) => events.filter((event) => event.event).map((event) => String(event.eventKey)).sort();

test('remembers on the first poll, then emits each new conversion and each status reached once, also a late write and after a restart', async () => {
	const trigger = createTrigger({ events: CONVERSIONS }, credentials(), {}, 'clickReportTrigger', 1.2);
	let before = await view();
	expect(await trigger.poll()).toBeNull();
	expect(sandbox.requests.map((request) => request.path)).toEqual(['/v3/api/stats/action']);

	const pending = [...before.values()].find((action) => action.status === 'PENDING' && recent(action))!;
	await client.changeAction('click', String(pending.actionId), { status: 'CONFIRMED' });
	const [created] = await client.createActions<IDataObject>('click', [{ status: 'PENDING' }]);
	let after = await view();
	sandbox.resetRequests();
	const events = emitted(await trigger.poll());
	expect(keys(events)).toEqual(changesBetween(before, after));
	expect(events.find((event) => event.actionId === pending.actionId)).toMatchObject({ event: 'conversionStatusChanged', status: 'CONFIRMED', previousStatus: 'PENDING' });
	expect(events.find((event) => event.actionId === created.actionId)).toMatchObject({ event: 'conversionCreated', previousStatus: null });
	// Conversions only: no click report read; one request while the changes fit a page.
	expect(sandbox.requests.map((request) => request.path)).toEqual(['/v3/api/stats/action']);

	// Written 5 minutes late: stamped before the newest change the last poll saw.
	before = after;
	const another = [...before.values()].find((action) => action.status === 'PENDING' && recent(action) && action.actionId !== created.actionId && action.actionId !== pending.actionId)!;
	await client.changeAction('click', String(another.actionId), { status: 'CANCELED', stampedAgoMs: 5 * 60_000 });
	after = await view();
	const late = emitted(await trigger.poll());
	expect(keys(late)).toEqual(changesBetween(before, after));
	expect(late.find((event) => event.actionId === another.actionId)).toMatchObject({ status: 'CANCELED', previousStatus: 'PENDING' });

	const restarted = trigger.restart();
	before = await view();
	await client.changeAction('click', String(created.actionId), { status: 'CONFIRMED' });
	after = await view();
	const afterRestart = emitted(await restarted.poll());
	expect(keys(afterRestart)).toEqual(changesBetween(before, after));
	expect(afterRestart.find((event) => event.actionId === created.actionId)).toMatchObject({ previousStatus: 'PENDING' });
});

test('a burst of 1,200 new conversions, more than two pages of 500, each once', async () => {
	const trigger = createTrigger({ events: CONVERSIONS }, credentials(), {}, 'clickReportTrigger', 1.2);
	expect(await trigger.poll()).toBeNull();
	const before = await view();
	await client.createActions('click', Array.from({ length: 1200 }, () => ({ status: 'PENDING' })));
	const after = await view();
	sandbox.resetRequests();
	const events = emitted(await trigger.poll());
	expect(keys(events)).toEqual(changesBetween(before, after));
	expect(actionRequests().length).toBeGreaterThanOrEqual(3);
});

test('click items and conversions in one trigger: each kind with its own key, states kept apart', async () => {
	const trigger = createTrigger({ events: ['clickItemChanged', ...CONVERSIONS] }, credentials(), {}, 'clickReportTrigger', 1.2);
	expect(await trigger.poll()).toBeNull();
	const stored = (trigger.staticData()['node:Click Report Trigger'] as IDataObject).clickReport as IDataObject;
	expect(stored.version).toBe(2);
	expect(stored.conversions).toMatchObject({ format: 1 });
	const before = await view();
	const [created] = await client.createActions<IDataObject>('click', [{ status: 'PENDING' }]);
	const [clickItem] = await client.insertClicks([{ date: new Date().toISOString().slice(0, 10) }]);
	const after = await view();
	const events = emitted(await trigger.poll());
	expect(keys(events)).toEqual(changesBetween(before, after));
	expect(events.find((event) => event.actionId === created.actionId)?.eventKey).toBe(`conversionCreated:${String(created.actionId)}`);
	expect(events.find((event) => event.id === clickItem.id)?.eventKey).toBe(`${clickItem.id}@${clickItem.updatedAt}`);
});

test('versions 1 and 1.1 watch click items only, as saved', async () => {
	for (const version of [1, 1.1]) {
		const trigger = createTrigger({}, credentials(), {}, 'clickReportTrigger', version);
		sandbox.resetRequests();
		expect(await trigger.poll()).toBeNull();
		expect(actionRequests()).toHaveLength(0);
		expect(sandbox.requests.length).toBeGreaterThan(0);
	}
});

test('Fetch Test Event shows real recent conversions and leaves the memory alone', async () => {
	const trigger = createTrigger({ events: CONVERSIONS }, credentials(), {}, 'clickReportTrigger', 1.2);
	const sample = emitted(await trigger.poll({ mode: 'manual' }));
	expect(sample.length).toBeGreaterThan(0);
	const actual = await view();
	for (const event of sample) {
		expect(CONVERSIONS).toContain(event.event);
		const { event: _event, previousStatus, eventKey: _key, ...action } = event;
		expect(previousStatus).toBeNull();
		expect(action).toEqual(actual.get(String(event.actionId)));
	}
	expect(trigger.staticData()['node:Click Report Trigger']).toBeUndefined();
});

test('Fetch Test Event shows decided actions as status changes when the actions around them are all pending', async () => {
	// One Sub ID of their own; more pending actions than a sample holds both before and after the
	// decided ones, so that neither end of the service's order reaches a decided action first.
	const subId = 'sample-decided';
	const pendingAt = (stampedAgoMs: number) => Array.from({ length: 12 }, () => ({ subId, status: 'PENDING', stampedAgoMs }));
	await client.createActions<IDataObject>('click', pendingAt(2 * 3_600_000));
	const decided = await client.createActions<IDataObject>('click', ['CONFIRMED', 'CANCELED', 'SETTLED'].map((status, index) => ({ subId, status, stampedAgoMs: 3_600_000 - index * 60_000 })));
	await client.createActions<IDataObject>('click', pendingAt(0));
	const actual = await view();

	const trigger = createTrigger({ events: CONVERSIONS, filters: { subId } }, credentials(), {}, 'clickReportTrigger', 1.2);
	const sample = emitted(await trigger.poll({ mode: 'manual' }));
	expect(sample.length).toBeLessThanOrEqual(10);
	const created = sample.filter((event) => event.event === 'conversionCreated');
	const changed = sample.filter((event) => event.event === 'conversionStatusChanged');
	expect(created.length).toBeGreaterThan(0);
	for (const event of created) expect(event.status).toBe('PENDING');
	// Each decided action, newest change first; no pending action passed off as a change.
	expect(changed.map((event) => event.actionId)).toEqual([...decided].reverse().map((action) => action.actionId));
	for (const event of sample) {
		const { event: _event, previousStatus, eventKey: _key, ...action } = event;
		expect(previousStatus).toBeNull();
		expect(action).toEqual(actual.get(String(event.actionId)));
	}
	expect(trigger.staticData()['node:Click Report Trigger']).toBeUndefined();
});
