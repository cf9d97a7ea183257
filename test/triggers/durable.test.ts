// Both triggers under n8n's durable poll cursors, through n8n-core's PollContext against the
// sandbox over HTTP: every poll works on a copy of the committed static data, committed when
// the test says. Each change is emitted once, whatever runs beside a poll and whenever its
// commit lands.
import type { IDataObject } from 'n8n-workflow';

import { COMMIT_GRACE_MS } from '../../nodes/shared/pollMemory';
import { advanceClock } from '../click/simulatedTime';
import { createDurableTrigger, type DurableTrigger } from '../harness/durable';
import { needsN8n2 } from '../harness/skipByLine';
import { keepNodeLog } from '../inputChecks/fixture';
import {
	ALL_CLAIM_EVENTS,
	clickCredentials,
	createClaim,
	decideClaim,
	eventsOf,
	lostOrderChanges,
	newClicks,
	openClaims,
	partnerCredentials,
	sortedVersions,
	updateClick,
	useMemoryClock,
	useSandboxAt,
} from './fixture';

const sandbox = useSandboxAt(Date.UTC(2026, 10, 2, 9, 0, 0), { seed: 17, clickItems: 200, clickDays: 3 });
const memoryClock = useMemoryClock();

interface Subject {
	name: string;
	create(): DurableTrigger;
	/** Makes changes; what the trigger should emit for them, as `identify` shows emitted items. */
	change(): Promise<unknown[]>;
	identify(items: IDataObject[]): unknown[];
}

const claims: Subject = {
	name: 'Affiliate Partner Trigger',
	create: () => createDurableTrigger({ events: ALL_CLAIM_EVENTS }, partnerCredentials(sandbox()), 'affiliatePartnerTrigger'),
	change: async () => await lostOrderChanges(sandbox(), 'accepted'),
	identify: eventsOf,
};

let lastClick: string | undefined;
const clicks: Subject = {
	name: 'Click Report Trigger',
	create: () => createDurableTrigger({}, clickCredentials(sandbox()), 'clickReportTrigger'),
	// New items, and a new version of an item emitted before.
	async change() {
		const fresh = await newClicks(sandbox(), 2);
		const versions = lastClick ? [await updateClick(sandbox(), lastClick, { count: 9 })] : [];
		advanceClock(60_000);
		lastClick = fresh[0].id;
		return sortedVersions([...fresh, ...versions]);
	},
	identify: sortedVersions,
};

const skipLine = (subject: Subject, reason: string) => `info: ${subject.name}: this poll reads nothing, ${reason}; the next poll goes on`;

const durableCursors = needsN8n2('n8n 1.x has no durable poll cursors: its PollContext always hands a poll the live static data');

durableCursors.describe.each([claims, clicks])('$name (durable poll cursors, n8n 2.36 and later)', (subject) => {
	/** A trigger whose first poll only remembered; committed unless told otherwise. */
	async function remembering(commitFirst = true) {
		advanceClock(60_000);
		const trigger = subject.create();
		const first = await trigger.poll();
		expect(first.output).toBeNull();
		if (commitFirst) first.commit();
		return trigger;
	}

	/** A trigger whose last poll emitted the changes, its commit not landed. */
	async function emittedNotCommitted() {
		const trigger = await remembering();
		const changes = await subject.change();
		const emitting = await trigger.poll();
		expect(subject.identify(emitting.items)).toEqual(changes);
		return { trigger, emitting };
	}

	/** New changes: the next poll emits them, and once committed, the poll after it nothing. */
	async function changesEmittedOnce(trigger: DurableTrigger) {
		const changes = await subject.change();
		const next = await trigger.poll();
		expect(subject.identify(next.items)).toEqual(changes);
		next.commit();
		expect((await trigger.poll()).output).toBeNull();
	}

	test('two polls started at once from the same snapshot: the changes are emitted once', async () => {
		const trigger = await remembering();
		const changes = await subject.change();
		const log = keepNodeLog();
		const [one, other] = await Promise.all([trigger.poll(), trigger.poll()]).finally(log.restore);
		expect(subject.identify([...one.items, ...other.items])).toEqual(changes);
		expect(other.output).toBeNull();
		expect(log.lines).toEqual([skipLine(subject, 'the previous poll of this node is still running')]);
		other.commit();
		one.commit();
		expect((await trigger.poll()).output).toBeNull();
	});

	test('a poll from a snapshot its emitting predecessor has not committed yet emits nothing; after the commit, only later changes', async () => {
		const { trigger, emitting } = await emittedNotCommitted();
		const committedBefore = trigger.committed();
		const log = keepNodeLog();
		const stale = await trigger.poll().finally(log.restore);
		expect(stale.output).toBeNull();
		expect(log.lines).toEqual([skipLine(subject, 'n8n has not stored yet what the last poll that emitted items remembered')]);
		stale.commit();
		expect(trigger.committed()).toEqual(committedBefore);

		emitting.commit();
		await changesEmittedOnce(trigger);
	});

	test('a commit that never lands: after the grace, the next poll emits the same changes again, with the same keys', async () => {
		const { trigger, emitting } = await emittedNotCommitted();
		memoryClock.advance(COMMIT_GRACE_MS - 1);
		expect((await trigger.poll()).output).toBeNull();
		memoryClock.advance(1);
		const again = await trigger.poll();
		expect(again.items).toEqual(emitting.items);
		expect(again.items.every((item) => typeof item.eventKey === 'string')).toBe(true);
		again.commit();
		expect((await trigger.poll()).output).toBeNull();
	});

	test('the activation poll\'s memory is never committed: the next poll still emits what came after it', async () => {
		const trigger = await remembering(false);
		expect(trigger.committed()).toEqual({});
		await changesEmittedOnce(trigger);
	});

	test('a restart (a new process) starts from what n8n committed alone: an emitted poll never committed is emitted again', async () => {
		const { trigger, emitting } = await emittedNotCommitted();
		expect((await trigger.restart().poll()).items).toEqual(emitting.items);
	});
});

durableCursors.test('Affiliate Partner Trigger, the activation poll never committed: decisions of remembered claims of both kinds and new claims of both kinds', async () => {
	const trigger = createDurableTrigger({ events: ALL_CLAIM_EVENTS }, partnerCredentials(sandbox()), 'affiliatePartnerTrigger');
	expect((await trigger.poll()).output).toBeNull();
	const changes = await lostOrderChanges(sandbox(), 'rejected');
	const appeal = openClaims(sandbox(), 'appeals')[0];
	await decideClaim(sandbox(), 'appeals', appeal.id, { status: 'rejected' });
	const newAppeal = await createClaim(sandbox(), 'appeals', 'DURABLE-APPEAL');

	const next = await trigger.poll();
	expect(eventsOf(next.items)).toEqual(expect.arrayContaining([...changes, ['appealStatusChanged', appeal.id], ['appealCreated', newAppeal]]));
	expect(next.items).toHaveLength(4);
});
