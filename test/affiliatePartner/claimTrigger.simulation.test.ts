// The Affiliate Partner Trigger over 40 rounds through n8n-core's PollContext against the
// sandbox: claims created through the service's create endpoints and decided through its control
// endpoint every round, some twice, some created and decided at once, some decided again after a
// decision; failing polls and restarts of n8n. Every event must be a real change, carry the
// latest state and what came before, and come exactly once.
import type { IDataObject } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { addCredential, createTrigger, type TriggerHandle } from '../harness/run';
import { advanceClock, fakeDateOnly } from '../click/simulatedTime';
import { createClaim } from '../triggers/fixture';

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const MINUTE = 60_000;
const EVENTS = ['lostOrderCreated', 'lostOrderStatusChanged', 'appealCreated', 'appealStatusChanged'];
type List = 'lost_orders' | 'appeals';
const KIND: Record<List, string> = { lost_orders: 'lostOrder', appeals: 'appeal' };

let sandbox: Sandbox;
beforeAll(async () => {
	fakeDateOnly(START);
	sandbox = await startSandbox({ seed: 21 });
});
afterAll(async () => {
	await sandbox.close();
	jest.useRealTimers();
});

let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];

const claimsOf = (list: List): Array<IDataObject & { id: number; status: string; appeal_status: string; date_created: string }> =>
	(list === 'lost_orders' ? sandbox.data.lostOrders : sandbox.data.appeals) as never;
const watched = (claim: { date_created: string }) => claim.date_created.slice(0, 10) >= new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
const key = (list: List, id: number | unknown) => `${KIND[list]}:${String(id)}`;

const create = (list: List) => createClaim(sandbox, list, `SIM-${Math.floor(random() * 1e9)}`);

async function decide(list: List, id: number, patch: IDataObject) {
	await new SandboxClient(sandbox).decideClaim(list, id, patch);
}

test('40 rounds: every creation and change once, with the latest state and what came before', async () => {
	const credentials = addCredential('affiliatePartnerApi', { authentication: 'accessToken', baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });
	let trigger: TriggerHandle = createTrigger({ events: EVENTS }, credentials, {}, 'affiliatePartnerTrigger');
	expect(await trigger.poll()).toBeNull();

	/** What was last emitted of each watched claim, or remembered by the first poll. */
	const known = new Map<string, { status: string; appealStatus: string }>();
	const lists: List[] = ['lost_orders', 'appeals'];
	for (const list of lists) for (const claim of claimsOf(list).filter(watched)) known.set(key(list, claim.id), { status: claim.status, appealStatus: claim.appeal_status });

	const tally = { events: 0, created: 0, changed: 0, failedPolls: 0, restarts: 0, twice: 0, createdAndDecided: 0, decidedAgain: 0 };
	for (let round = 1; round <= 40; round++) {
		advanceClock(5 * MINUTE);
		for (const list of lists) {
			for (let index = Math.floor(random() * 4); index > 0; index--) {
				const id = await create(list);
				if (random() < 0.25) {
					await decide(list, id, { status: pick(['accepted', 'rejected']) });
					tally.createdAndDecided++;
				}
			}
			const open = claimsOf(list).filter((claim) => watched(claim) && claim.status === 'processing');
			for (let index = 2 + Math.floor(random() * 5); index > 0 && open.length; index--) {
				const claim = open.splice(Math.floor(random() * open.length), 1)[0];
				await decide(list, claim.id, { status: pick(['accepted', 'rejected']), ...(random() < 0.5 ? { appeal_status: 'resolved' } : {}) });
				if (random() < 0.2) {
					await decide(list, claim.id, { status: claim.status === 'accepted' ? 'rejected' : 'accepted' });
					tally.twice++;
				}
			}
			if (random() < 0.3) {
				const decided = pick(claimsOf(list).filter((claim) => watched(claim) && claim.status !== 'processing'));
				await decide(list, decided.id, { status: decided.status === 'accepted' ? 'rejected' : 'accepted' });
				tally.decidedAgain++;
			}
		}
		if (round % 9 === 0) {
			trigger = trigger.restart();
			tally.restarts++;
		}
		if (round % 7 === 0) {
			sandbox.injectFault({ kind: 'status', status: 503, pathPrefix: '/appeals/', count: 5 });
			const before = trigger.staticData();
			await expect(trigger.poll()).rejects.toThrow();
			expect(trigger.staticData()).toEqual(before);
			sandbox.clearFaults();
			tally.failedPolls++;
		}

		const emitted = ((await trigger.poll()) ?? [[]])[0].map((item) => item.json);
		for (const event of emitted) {
			const list: List = String(event.event).startsWith('lostOrder') ? 'lost_orders' : 'appeals';
			const now = claimsOf(list).find((claim) => claim.id === event.id)!;
			const before = known.get(key(list, event.id));
			// The latest state, and what was emitted before (nothing for a creation).
			expect(event).toMatchObject(JSON.parse(JSON.stringify(now)));
			expect([event.previousStatus, event.previousAppealStatus]).toEqual(before ? [before.status, before.appealStatus] : [null, null]);
			// A real change: never the same state twice.
			expect(before && before.status === now.status && before.appealStatus === now.appeal_status).toBeFalsy();
			known.set(key(list, event.id), { status: now.status, appealStatus: now.appeal_status });
			tally.events++;
			if (before) tally.changed++;
			else tally.created++;
		}
		// This poll has shown every new claim, and every change of a claim that was open.
		for (const list of lists) {
			for (const claim of claimsOf(list).filter(watched)) {
				const before = known.get(key(list, claim.id));
				expect([key(list, claim.id), before !== undefined]).toEqual([key(list, claim.id), true]);
				const open = before!.status === 'processing' || (list === 'lost_orders' && before!.appealStatus === 'processing');
				if (open) expect([key(list, claim.id), claim.status, claim.appeal_status]).toEqual([key(list, claim.id), before!.status, before!.appealStatus]);
			}
		}
	}

	// An hour later every other change has been read in full: nothing is left unreported.
	advanceClock(60 * MINUTE);
	for (const event of ((await trigger.poll()) ?? [[]])[0].map((item) => item.json)) {
		const list: List = String(event.event).startsWith('lostOrder') ? 'lost_orders' : 'appeals';
		known.set(key(list, event.id), { status: String(event.status), appealStatus: String(event.appeal_status) });
		tally.events++;
	}
	for (const list of lists) {
		for (const claim of claimsOf(list).filter(watched)) {
			expect([key(list, claim.id), known.get(key(list, claim.id))]).toEqual([key(list, claim.id), { status: claim.status, appealStatus: claim.appeal_status }]);
		}
	}

	sandbox.resetRequests();
	advanceClock(MINUTE);
	expect(await trigger.poll()).toBeNull();
	expect(sandbox.requests).toHaveLength(5);
	const stateBytes = JSON.stringify(trigger.staticData()).length;
	const watchedCount = lists.reduce((sum, list) => sum + claimsOf(list).filter(watched).length, 0);
	expect(stateBytes / watchedCount).toBeLessThan(50);
	console.log('claim trigger simulation', JSON.stringify({ ...tally, watched: watchedCount, stateBytes, idleRequests: sandbox.requests.length }));
	expect(tally.failedPolls).toBe(5);
	expect(tally.twice + tally.createdAndDecided + tally.decidedAgain).toBeGreaterThan(20);
}, 180_000); // about a minute on 2 cores: each of the five failing polls waits out the transport's real retry delays (about 4 to 8 s)
