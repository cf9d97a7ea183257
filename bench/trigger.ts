// The Click Report Trigger through n8n-core's PollContext, in a process of its own: the cost of an
// idle poll and of a poll that picks up 5,000 changes; or a backlog drained at both of the
// service's limits (triggerBacklog.ts); or one simulated day at one skew of the service's clock
// (triggerDay.ts).
import '../test/harness/env';

import { Rng } from '../sandbox/prng';
import { installShiftedClock } from './clock';
import { reportToParent } from './entry';
import type { RequestStats } from '../sandbox/client';
import { startBenchSandbox } from './benchSandbox';
import { SimulatedService, spreadTimes } from './simulatedService';
import { drainBacklog, type BacklogTask } from './triggerBacklog';
import { simulateDay, type TriggerDayTask } from './triggerDay';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface TriggerTask {
	kind: 'trigger';
	/** Items in the lookback window for the idle polls (the steady state of 10,000 changes per hour). */
	windowItems: number;
	idlePolls: number;
	changes: number;
	latencyMs: number;
	rate: number;
}

export interface PollCost {
	requests: number;
	wallMs: number;
	cpuMs: number;
	emitted: number;
	throttled: number;
	refused: RequestStats['refused'];
}

export interface TriggerResult {
	setup: PollCost & { windowItems: number };
	idle: PollCost[];
	fullReadIdle: PollCost & { windowItems: number };
	changes: { withWindow: PollCost & { windowItems: number }; alone: PollCost };
}

type Harness = typeof import('../test/harness/run');

/** Idle polls and polls with 5,000 changes: real pace (3/s), real per-second limit on, the service's clock on n8n's. */
async function pollCosts({ addCredential, createTrigger }: Harness, task: TriggerTask): Promise<TriggerResult> {
	const rng = new Rng(2026); // deterministic, so that a run can be replayed
	const random = () => rng.next();
	const sandbox = await startBenchSandbox({
		clickItems: 2000,
		clickDays: 30,
		latencyMs: task.latencyMs,
		rateLimits: true,
		clickRequestsPer5Min: 1e9,
	});
	const service = await SimulatedService.start(sandbox.client, 0);
	const credentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.state.clickUrl,
		publicKey: sandbox.state.publicKey,
		maxRequestsPerSecond: task.rate,
		// The 5-minute cap is off in the sandbox; the client-side window must not hold the polls either.
		maxRequestsPer5Minutes: 1_000_000,
	});
	const measure = async (poll: () => Promise<unknown>): Promise<PollCost> => {
		await sandbox.client.clearRequests();
		const cpu0 = process.cpuUsage();
		const t0 = performance.now();
		const output = (await poll()) as Array<Array<unknown>> | null;
		const wallMs = performance.now() - t0;
		const cpu = process.cpuUsage(cpu0);
		const stats = await sandbox.client.requestStats();
		// A pause so that the next poll does not meet this one's requests in the 1 s window.
		await new Promise((resolve) => setTimeout(resolve, 1100));
		return {
			requests: stats.total,
			wallMs,
			cpuMs: (cpu.user + cpu.system) / 1000,
			emitted: output?.[0]?.length ?? 0,
			throttled: stats.refused.length,
			refused: stats.refused,
		};
	};

	// The window holds `windowItems` changes of the last 28 minutes; the first poll emits them.
	let now = service.now();
	await service.insertAt(spreadTimes(random, task.windowItems, now - 28 * MINUTE, now - MINUTE));
	const trigger = createTrigger({ options: { emitExistingHours: 1 } }, credentials);
	const setup = await measure(() => trigger.poll());
	const windowItems = setup.emitted;
	const idle: PollCost[] = [];
	for (let i = 0; i < task.idlePolls; i++) {
		await service.advance(MINUTE);
		idle.push(await measure(() => trigger.poll()));
	}
	// Half the lookback after the last full read: the whole window is read again.
	await service.advance(30 * MINUTE - task.idlePolls * MINUTE);
	const fullReadIdle = { ...(await measure(() => trigger.poll())), windowItems };

	// 5,000 changes in the last minute, with the window's `windowItems` remembered versions still in it.
	now = service.now();
	await service.advance(MINUTE);
	await service.insertAt(spreadTimes(random, task.changes, now, now + MINUTE - 1));
	const withWindow = { ...(await measure(() => trigger.poll())), windowItems };
	// The same with nothing else in the lookback window: a new trigger two hours later.
	await service.advance(2 * HOUR);
	const fresh = createTrigger({}, credentials);
	await measure(() => fresh.poll());
	// Changes after that first poll: an item updated before a trigger starts is never emitted.
	now = service.now();
	await service.advance(MINUTE);
	await service.insertAt(spreadTimes(random, task.changes, now, now + MINUTE - 1));
	const alone = await measure(() => fresh.poll());
	await sandbox.stop();
	return { setup: { ...setup, windowItems }, idle, fullReadIdle, changes: { withWindow, alone } };
}

async function main() {
	const task = JSON.parse(process.argv[2]) as TriggerTask | TriggerDayTask | BacklogTask;
	// After every seeded item of the sandbox (they end at the real now), so that the windows hold
	// only what the bench inserts.
	installShiftedClock(Math.floor(Date.now() / MINUTE) * MINUTE + 2 * HOUR);
	// n8n-core is loaded once the shifted Date is in place.
	const harness = await import('../test/harness/run');
	if (task.kind === 'triggerDay') return simulateDay(harness, task.day, task.skewMinutes);
	if (task.kind === 'triggerBacklog') return drainBacklog(harness, task);
	return pollCosts(harness, task);
}

reportToParent(main());
