import type { IDataObject } from 'n8n-workflow';

import { Rng } from '../../sandbox/prng';
import { startSandbox, type ClickItem, type Sandbox } from '../../sandbox/server';
import { addCredential, createTrigger } from '../harness/run';
import { advanceClock, clickControl, fakeDateOnly } from './simulatedTime';
import { UNLIMITED_WINDOW } from '../harness/credentials';

/**
 * A long run of the trigger against the sandbox, driven through the sandbox's control endpoint:
 * random inserts and updates, ties, bursts larger than a page, updates while a poll is paging,
 * late data within the lookback, 429/503 failures, tiny poll budgets and restarts. What was
 * emitted is compared with the ground truth the test keeps of every version it created.
 */

const START = Date.UTC(2026, 8, 1, 8, 0, 0);
const MINUTE = 60_000;
const LOOKBACK_MINUTES = 10;
const POLLS = 220;

let sandbox: Sandbox;

beforeAll(async () => {
	fakeDateOnly(START);
	sandbox = await startSandbox({ clickItems: 2000, clickDays: 20, seed: 11, latencyMs: 1 });
});
afterAll(async () => {
	await sandbox.close();
	jest.useRealTimers();
});

test(`${POLLS} polls: no version emitted twice, no change lost, state within its bound`, async () => {
	const rng = new Rng(2026); // deterministic, so that a failure can be replayed
	const random = () => rng.next();
	const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
	const advance = advanceClock;
	const control = clickControl(sandbox);
	const today = () => new Date(Date.now()).toISOString().slice(0, 10);
	const key = (item: { id?: unknown; updatedAt?: unknown }) => `${String(item.id)}@${String(item.updatedAt)}`;

	/** Every version the test created: id@updatedAt. */
	const created = new Set<string>();
	/** The current updatedAt of every item the test touched. */
	const current = new Map<string, string>();
	const emittedCount = new Map<string, number>();
	const stats = {
		inserts: 0,
		updates: 0,
		late: 0,
		bursts: 0,
		duringPaging: 0,
		failedPolls: 0,
		restarts: 0,
		tinyBudget: 0,
		fullReads: 0,
	};
	const missedByFullReads: string[] = [];
	let maxStateBytes = 0;
	let maxRemembered = 0;

	const record = (item: ClickItem) => {
		created.add(key(item));
		current.set(item.id, item.updatedAt);
	};
	const insert = async (count: number, updatedAt?: string) => {
		const items = Array.from({ length: count }, () => ({ date: today(), count: 1 + Math.floor(random() * 9), updatedAt }));
		for (const item of await control.insert(items)) record(item);
		stats.inserts += count;
	};
	const update = async (updatedAt?: string) => {
		const ids = [...current.keys()];
		if (!ids.length) return;
		const id = pick(ids);
		if (updatedAt && updatedAt <= current.get(id)!) return;
		record(await control.update(id, { count: 1 + Math.floor(random() * 50), updatedAt }));
		stats.updates++;
	};

	const credentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.clickUrl,
		publicKey: sandbox.publicKey,
		maxRequestsPerSecond: 1000,
		maxRequestsPer5Minutes: UNLIMITED_WINDOW,
	});
	let trigger = createTrigger({ options: { lookbackMinutes: LOOKBACK_MINUTES } }, credentials);
	expect(await trigger.poll()).toBeNull();
	const activatedAt = Date.now();

	for (let poll = 1; poll <= POLLS + 6; poll++) {
		const quiet = poll > POLLS;
		advance(MINUTE);
		if (!quiet) {
			// Changes since the last poll.
			const inserts = Math.floor(random() * 15);
			if (inserts) await insert(inserts);
			for (let i = Math.floor(random() * 12); i > 0; i--) {
				advance(1 + Math.floor(random() * 500));
				await update();
			}
			if (random() < 0.3) {
				// Ties: several items with one updatedAt.
				await insert(2 + Math.floor(random() * 6), new Date(Date.now()).toISOString());
			}
			if (random() < 0.12) {
				// Late data: changes that show up now with an updatedAt up to half the lookback ago.
				const lateBy = Math.floor(random() * (LOOKBACK_MINUTES / 2) * MINUTE);
				const at = new Date(Math.max(activatedAt + 1, Date.now() - lateBy)).toISOString();
				await insert(1 + Math.floor(random() * 5), at);
				await update(at);
				stats.late++;
			}
			if (random() < 0.06) {
				await insert(600 + Math.floor(random() * 700));
				stats.bursts++;
			}
		}
		if (!quiet && poll % 25 === 0) {
			trigger = trigger.restart();
			stats.restarts++;
		}

		const fault = !quiet && random() < 0.05;
		if (fault) {
			sandbox.injectFault({ kind: 'status', status: random() < 0.5 ? 503 : 429, retryAfter: 0, count: 5, api: 'click' });
		}
		const tinyBudget = !quiet && random() < 0.1;
		if (tinyBudget) stats.tinyBudget++;
		const before = JSON.stringify(trigger.staticData());
		const startedAt = Date.now();
		const currentAtStart = new Map(current);
		const polling = trigger.poll(tinyBudget ? { budgetMs: 4 } : {});
		if (!quiet && !fault && random() < 0.2) {
			// Updates while the poll is paging: they land after the poll's window closed.
			await new Promise((resolve) => setTimeout(resolve, 2));
			for (let i = 0; i < 3; i++) {
				advance(1);
				await update();
			}
			stats.duringPaging++;
		}
		let output;
		try {
			output = await polling;
		} catch (error) {
			expect(fault).toBe(true);
			expect(JSON.stringify(trigger.staticData())).toBe(before);
			stats.failedPolls++;
			sandbox.clearFaults();
			continue;
		}
		sandbox.clearFaults();
		const emitted = output ? output[0].map((item) => item.json as IDataObject) : [];
		const times = emitted.map((item) => Date.parse(String(item.updatedAt)));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		for (const item of emitted) {
			expect(created.has(key(item)) || Date.parse(String(item.updatedAt)) < activatedAt).toBe(true);
			emittedCount.set(key(item), (emittedCount.get(key(item)) ?? 0) + 1);
		}

		const state = (trigger.staticData()['node:Click Report Trigger'] as { clickReport: IDataObject }).clickReport;
		if (state.lastFullRead === new Date(startedAt).toISOString()) {
			// A poll that read its whole window has emitted every version current all through it.
			stats.fullReads++;
			for (const [id, updatedAt] of currentAtStart) {
				const time = Date.parse(updatedAt);
				if (current.get(id) !== updatedAt || time < activatedAt || time > startedAt) continue;
				if (!emittedCount.has(`${id}@${updatedAt}`)) missedByFullReads.push(`${id}@${updatedAt} (poll ${poll})`);
			}
		}
		const bytes = JSON.stringify(state).length;
		maxStateBytes = Math.max(maxStateBytes, bytes);
		const remembered = Object.values(state.emitted as Record<string, string[]>).reduce((sum, ids) => sum + ids.length, 0);
		maxRemembered = Math.max(maxRemembered, remembered);
		// The bound: one entry per item whose current version is at or after the horizon.
		const horizon = Date.parse(String(state.horizon));
		const itemsSinceHorizon = sandbox.clicks.all().filter((item) => Date.parse(item.updatedAt) >= horizon).length;
		expect(remembered).toBeLessThanOrEqual(itemsSinceHorizon);
		for (const updatedAt of Object.keys(state.emitted as object)) expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(horizon);
		// A poll that caught up keeps at most the lookback window plus the time since the last poll.
		if (state.upperBound === new Date(startedAt).toISOString()) {
			expect(horizon).toBe(startedAt - LOOKBACK_MINUTES * MINUTE);
		}
	}

	const duplicates = [...emittedCount.values()].filter((count) => count > 1).length;
	// Every item's latest version, changed after the trigger started, was emitted.
	const lost = [...current.entries()].filter(
		([id, updatedAt]) => Date.parse(updatedAt) >= activatedAt && !emittedCount.has(`${id}@${updatedAt}`),
	);
	const summary = {
		polls: POLLS + 6,
		versionsCreated: created.size,
		versionsEmitted: emittedCount.size,
		duplicates,
		lostChanges: lost.length,
		maxStateBytes,
		maxRememberedVersions: maxRemembered,
		...stats,
	};
	console.log(`trigger simulation: ${JSON.stringify(summary)}`);
	expect(duplicates).toBe(0);
	expect(lost).toEqual([]);
	expect(missedByFullReads).toEqual([]);
	expect(stats.failedPolls).toBeGreaterThan(0);
	expect(stats.bursts).toBeGreaterThan(0);
	expect(stats.late).toBeGreaterThan(0);
	expect(stats.duringPaging).toBeGreaterThan(0);
}, 300_000);
