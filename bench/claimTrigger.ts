// The Affiliate Partner Trigger through n8n-core's PollContext, in a process of its own, against a
// sandbox of its own: requests per poll (the first, idle, and with k decisions) against the number
// of watched and open claims. Counts, not times: they do not depend on the machine.
import '../test/harness/env';

import { readCalendarDate, toPartnerDate } from '../nodes/shared/dates';
import { spawnSandbox, type SandboxClient } from '../sandbox/client';
import { reportToParent } from './entry';

export interface ClaimTriggerCase {
	/** Lost orders in the sandbox, spread over the last year like the seeded ones. */
	lostOrders: number;
	watchDays: number;
	/** Open (processing) lost orders left in the watch window; the others are decided first. */
	open: number;
}

export interface ClaimPollCost {
	/** Decisions made since the previous poll (lost orders). */
	decided: number;
	requests: number;
	emitted: number;
	wallMs: number;
}

export interface ClaimTriggerResult extends ClaimTriggerCase {
	watched: { lostOrders: number; appeals: number };
	openLostOrders: number;
	openAppeals: number;
	firstPoll: ClaimPollCost;
	polls: ClaimPollCost[];
	stateBytes: number;
}

const DAY_MS = 86_400_000;
const EVENTS = ['lostOrderCreated', 'lostOrderStatusChanged', 'appealCreated', 'appealStatusChanged'];

/** The service's date filter, as the trigger writes it. */
const serviceDate = (ms: number) => toPartnerDate(readCalendarDate(new Date(ms))!);

type Claim = { id: number; status: string; appeal_status: string };

async function readAll(client: SandboxClient, path: string, query: Record<string, string>): Promise<Claim[]> {
	const claims: Claim[] = [];
	for (let offset = 0; ; offset += 500) {
		const page = await client.partner<{ results: Claim[]; _meta: { count: number } }>(path, { ...query, limit: 500, offset });
		claims.push(...page.results);
		if (offset + 500 >= page._meta.count) return claims;
	}
}

async function measureCase(harness: typeof import('../test/harness/run'), task: ClaimTriggerCase, decisions: number[]): Promise<ClaimTriggerResult> {
	const sandbox = await spawnSandbox({ seed: 1, clickItems: 10, clickDays: 1, lostOrders: task.lostOrders });
	try {
		const { client } = sandbox;
		const window = { start_date: serviceDate(Date.now() - task.watchDays * DAY_MS) };
		// Leave `open` lost orders open in the window, oldest first: the others accepted, their
		// appeals resolved.
		const open = (await readAll(client, '/lost_orders/', { ...window, status: 'processing' })).map((c) => c.id).reverse();
		for (const id of open.slice(task.open)) await client.decideClaim('lost_orders', id, { status: 'accepted', appeal_status: 'resolved' });
		const stillOpen = open.slice(0, task.open);

		const credentials = harness.addCredential('affiliatePartnerApi', {
			authentication: 'accessToken',
			baseUrl: sandbox.state.partnerUrl,
			accessToken: sandbox.state.accessToken,
			maxRequestsPerSecond: 1000,
		});
		const trigger = harness.createTrigger({ events: EVENTS, options: { watchDays: task.watchDays } }, credentials, {}, 'affiliatePartnerTrigger');
		const measure = async (decided: number): Promise<ClaimPollCost> => {
			await client.clearRequests();
			const started = performance.now();
			const output = (await trigger.poll()) as unknown[][] | null;
			const wallMs = performance.now() - started;
			return { decided, requests: (await client.requestStats()).total, emitted: output?.[0]?.length ?? 0, wallMs };
		};
		const firstPoll = await measure(0);
		const polls: ClaimPollCost[] = [];
		for (const k of decisions) {
			// The costliest decisions: of the oldest open claims (not among the newest, which a poll
			// reads anyway), with the appeal resolved as well, so that each claim leaves both open
			// reads, and only a fetch by ID (or a full read, above 20) can show it.
			const patch = { status: 'rejected', reject_reason: 'order_cancelled', appeal_status: 'resolved' };
			for (const id of stillOpen.splice(0, k)) await client.decideClaim('lost_orders', id, patch);
			polls.push(await measure(k));
		}
		const watchedAppeals = await readAll(client, '/appeals/', window);
		return {
			...task,
			watched: { lostOrders: (await readAll(client, '/lost_orders/', window)).length, appeals: watchedAppeals.length },
			openLostOrders: task.open,
			openAppeals: watchedAppeals.filter((c) => c.status === 'processing').length,
			firstPoll,
			polls,
			stateBytes: JSON.stringify(trigger.staticData()).length,
		};
	} finally {
		await sandbox.stop();
	}
}

export interface ClaimTriggerTask {
	kind: 'claimTrigger';
	cases: ClaimTriggerCase[];
	/** Decisions before each poll after the first: 0 is an idle poll. */
	decisions: number[];
}

async function main() {
	const task = JSON.parse(process.argv[2]) as ClaimTriggerTask;
	const harness = await import('../test/harness/run');
	const results: ClaimTriggerResult[] = [];
	for (const claimCase of task.cases) results.push(await measureCase(harness, claimCase, task.decisions));
	return results;
}

reportToParent(main());
