// The Click Report Trigger through n8n-core's PollContext: the cost of an idle poll, of a poll
// that picks up 5,000 changes, and the size of its static data over a simulated day.
import '../test/harness/env';

import { rmSync } from 'node:fs';

import { Rng } from '../sandbox/prng';
import type { ClickItem } from '../sandbox/server';
import { advanceClock, installShiftedClock } from './clock';
import { SandboxClient } from './sandboxClient';
import type { RequestStats } from './sandboxHost';

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
	day: { hours: number; changesPerHour: number; pollMinutes: number; lookbackMinutes: number };
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
	day: {
		hours: number;
		changesPerHour: number;
		pollMinutes: number;
		lookbackMinutes: number;
		polls: number;
		versionsCreated: number;
		emitted: number;
		duplicates: number;
		/** Versions replaced by a newer version of the same item before any poll could see them. */
		superseded: number;
		/** Versions a poll could see that were never emitted. */
		lost: number;
		/** Versions emitted that the day did not create. */
		unexpected: number;
		requests: number;
		requestsPerPoll: { median: number; max: number };
		maxRequestsPer5Min: number;
		cpuMsPerPoll: { median: number; max: number };
		hourly: Array<{ hour: number; stateBytes: number; remembered: number; requests: number }>;
		finalStateBytes: number;
		maxStateBytes: number;
		finalRemembered: number;
		realSeconds: number;
	};
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
};

/** updatedAt values spread over (from, to], in batches of 1–8 items sharing one second (ties). */
function spreadTimes(random: () => number, count: number, from: number, to: number): string[] {
	const times: string[] = [];
	while (times.length < count) {
		const at = Math.floor((from + 1 + random() * (to - from - 1)) / 1000) * 1000;
		const time = new Date(Math.max(at, from + 1)).toISOString();
		const batch = Math.min(count - times.length, 1 + Math.floor(random() * 8));
		for (let i = 0; i < batch; i++) times.push(time);
	}
	return times;
}

function remembered(staticData: Record<string, unknown>): number {
	const node = staticData['node:Click Report Trigger'] as { clickReport?: { emitted?: Record<string, string[]> } } | undefined;
	return Object.values(node?.clickReport?.emitted ?? {}).reduce((sum, ids) => sum + ids.length, 0);
}

async function main() {
	const task = JSON.parse(process.argv[2]) as TriggerTask;
	// After every seeded item of the sandbox (they end at the real now), so that the windows hold
	// only what the bench inserts.
	const start = Math.floor(Date.now() / MINUTE) * MINUTE + 2 * HOUR;
	installShiftedClock(start);
	const { addCredential, createTrigger } = await import('../test/harness/run');
	const rng = new Rng(2026); // deterministic, so that a run can be replayed
	const random = () => rng.next();
	const today = () => new Date().toISOString().slice(0, 10);

	// --- Idle polls and a poll with 5,000 changes: real pace (3/s), real per-second limit on.
	let sandbox = await SandboxClient.start({
		clickItems: 2000,
		clickDays: 30,
		latencyMs: task.latencyMs,
		rateLimits: true,
		clickRequestsPer5Min: 1e9,
	});
	const credentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.state.clickUrl,
		publicKey: sandbox.state.publicKey,
		maxRequestsPerSecond: task.rate,
		// The 5-minute cap is off in the sandbox; the client-side window must not hold the polls either.
		maxRequestsPer5Minutes: 1_000_000,
	});
	const measure = async (poll: () => Promise<unknown>): Promise<PollCost> => {
		await sandbox.resetRequests();
		const cpu0 = process.cpuUsage();
		const t0 = performance.now();
		const output = (await poll()) as Array<Array<unknown>> | null;
		const wallMs = performance.now() - t0;
		const cpu = process.cpuUsage(cpu0);
		const stats = await sandbox.requestStats();
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
	const insertAt = async (times: string[]) => {
		for (let i = 0; i < times.length; i += 5000) {
			await sandbox.insertClicks(times.slice(i, i + 5000).map((updatedAt) => ({ updatedAt, date: today(), count: 1 })));
		}
	};

	// The window holds `windowItems` changes of the last 28 minutes; the first poll emits them.
	let now = Date.now();
	await insertAt(spreadTimes(random, task.windowItems, now - 28 * MINUTE, now - MINUTE));
	const trigger = createTrigger({ options: { emitExistingHours: 1 } }, credentials);
	const setup = await measure(() => trigger.poll());
	const windowItems = setup.emitted;
	const idle: PollCost[] = [];
	for (let i = 0; i < task.idlePolls; i++) {
		advanceClock(MINUTE);
		idle.push(await measure(() => trigger.poll()));
	}
	// Half the lookback after the last full read: the whole window is read again.
	advanceClock(30 * MINUTE - task.idlePolls * MINUTE);
	const fullReadIdle = { ...(await measure(() => trigger.poll())), windowItems };

	// 5,000 changes in the last minute, with the window's `windowItems` remembered versions still in it.
	now = Date.now();
	advanceClock(MINUTE);
	await insertAt(spreadTimes(random, task.changes, now, now + MINUTE - 1));
	const withWindow = { ...(await measure(() => trigger.poll())), windowItems };
	// The same with nothing else in the lookback window: a new trigger two hours later.
	advanceClock(2 * HOUR);
	const fresh = createTrigger({}, credentials);
	await measure(() => fresh.poll());
	// Changes after that first poll: an item updated before a trigger starts is never emitted.
	now = Date.now();
	advanceClock(MINUTE);
	await insertAt(spreadTimes(random, task.changes, now, now + MINUTE - 1));
	const alone = await measure(() => fresh.poll());
	await sandbox.close();

	// --- A simulated day: polls every `pollMinutes`, changes at `changesPerHour`, no latency and no
	// pacing (only the sizes and counts matter here; real pacing would make it last a day).
	sandbox = await SandboxClient.start({ clickItems: 5000, clickDays: 30, latencyMs: 0, rateLimits: false });
	const dayCredentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.state.clickUrl,
		publicKey: sandbox.state.publicKey,
		maxRequestsPerSecond: 1000,
		maxRequestsPer5Minutes: 1_000_000,
	});
	const { day } = task;
	const dayTrigger = createTrigger({ options: { lookbackMinutes: day.lookbackMinutes } }, dayCredentials);
	const realStart = performance.now();
	const pool: string[] = [];
	/** The latest version of every item the day touched: id → updatedAt. */
	const latest = new Map<string, string>();
	const emittedVersions = new Set<string>();
	/** Every version a poll could see: not replaced by a newer version of its item before the next poll. */
	const visible = new Set<string>();
	let duplicates = 0;
	let versionsCreated = 0;
	let superseded = 0;
	await dayTrigger.poll(); // start from now
	const dayStart = Date.now();
	const perPoll: number[] = [];
	const cpuPerPoll: number[] = [];
	const hourly: TriggerResult['day']['hourly'] = [];
	let hourRequests = 0;
	let carry = 0;
	let maxStateBytes = 0;
	const polls = Math.round((day.hours * 60) / day.pollMinutes);
	for (let poll = 1; poll <= polls; poll++) {
		const from = Date.now();
		const to = from + day.pollMinutes * MINUTE;
		carry += (day.changesPerHour * day.pollMinutes) / 60;
		const count = Math.floor(carry);
		carry -= count;
		// Half updates of items already known, half new items; 5% of the new ones arrive late
		// (their statistics changed up to 20 minutes earlier, within the lookback).
		const times = spreadTimes(random, count, from, to);
		const updates: Array<{ id: string; updatedAt: string }> = [];
		const inserts: Array<Partial<ClickItem>> = [];
		const newVersion = (id: string, updatedAt: string, sameInterval: boolean) => {
			const previous = latest.get(id);
			if (previous !== undefined && sameInterval && visible.delete(`${id}@${previous}`)) superseded++;
			latest.set(id, updatedAt);
			visible.add(`${id}@${updatedAt}`);
		};
		const touched = new Set<string>();
		for (const updatedAt of times) {
			if (pool.length > 100 && random() < 0.5) {
				const id = pool[Math.floor(random() * pool.length)];
				if ((latest.get(id) ?? '') < updatedAt) {
					updates.push({ id, updatedAt });
					newVersion(id, updatedAt, touched.has(id));
					touched.add(id);
					continue;
				}
			}
			// Late statistics: changed up to 20 minutes earlier (within the lookback), never before the trigger started.
			const late =
				random() < 0.05 ? new Date(Math.max(dayStart + 1, Date.parse(updatedAt) - Math.floor(random() * 20) * MINUTE)).toISOString() : updatedAt;
			inserts.push({ updatedAt: late, date: today(), count: 1 });
		}
		if (updates.length) await sandbox.updateClicks(updates);
		const ids = inserts.length ? await sandbox.insertClicks(inserts) : [];
		ids.forEach((id, index) => {
			pool.push(id);
			newVersion(id, inserts[index].updatedAt as string, false);
		});
		versionsCreated += updates.length + inserts.length;
		advanceClock(to - Date.now());

		await sandbox.resetRequests();
		const cpu0 = process.cpuUsage();
		const output = (await dayTrigger.poll()) as Array<Array<{ json: { id: string; updatedAt: string } }>> | null;
		const cpu = process.cpuUsage(cpu0);
		cpuPerPoll.push((cpu.user + cpu.system) / 1000);
		const requests = (await sandbox.requestStats()).total;
		perPoll.push(requests);
		hourRequests += requests;
		for (const item of output?.[0] ?? []) {
			const key = `${item.json.id}@${item.json.updatedAt}`;
			if (emittedVersions.has(key)) duplicates++;
			emittedVersions.add(key);
		}
		if ((poll * day.pollMinutes) % 60 === 0) {
			const staticData = dayTrigger.staticData();
			const stateBytes = Buffer.byteLength(JSON.stringify(staticData));
			maxStateBytes = Math.max(maxStateBytes, stateBytes);
			hourly.push({ hour: (poll * day.pollMinutes) / 60, stateBytes, remembered: remembered(staticData), requests: hourRequests });
			if (hourly.length % 6 === 0) {
				console.log(
					`[trigger] simulated hour ${hourly.length}/${day.hours}: static data ${(stateBytes / 1024).toFixed(0)} KB, ${hourRequests} requests in the last hour`,
				);
			}
			hourRequests = 0;
		}
	}
	let lost = 0;
	for (const key of visible) if (!emittedVersions.has(key)) lost++;
	let unexpected = 0;
	for (const key of emittedVersions) if (!visible.has(key)) unexpected++;
	const finalState = dayTrigger.staticData();
	let maxPer5Min = 0;
	const per5 = Math.max(1, Math.round(5 / day.pollMinutes));
	for (let i = 0; i + per5 <= perPoll.length; i++) maxPer5Min = Math.max(maxPer5Min, perPoll.slice(i, i + per5).reduce((a, b) => a + b, 0));
	await sandbox.close();

	const result: TriggerResult = {
		setup: { ...setup, windowItems },
		idle,
		fullReadIdle,
		changes: { withWindow, alone },
		day: {
			...day,
			polls,
			versionsCreated,
			emitted: emittedVersions.size,
			duplicates,
			superseded,
			lost,
			unexpected,
			requests: perPoll.reduce((a, b) => a + b, 0),
			requestsPerPoll: { median: median(perPoll), max: Math.max(...perPoll) },
			maxRequestsPer5Min: maxPer5Min,
			cpuMsPerPoll: { median: median(cpuPerPoll), max: Math.max(...cpuPerPoll) },
			hourly,
			finalStateBytes: Buffer.byteLength(JSON.stringify(finalState)),
			maxStateBytes,
			finalRemembered: remembered(finalState),
			realSeconds: (performance.now() - realStart) / 1000,
		},
	};
	process.send!({ type: 'result', result });
}

main()
	.catch((error) => {
		process.send!({ type: 'result', result: { error: (error as Error).stack ?? String(error) } });
	})
	.finally(() => {
		if (process.env.N8N_USER_FOLDER?.includes('n8n-affiliate-test-')) {
			rmSync(process.env.N8N_USER_FOLDER, { recursive: true, force: true });
		}
		setTimeout(() => process.exit(0), 100);
	});
