import type { IDataObject } from 'n8n-workflow';

import { Rng } from '../../sandbox/prng';
import { startSandbox, type ClickItem, type Sandbox } from '../../sandbox/server';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, createTrigger } from '../harness/run';
import { advanceClock, fakeDateOnly } from './simulatedTime';

/**
 * Long runs of the trigger through n8n-core's PollContext against the sandbox, whose click clock
 * is off n8n's by -15 to +15 minutes: updates (more than half the changes) and inserts, bursts of
 * 2,000 changes in one interval, updates while a poll pages, late statistics and late re-versions,
 * polls that fail on 429 and 503, restarts, and a quiet end. Every change is checked against the
 * guarantee in docs/nodes.md: each version once; each on-time version by the first poll that started
 * after it existed; each late one within half a lookback and one poll interval (plus one
 * interval for every poll that failed meanwhile).
 */

const START = Date.UTC(2026, 8, 1, 8, 0, 0);
const MINUTE = 60_000;
const LOOKBACK_MINUTES = 20;
const POLLS = 100;
const QUIET_POLLS = 14;

let sandbox: Sandbox;

beforeAll(async () => {
	fakeDateOnly(START);
	sandbox = await startSandbox({ clickItems: 400, clickDays: 5, seed: 11, latencyMs: 0 });
});
afterAll(async () => {
	await sandbox.close();
	jest.useRealTimers();
});

const key = (item: { id?: unknown; updatedAt?: unknown }) => `${String(item.id)}@${String(item.updatedAt)}`;

describe.each([-15, -5, 0, 5, 15])('the service clock %i minutes off n8n\'s', (skewMinutes) => {
	test(`${POLLS} polls and a quiet end: each version once, on-time ones by the next poll, late ones within the bound`, async () => {
		advanceClock(3 * 60 * MINUTE); // clear of the previous run's lookback
		sandbox.configure({ clickClockOffsetMs: skewMinutes * MINUTE });
		const rng = new Rng(2026 + skewMinutes);
		const random = () => rng.next();
		const serviceNow = () => Date.now() + skewMinutes * MINUTE;
		const today = () => new Date(serviceNow()).toISOString().slice(0, 10);

		const created = new Map<string, { id: string; appearedAt: number; late: boolean }>();
		const current = new Map<string, string>();
		const emittedAt = new Map<string, number>();
		const failedPollTimes: number[] = [];
		const stats = { inserts: 0, updates: 0, late: 0, lateReversions: 0, bursts: 0, duringPaging: 0, failedPolls: 0, restarts: 0 };
		const duplicates: string[] = [];
		const notOnTime: string[] = [];
		const quietCosts: number[] = [];

		const record = (item: ClickItem, late: boolean) => {
			created.set(key(item), { id: item.id, appearedAt: Date.now(), late });
			current.set(item.id, key(item));
		};
		const insert = (count: number, updatedAt?: string) => {
			const items = Array.from({ length: count }, () => ({ date: today(), count: 1 + Math.floor(random() * 9), updatedAt }));
			for (const item of sandbox.clicks.insert(items)) record(item, updatedAt !== undefined);
			stats.inserts += count;
		};
		const ids = () => [...current.keys()];
		const update = (id: string, updatedAt?: string) => {
			record(sandbox.clicks.update(id, { count: 1 + Math.floor(random() * 50), updatedAt }), updatedAt !== undefined);
			stats.updates++;
		};

		const credentials = addCredential('clickStatisticsApi', {
			baseUrl: sandbox.clickUrl,
			publicKey: sandbox.publicKey,
			maxRequestsPerSecond: 1000,
			maxRequestsPer5Minutes: UNLIMITED_WINDOW,
		});
		let trigger = createTrigger({ options: { lookbackMinutes: LOOKBACK_MINUTES } }, credentials);
		expect(await trigger.poll()).toBeNull(); // starts from now
		const stateOf = () => (trigger.staticData()['node:Click Report Trigger'] as { clickReport: IDataObject }).clickReport;

		for (let poll = 1; poll <= POLLS + QUIET_POLLS; poll++) {
			const quiet = poll > POLLS;
			advanceClock(MINUTE);
			if (!quiet) {
				for (let step = 0; step < 12; step++) {
					advanceClock(1 + Math.floor(random() * 400));
					if (random() < 0.45) insert(1 + Math.floor(random() * 3));
					if (current.size > 20) for (let n = Math.floor(random() * 5); n > 0; n--) update(ids()[Math.floor(random() * current.size)]);
				}
				if (random() < 0.3) insert(2 + Math.floor(random() * 6), new Date(serviceNow()).toISOString()); // a tie
				if (random() < 0.15) {
					// Late statistics: changed up to half the lookback less two polls ago, shown only now.
					const at = () => new Date(serviceNow() - Math.floor(random() * (LOOKBACK_MINUTES / 2 - 2) * MINUTE)).toISOString();
					insert(1 + Math.floor(random() * 3), at());
					stats.late++;
					const id = ids()[Math.floor(random() * current.size)];
					const lateAt = at();
					if (lateAt > sandbox.clicks.all().find((item) => item.id === id)!.updatedAt) {
						update(id, lateAt);
						stats.lateReversions++;
					}
				}
				if (poll % 25 === 12) {
					// A burst of 2,000 changes in one interval: half updates, half inserts.
					const known = ids();
					for (let n = 0; n < 1000; n++) update(known[Math.floor(random() * known.length)]);
					insert(1000);
					stats.bursts++;
				}
				if (poll % 25 === 0) {
					trigger = trigger.restart();
					stats.restarts++;
				}
			}
			const fault = !quiet && random() < 0.05;
			if (fault) sandbox.injectFault({ kind: 'status', status: random() < 0.5 ? 503 : 429, retryAfter: 0, count: 5, api: 'click' });
			const before = JSON.stringify(stateOf());
			const startedAt = Date.now();
			sandbox.resetRequests();
			const polling = trigger.poll();
			if (!quiet && !fault && random() < 0.2) {
				// Updates while the poll pages: they are on time for the next poll.
				await new Promise((resolve) => setTimeout(resolve, 2));
				advanceClock(1);
				for (let n = 0; n < 3; n++) update(ids()[Math.floor(random() * current.size)]);
				stats.duringPaging++;
			}
			let output;
			try {
				output = await polling;
			} catch {
				expect(fault).toBe(true);
				expect(JSON.stringify(stateOf())).toBe(before);
				stats.failedPolls++;
				failedPollTimes.push(startedAt);
				sandbox.clearFaults();
				continue;
			}
			sandbox.clearFaults();
			const emitted = output ? output[0].map((item) => item.json) : [];
			for (const item of emitted) {
				if (emittedAt.has(key(item))) duplicates.push(key(item));
				emittedAt.set(key(item), startedAt);
			}
			for (const version of current.values()) {
				const info = created.get(version)!;
				if (!info.late && info.appearedAt <= startedAt && !emittedAt.has(version)) notOnTime.push(`${version} (poll ${poll})`);
			}
			if (quiet && stateOf().sweep === undefined && before.includes('"sweep"') === false && JSON.parse(before).lastFullRead === stateOf().lastFullRead) {
				quietCosts.push(sandbox.requests.length);
			}
		}

		const lateMissed: string[] = [];
		for (const [version, info] of created) {
			if (!info.late || current.get(info.id) !== version) continue; // replaced before a poll could see it
			const at = emittedAt.get(version);
			const failures = failedPollTimes.filter((time) => time >= info.appearedAt && (at === undefined || time <= at)).length;
			const bound = (LOOKBACK_MINUTES / 2 + 1 + failures) * MINUTE + 2000;
			if (at === undefined || at - info.appearedAt > bound) lateMissed.push(`${version}: ${at === undefined ? 'never' : `${((at - info.appearedAt) / MINUTE).toFixed(1)} min`}`);
		}
		console.log(`trigger simulation, service clock ${skewMinutes} min: ${JSON.stringify({ versions: created.size, emitted: emittedAt.size, ...stats, quietCosts })}`);
		expect(duplicates).toEqual([]);
		expect(notOnTime).toEqual([]);
		expect(lateMissed).toEqual([]);
		expect(quietCosts.length).toBeGreaterThanOrEqual(5);
		expect(quietCosts.every((requests) => requests === 1)).toBe(true);
		expect(stats.updates).toBeGreaterThan(stats.inserts);
		expect(stats.failedPolls).toBeGreaterThan(0);
		expect(stats.lateReversions).toBeGreaterThan(0);
	}, 300_000);
});
