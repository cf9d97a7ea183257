// Both triggers under n8n's durable poll cursors, through n8n-core's PollContext against the
// sandbox, around an activation (test/harness/durable.ts): a restart of n8n after the activation
// poll and before any poll was committed, and a deactivation followed by a new activation.
import type { IDataObject } from 'n8n-workflow';

import { advanceClock } from '../click/simulatedTime';
import { createDurableTrigger, type DurableTrigger } from '../harness/durable';
import { needsN8n2 } from '../harness/skipByLine';
import { keepNodeLog } from '../inputChecks/fixture';
import { ALL_CLAIM_EVENTS, clickCredentials, eventsOf, lostOrderChanges, newClicks, partnerCredentials, sortedVersions, useMemoryClock, useSandboxAt } from './fixture';

const sandbox = useSandboxAt(Date.UTC(2026, 10, 9, 9, 0, 0), { seed: 23, clickItems: 200, clickDays: 3 });
const memoryClock = useMemoryClock();
const WEEKS = 21 * 86_400_000;

interface Subject {
	name: string;
	create(): DurableTrigger;
	/** Makes changes; what the trigger should emit for them, as `identify` shows emitted items. */
	change(): Promise<unknown[]>;
	identify(items: IDataObject[]): unknown[];
}

const subjects: Subject[] = [
	{
		name: 'Affiliate Partner Trigger',
		create: () => createDurableTrigger({ events: ALL_CLAIM_EVENTS }, partnerCredentials(sandbox()), 'affiliatePartnerTrigger'),
		change: async () => await lostOrderChanges(sandbox(), 'accepted'),
		identify: eventsOf,
	},
	{
		name: 'Click Report Trigger',
		create: () => createDurableTrigger({}, clickCredentials(sandbox()), 'clickReportTrigger'),
		change: async () => sortedVersions(await newClicks(sandbox(), 2)),
		identify: sortedVersions,
	},
];

const keptKeys = (saved: IDataObject) => Object.keys((saved.global as IDataObject | undefined) ?? {}).filter((key) => key.startsWith('activationPollState:'));

/** A new workflow's activation poll: it remembers what exists and emits nothing, which n8n never commits. */
async function activated(subject: Subject) {
	advanceClock(60_000);
	const trigger = subject.create();
	const activation = await trigger.poll();
	expect(activation.activation).toBe('activate');
	expect(activation.output).toBeNull();
	return trigger;
}

needsN8n2('n8n 1.x has no durable poll cursors').describe.each(subjects)('$name, durable poll cursors', (subject) => {
	test('a restart after the activation poll, before any poll was committed: the first poll after it emits the changes made since the activation', async () => {
		const trigger = await activated(subject);
		const changes = await subject.change();

		const restarted = trigger.restart();
		const first = await restarted.poll();
		expect(first.activation).toBe('update');
		expect(subject.identify(first.items)).toEqual(changes);
		first.commit();
		expect((await restarted.poll()).output).toBeNull();
		expect(keptKeys(trigger.saved())).toHaveLength(1);
	});

	test('a restart before n8n saved the activation: the first poll starts afresh, and says so in the log', async () => {
		const trigger = await activated(subject);
		await subject.change();
		const restarted = trigger.restart({ saved: {} });
		const log = keepNodeLog();
		const first = await restarted.poll().finally(log.restore);
		expect(first.output).toBeNull();
		expect(log.lines).toEqual([expect.stringMatching(new RegExp(`^warn: ${subject.name}: n8n has stored no state of this trigger since the workflow was activated .* this poll starts afresh`))]);
		first.commit();
		await expect(restarted.poll()).resolves.toMatchObject({ output: null });
	});

	test("once a poll is committed, the activation poll's kept state is forgotten at n8n's next save", async () => {
		const trigger = await activated(subject);
		(await trigger.poll()).commit();
		const changes = await subject.change();
		const emitting = await trigger.poll();
		expect(subject.identify(emitting.items)).toEqual(changes);
		expect(keptKeys(trigger.saved())).toEqual([]);
	});

	test('a new activation after n8n cleared the stored state starts afresh, never from weeks-old memory', async () => {
		const trigger = await activated(subject);
		memoryClock.advance(WEEKS);
		await subject.change();
		trigger.reactivate({ clearStored: true });
		const activation = await trigger.poll();
		expect(activation.activation).toBe('activate');
		expect(activation.output).toBeNull();

		const later = await subject.change();
		expect(subject.identify((await trigger.poll()).items)).toEqual(later);
	});

	test('a new activation with the stored state kept (n8n 2.41 clears none): it goes on from that state', async () => {
		const trigger = await activated(subject);
		(await trigger.poll()).commit();
		const whileInactive = await subject.change();
		trigger.reactivate({ clearStored: false });
		const activation = await trigger.poll();
		expect(activation.activation).toBe('activate');
		expect(subject.identify(activation.items)).toEqual(whileInactive);
	});
});
