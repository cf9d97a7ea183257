// The trigger drains a backlog at the click service's real limits (3 per second, 100 in any 5
// minutes) with the credential's defaults: changes stamped over the hour after its first poll,
// then a poll every simulated minute until every version is emitted and a poll emits nothing.
// The ledger judges every version; the sandbox counts requests on the simulated clock.
import { ClickStatisticsApi } from '../credentials/ClickStatisticsApi.credentials';
import { Rng } from '../sandbox/prng';
import { refusalDetail } from './common';
import { startBenchSandbox } from './benchSandbox';
import { SimulatedService, spreadTimes } from './simulatedService';
import { MAX_LISTED, pollVersions } from './triggerDay';
import { Ledger, type Verdicts } from './triggerLedger';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface BacklogTask {
	kind: 'triggerBacklog';
	changes: number;
	/** The changes are stamped over this many minutes after the trigger's first poll. */
	spreadMinutes: number;
	pollMinutes: number;
	latencyMs: number;
	/** The service's real limits, on in the sandbox. */
	requestsPerSecond: number;
	requestsPer5Min: number;
	/** Gives up after this many polls, drained or not. */
	maxPolls: number;
}

export interface BacklogPoll {
	/** Simulated minutes from the first backlog poll's start to this one's. */
	atMinute: number;
	requests: number;
	emitted: number;
	wallMs: number;
}

export interface BacklogResult extends Pick<Verdicts, 'versionsCreated' | 'emitted' | 'duplicates' | 'lost' | 'unexpected' | 'problems'> {
	updates: number;
	/** What the credential sets when its limits are left empty, as the bench ran it. */
	credential: { requestsPerSecond: number; requestsPer5Min: number };
	polls: BacklogPoll[];
	/** The poll that emitted the last version (1-based), if any did. */
	drainedBy?: number;
	/** From the first backlog poll's start to the end of the one that emitted the last version. */
	drainMinutes?: number;
	requestsToDrain: number;
	requests: number;
	/** The sandbox's count over the simulated clock. */
	maxPer5Min: number;
	throttled: number;
	refusals: string[];
	failedPolls: string[];
	/** Versions emitted older than one emitted before them, across polls; the first of them. */
	outOfOrder: number;
	firstOutOfOrder?: string;
	realSeconds: number;
}

type Harness = typeof import('../test/harness/run');

/** Max Requests per Second and per 5 Minutes as the credential type defaults them. */
function credentialDefaults(): BacklogResult['credential'] {
	const defaultOf = (name: string) => Number(new ClickStatisticsApi().properties.find((p) => p.name === name)?.default);
	return { requestsPerSecond: defaultOf('maxRequestsPerSecond'), requestsPer5Min: defaultOf('maxRequestsPer5Minutes') };
}

/**
 * The backlog's changes, stamped in (from, to] in ties of 1–8 items per second as the day draws
 * them: about half are new versions of items that existed before the trigger started, each
 * updated once, so that every version made is one to emit; the rest are new items.
 */
async function makeBacklog(service: SimulatedService, ledger: Ledger, random: () => number, pool: string[], range: { count: number; from: number; to: number }) {
	const insertedAt = Date.now();
	const updates: Array<{ id: string; updatedAt: string }> = [];
	const inserts: string[] = [];
	for (const updatedAt of spreadTimes(random, range.count, range.from, range.to)) {
		if (updates.length < pool.length && random() < 0.5) updates.push({ id: pool[updates.length], updatedAt });
		else inserts.push(updatedAt);
	}
	await service.updateAt(updates);
	for (const { id, updatedAt } of updates) ledger.made(id, updatedAt, { late: false, insertedAt });
	const ids = await service.insertAt(inserts);
	ids.forEach((id, index) => ledger.made(id, inserts[index], { late: false, insertedAt }));
	return updates.length;
}

export async function drainBacklog(harness: Harness, task: BacklogTask): Promise<BacklogResult> {
	const realStart = performance.now();
	const sandbox = await startBenchSandbox({
		clickItems: 1000,
		clickDays: 30,
		latencyMs: task.latencyMs,
		rateLimits: true,
		clickRequestsPerSecond: task.requestsPerSecond,
		clickRequestsPer5Min: task.requestsPer5Min,
	});
	try {
		const service = await SimulatedService.start(sandbox.client, 0);
		// Max Requests per Second and per 5 Minutes left empty: the credential's defaults.
		const credentials = harness.addCredential('clickStatisticsApi', { baseUrl: sandbox.state.clickUrl, publicKey: sandbox.state.publicKey });
		const trigger = harness.createTrigger({}, credentials);
		const rng = new Rng(2026);
		const random = () => rng.next();
		// The items the backlog updates, stamped long before the trigger's window, which never holds them.
		const pool = await service.insertAt(spreadTimes(random, Math.floor(task.changes / 2), service.now() - 3 * HOUR, service.now() - 2 * HOUR));
		await trigger.poll(); // start from now
		const from = service.now();
		await service.advance(task.spreadMinutes * MINUTE);
		const ledger = new Ledger(false);
		const updates = await makeBacklog(service, ledger, random, pool, { count: task.changes, from, to: service.now() });

		await sandbox.client.clearRequests();
		const result = { polls: [], refusals: [], failedPolls: [], outOfOrder: 0 } as Pick<BacklogResult, 'polls' | 'refusals' | 'failedPolls' | 'outOfOrder' | 'firstOutOfOrder' | 'drainedBy' | 'drainMinutes'>;
		const firstStart = Date.now();
		let nextStart = firstStart;
		let counted = 0;
		let newestEmitted = '';
		for (let poll = 1; poll <= task.maxPolls; poll++) {
			// A poll every interval; one that ran longer is followed at once (the bench's polls never overlap).
			if (Date.now() < nextStart) await service.advance(nextStart - Date.now());
			const startedAt = Date.now();
			nextStart = startedAt + task.pollMinutes * MINUTE;
			const t0 = performance.now();
			const emitted = await pollVersions(trigger, poll, result.failedPolls);
			const wallMs = performance.now() - t0;
			const stats = await sandbox.client.requestStats();
			for (const r of stats.refused) if (r.index >= counted && result.refusals.length < MAX_LISTED) result.refusals.push(refusalDetail(`poll ${poll}:`, r));
			for (const item of emitted) {
				if (item.updatedAt < newestEmitted) {
					result.outOfOrder++;
					result.firstOutOfOrder ??= `poll ${poll} emitted ${item.id}@${item.updatedAt} after a version of ${newestEmitted}`;
				} else newestEmitted = item.updatedAt;
			}
			ledger.polled(startedAt, emitted);
			result.polls.push({ atMinute: (startedAt - firstStart) / MINUTE, requests: stats.total - counted, emitted: emitted.length, wallMs });
			counted = stats.total;
			// Drained: every version made has been emitted (`lost` counts those not emitted yet).
			if (ledger.verdicts().lost > 0) continue;
			if (result.drainedBy === undefined) {
				result.drainedBy = poll;
				result.drainMinutes = (Date.now() - firstStart) / MINUTE;
			} else if (!emitted.length) break;
		}
		const stats = await sandbox.client.requestStats();
		const { versionsCreated, emitted, duplicates, lost, unexpected, problems } = ledger.verdicts();
		const drainedPolls = result.polls.slice(0, result.drainedBy ?? result.polls.length);
		return {
			...result,
			versionsCreated,
			emitted,
			duplicates,
			lost,
			unexpected,
			problems,
			updates,
			credential: credentialDefaults(),
			requestsToDrain: drainedPolls.reduce((sum, p) => sum + p.requests, 0),
			requests: stats.total,
			maxPer5Min: stats.maxPer5Min,
			throttled: stats.refused.length,
			realSeconds: (performance.now() - realStart) / 1000,
		};
	} finally {
		await sandbox.stop();
	}
}
