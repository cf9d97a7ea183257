// Both triggers in n8n's default mode, where every poll works on the workflow's live static data,
// through n8n-core's PollContext against the sandbox over HTTP: behaviour as before, states
// stored before `seq` existed keep their memory, and of two overlapping polls of a node the
// second reads nothing.
import type { IDataObject } from 'n8n-workflow';

import { advanceClock } from '../click/simulatedTime';
import { itemsOf } from '../harness/durable';
import { createTrigger, type TriggerHandle } from '../harness/run';
import { keepNodeLog } from '../inputChecks/fixture';
import { ALL_CLAIM_EVENTS, clickCredentials, eventsOf, lostOrderChanges, newClicks as insertNewClicks, partnerCredentials, sortedVersions, useSandboxAt } from './fixture';

const MINUTE = 60_000;

const sandbox = useSandboxAt(Date.UTC(2026, 5, 15, 12, 0, 0), { seed: 23, clickItems: 200, clickDays: 3 });
beforeEach(() => sandbox().clearFaults());

const claimTrigger = (staticData: IDataObject = {}) =>
	createTrigger({ events: ALL_CLAIM_EVENTS }, partnerCredentials(sandbox()), staticData, 'affiliatePartnerTrigger');
const clickTrigger = (staticData: IDataObject = {}) => createTrigger({}, clickCredentials(sandbox()), staticData, 'clickReportTrigger');
const claimState = (trigger: TriggerHandle) => (trigger.staticData()['node:Affiliate Partner Trigger'] as IDataObject).claims as IDataObject;
const clickState = (trigger: TriggerHandle) => (trigger.staticData()['node:Click Report Trigger'] as IDataObject).clickReport as IDataObject;
const SKIPPED_RUNNING = 'this poll reads nothing, the previous poll of this node is still running; the next poll goes on';
const decisionAndCreation = () => lostOrderChanges(sandbox(), 'rejected');
const newClicks = (count: number) => insertNewClicks(sandbox(), count);

test('Affiliate Partner Trigger: remembers, then emits each change once; every state written counts one more', async () => {
	const trigger = claimTrigger();
	expect(await trigger.poll()).toBeNull();
	expect(claimState(trigger).seq).toBe(1);
	const changes = await decisionAndCreation();
	expect(eventsOf(itemsOf(await trigger.poll()))).toEqual(changes);
	expect(claimState(trigger).seq).toBe(2);
	expect(await trigger.poll()).toBeNull();
	expect(claimState(trigger).seq).toBe(3);
	expect(await trigger.restart().poll()).toBeNull();
});

test('Click Report Trigger: notes where now is, then emits each new item once; every state written counts one more', async () => {
	advanceClock(MINUTE);
	const trigger = clickTrigger();
	expect(await trigger.poll()).toBeNull();
	expect(clickState(trigger).seq).toBe(1);
	const fresh = await newClicks(2);
	expect(sortedVersions(itemsOf(await trigger.poll()))).toEqual(sortedVersions(fresh));
	expect(clickState(trigger).seq).toBe(2);
	expect(await trigger.poll()).toBeNull();
	expect(await trigger.restart().poll()).toBeNull();
});

test('overlapping polls of one node: the second reads nothing and says why; the next poll goes on', async () => {
	const claims = claimTrigger();
	expect(await claims.poll()).toBeNull();
	advanceClock(MINUTE);
	const clicks = clickTrigger();
	expect(await clicks.poll()).toBeNull();
	const changes = await decisionAndCreation();
	const fresh = await newClicks(2);

	const log = keepNodeLog();
	const [claimsFirst, claimsSecond, clicksFirst, clicksSecond] = await Promise.all([claims.poll(), claims.poll(), clicks.poll(), clicks.poll()]).finally(log.restore);
	expect(eventsOf(itemsOf(claimsFirst))).toEqual(changes);
	expect(claimsSecond).toBeNull();
	expect(sortedVersions(itemsOf(clicksFirst))).toEqual(sortedVersions(fresh));
	expect(clicksSecond).toBeNull();
	expect(log.lines).toEqual([`info: Affiliate Partner Trigger: ${SKIPPED_RUNNING}`, `info: Click Report Trigger: ${SKIPPED_RUNNING}`]);

	const later = await decisionAndCreation();
	expect(eventsOf(itemsOf(await claims.poll()))).toEqual(later);
	expect(await clicks.poll()).toBeNull();
});

test('Fetch Test Event beside a running poll: both run, and the sample touches nothing', async () => {
	const trigger = claimTrigger();
	expect(await trigger.poll()).toBeNull();
	const changes = await decisionAndCreation();
	const before = trigger.staticData();
	const [sample, scheduled] = await Promise.all([trigger.poll({ mode: 'manual' }), trigger.poll()]);
	expect(itemsOf(sample)).toHaveLength(10);
	expect(eventsOf(itemsOf(scheduled))).toEqual(changes);
	expect(claimState(trigger).seq).toBe((before['node:Affiliate Partner Trigger'] as { claims: { seq: number } }).claims.seq + 1);
});

test('a poll that fails leaves state and memory as they were: the next poll is not held back, and emits the changes once', async () => {
	const trigger = claimTrigger();
	expect(await trigger.poll()).toBeNull();
	const changes = await decisionAndCreation();
	const before = trigger.staticData();
	sandbox().injectFault({ kind: 'status', status: 503, pathPrefix: '/lost_orders/' });
	await expect(trigger.poll()).rejects.toThrow();
	expect(trigger.staticData()).toEqual(before);
	sandbox().clearFaults();
	expect(eventsOf(itemsOf(await trigger.poll()))).toEqual(changes);
	expect(await trigger.poll()).toBeNull();
});

describe('states stored before seq existed keep their memory', () => {
	const withoutSeq = (trigger: TriggerHandle, key: string) => {
		const nodeData = trigger.staticData()[`node:${trigger.node.name}`] as IDataObject;
		const { seq, ...state } = nodeData[key] as IDataObject;
		expect(seq).toBeDefined();
		return state;
	};

	test('Affiliate Partner Trigger, format 1', async () => {
		const first = claimTrigger();
		expect(await first.poll()).toBeNull();
		const stored = withoutSeq(first, 'claims');
		const changes = await decisionAndCreation();
		const trigger = claimTrigger({ 'node:Affiliate Partner Trigger': { claims: stored } });
		expect(eventsOf(itemsOf(await trigger.poll()))).toEqual(changes);
		expect(claimState(trigger).seq).toBe(1);
	});

	test.each([2, 1])('Click Report Trigger, state version %s', async (version) => {
		advanceClock(MINUTE);
		const first = clickTrigger();
		expect(await first.poll()).toBeNull();
		const { mark, clockOffsetMs, ...rest } = withoutSeq(first, 'clickReport');
		expect(clockOffsetMs).toBe(0);
		const stored = version === 2 ? { mark, clockOffsetMs, ...rest } : { ...rest, version: 1, upperBound: mark };
		const fresh = await newClicks(2);
		const trigger = clickTrigger({ 'node:Click Report Trigger': { clickReport: stored } });
		expect(sortedVersions(itemsOf(await trigger.poll()))).toEqual(sortedVersions(fresh));
		expect(clickState(trigger)).toMatchObject({ version: 2, seq: 1 });
	});
});
