import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type ClickItem, type Sandbox } from '../../sandbox/server';
import { addCredential, createTrigger } from '../harness/run';
import { SandboxClient } from '../../sandbox/client';
import { advanceClock, fakeDateOnly } from './simulatedTime';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { MAX_ATTEMPTS, MAX_ATTEMPTS_REFUSED_FOR_RATE } from '../../nodes/shared/transport/retry';

const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const MINUTE = 60_000;

let sandbox: Sandbox;

beforeAll(async () => {
	fakeDateOnly(START);
	sandbox = await startSandbox({ clickItems: 3000, clickDays: 30, seed: 7 });
});
afterAll(async () => {
	await sandbox.close();
	jest.useRealTimers();
});
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
	sandbox.configure({ latencyMs: 0 });
});

const credentials = () =>
	addCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey, maxRequestsPerSecond: 1000, maxRequestsPer5Minutes: UNLIMITED_WINDOW });
const advance = advanceClock;
const today = () => new Date(Date.now()).toISOString().slice(0, 10);
const versionOf = (item: { id?: unknown; updatedAt?: unknown }) => `${String(item.id)}@${String(item.updatedAt)}`;
const emittedOf = (output: INodeExecutionData[][] | null) => (output ? output[0].map((item) => item.json) : []);

// Over the control endpoint, as another process would: the sandbox stamps updatedAt by its own clock.
const insert = (items: Array<Partial<ClickItem>>) => new SandboxClient(sandbox).insertClicks(items);
const update = (id: string, patch: Partial<ClickItem> = {}) => new SandboxClient(sandbox).updateClick(id, patch);

const iso = (time: number) => new Date(time).toISOString();

/** An active trigger that has emitted `count` items, `spacingMs` apart, all within its lookback. */
async function triggerThatEmitted(count: number, spacingMs: number) {
	advance(MINUTE);
	const trigger = createTrigger({ options: { lookbackMinutes: 60 } }, credentials());
	expect(await trigger.poll()).toBeNull();
	const activatedAt = Date.now();
	advance(1000 + count * spacingMs + 5 * MINUTE);
	const existing = await insert(
		Array.from({ length: count }, (_, index) => ({ date: today(), updatedAt: iso(activatedAt + 1000 + index * spacingMs) })),
	);
	expect(emittedOf(await trigger.poll())).toHaveLength(count);
	return { trigger, activatedAt, existing };
}

describe('click report trigger', () => {
	test('the first poll starts from now; later polls emit each new or updated item once, oldest first', async () => {
		advance(MINUTE);
		const trigger = createTrigger({}, credentials());
		expect(await trigger.poll()).toBeNull();

		advance(MINUTE);
		const [first, second] = await insert([{ date: today(), count: 1 }, { date: today(), count: 2 }]);
		advance(10);
		const updated = await update(first.id, { count: 5 });
		advance(MINUTE);
		const emitted = emittedOf(await trigger.poll());
		expect(emitted.map(versionOf)).toEqual([versionOf(second), versionOf(updated)]);

		advance(MINUTE);
		sandbox.resetRequests();
		expect(await trigger.poll()).toBeNull();
		expect(sandbox.requests).toHaveLength(1);
	});

	test('emitExistingHours emits the recent past on the first poll, oldest first, and filters are sent', async () => {
		advance(MINUTE);
		const merchant = sandbox.clicks.all()[0].merchantId;
		const trigger = createTrigger({ filters: { merchantId: String(merchant) }, options: { emitExistingHours: 48 } }, credentials());
		const emitted = emittedOf(await trigger.poll());
		const since = Date.now() - 48 * 60 * MINUTE;
		const truth = sandbox.clicks
			.all()
			.filter((item) => item.merchantId === merchant && Date.parse(item.updatedAt) >= since)
			.reverse();
		expect(truth.length).toBeGreaterThan(3);
		expect(emitted.map((item) => item.id).sort()).toEqual(truth.map((item) => item.id).sort());
		const times = emitted.map((item) => Date.parse(String(item.updatedAt)));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(sandbox.requests.every((request) => request.query.merchantId?.[0] === String(merchant))).toBe(true);
		expect(sandbox.requests.every((request) => request.query.updatedAtFrom?.length === 1 && request.query.updatedAtTo?.length === 1)).toBe(true);
	});

	test('an idle poll costs one request even when the lookback window holds thousands of items', async () => {
		advance(MINUTE);
		await insert(Array.from({ length: 2400 }, (_, index) => ({ date: today(), count: index + 1 })));
		advance(MINUTE);
		const trigger = createTrigger({ options: { lookbackMinutes: 60 } }, credentials());
		expect(await trigger.poll()).toBeNull();
		sandbox.resetRequests();
		advance(MINUTE);
		expect(await trigger.poll()).toBeNull();
		expect(sandbox.requests).toHaveLength(1);
		advance(MINUTE);
		const [fresh] = await insert([{ date: today() }]);
		advance(MINUTE);
		expect(emittedOf(await trigger.poll()).map(versionOf)).toEqual([versionOf(fresh)]);
	});

	test('changes that fit the newest page cost one request; a late change below that page is still found', async () => {
		// 1,200 items over 30 minutes: the newest page (500) covers only the last 12.5 minutes.
		const { trigger, activatedAt, existing } = await triggerThatEmitted(1200, 1500);

		advance(MINUTE);
		const [fresh] = await insert([{ date: today() }]);
		advance(10);
		// An update of an item far below the newest page moves it to the top: the server now
		// counts one version fewer below the previous bound, which is not a late change.
		const moved = await update(existing[0].id, { count: 7 });
		advance(MINUTE);
		sandbox.resetRequests();
		expect(emittedOf(await trigger.poll()).map(versionOf)).toEqual([versionOf(fresh), versionOf(moved)]);
		expect(sandbox.requests).toHaveLength(1);

		advance(MINUTE);
		// Statistics that arrive late, with an updatedAt below the newest page.
		const [late] = await insert([{ date: today(), updatedAt: iso(activatedAt + 5 * MINUTE) }]);
		const [next] = await insert([{ date: today() }]);
		advance(MINUTE);
		sandbox.resetRequests();
		expect(emittedOf(await trigger.poll()).map(versionOf)).toEqual([versionOf(late), versionOf(next)]);
		expect(sandbox.requests.length).toBeGreaterThan(1);

		advance(MINUTE);
		sandbox.resetRequests();
		expect(await trigger.poll()).toBeNull();
		expect(sandbox.requests).toHaveLength(1);
	});

	test('late changes in a large window: the window is read down only as far as they can hide', async () => {
		// 6,000 items over 35 minutes: 12 pages.
		const { trigger, activatedAt, existing } = await triggerThatEmitted(6000, 350);

		advance(MINUTE);
		// Late statistics, a few minutes old: below the newest page, far above the window's bottom.
		const late = await insert([
			{ date: today(), updatedAt: iso(activatedAt + 31 * MINUTE) },
			{ date: today(), updatedAt: iso(activatedAt + 32 * MINUTE) },
		]);
		const [fresh] = await insert([{ date: today() }]);
		advance(10);
		const moved = await update(existing[100].id, { count: 3 });
		advance(MINUTE);
		sandbox.resetRequests();
		const emitted = emittedOf(await trigger.poll()).map(versionOf);
		expect(emitted).toEqual([...late, fresh, moved].map(versionOf));
		const requests = sandbox.requests.length;
		console.log(`trigger: 2 late changes in a 12-page window found with ${requests} requests`);
		expect(requests).toBeLessThanOrEqual(3);

		advance(MINUTE);
		sandbox.resetRequests();
		expect(await trigger.poll()).toBeNull();
		expect(sandbox.requests).toHaveLength(1);
	});

	test('ties on updatedAt at the edge between two polls are emitted once', async () => {
		advance(MINUTE);
		const trigger = createTrigger({}, credentials());
		await trigger.poll();
		advance(MINUTE);
		const edge = new Date(Date.now()).toISOString();
		const early = await insert([{ id: '00000000-0000-4000-8000-00000000000a', date: today(), updatedAt: edge }]);
		// The poll's window ends exactly at `edge`.
		const firstPoll = emittedOf(await trigger.poll());
		expect(firstPoll.map(versionOf)).toEqual(early.map(versionOf));
		// More items with the same updatedAt arrive after that poll: late, but within the lookback.
		const late = await insert([
			{ id: '00000000-0000-4000-8000-000000000001', date: today(), updatedAt: edge },
			{ id: '00000000-0000-4000-8000-00000000000f', date: today(), updatedAt: edge },
		]);
		advance(MINUTE);
		expect(emittedOf(await trigger.poll()).map(versionOf)).toEqual(late.map(versionOf));
		advance(MINUTE);
		expect(await trigger.poll()).toBeNull();
	});

	test('"Fetch test event" returns recent items and leaves the state untouched', async () => {
		advance(MINUTE);
		const trigger = createTrigger({}, credentials());
		await trigger.poll();
		const before = trigger.staticData();
		await insert([{ date: today() }]);
		advance(MINUTE);
		const sample = emittedOf(await trigger.poll({ mode: 'manual' }));
		expect(sample.length).toBeGreaterThan(0);
		expect(sample.length).toBeLessThanOrEqual(10);
		expect(trigger.staticData()).toEqual(before);
		// The real poll still sees the new item.
		expect(emittedOf(await trigger.poll())).toHaveLength(1);
	});

	test('a poll that fails on 503 or 429 does not advance the state, and the next poll recovers', async () => {
		advance(MINUTE);
		const trigger = createTrigger({}, credentials());
		await trigger.poll();
		for (const status of [503, 429] as const) {
			const [item] = await insert([{ date: today() }]);
			advance(MINUTE);
			const before = trigger.staticData();
			// Every attempt the transport makes (a refusal for rate is tried more often than an outage).
			const attempts = status === 429 ? MAX_ATTEMPTS_REFUSED_FOR_RATE : MAX_ATTEMPTS;
			sandbox.injectFault({ kind: 'status', status, retryAfter: 0, count: attempts, api: 'click' });
			await expect(trigger.poll()).rejects.toThrow(/limiting the request rate|service failed/);
			expect(trigger.staticData()).toEqual(before);
			advance(MINUTE);
			expect(emittedOf(await trigger.poll()).map(versionOf)).toEqual([versionOf(item)]);
		}
	});

	test('the state survives a restart as plain JSON', async () => {
		advance(MINUTE);
		let trigger = createTrigger({}, credentials());
		await trigger.poll();
		const [item] = await insert([{ date: today() }]);
		advance(MINUTE);
		trigger = trigger.restart();
		expect(emittedOf(await trigger.poll()).map(versionOf)).toEqual([versionOf(item)]);
		trigger = trigger.restart();
		advance(MINUTE);
		expect(await trigger.poll()).toBeNull();
	});

	// On n8n 1.x, whose PollContext has no budget, the harness gives the poll one as 2.x does (test/harness/run.ts).
	test('a backlog larger than the poll budget drains over several polls, oldest first, each item once', async () => {
		advance(MINUTE);
		// At 10 requests per second, half of a 500 ms budget holds two requests (the first after a pause waits 100 ms).
		const slow = addCredential('clickStatisticsApi', {
			baseUrl: sandbox.clickUrl,
			publicKey: sandbox.publicKey,
			maxRequestsPerSecond: 10,
			maxRequestsPer5Minutes: UNLIMITED_WINDOW,
		});
		const trigger = createTrigger({}, slow);
		await trigger.poll();
		advance(MINUTE);
		// 1,700 changes since the trigger started, spread over 43 s in groups of 10 that tie on updatedAt.
		const base = Date.now() - 45_000;
		const backlog = await insert(
			Array.from({ length: 1700 }, (_, index) => ({
				date: today(),
				updatedAt: new Date(base + Math.floor(index / 10) * 250).toISOString(),
			})),
		);
		advance(MINUTE);
		const drained: IDataObject[] = [];
		let pollsWithItems = 0;
		for (let poll = 0; poll < 20; poll++) {
			const emitted = emittedOf(await trigger.poll({ budgetMs: 500 }));
			if (emitted.length) pollsWithItems++;
			else if (drained.length) break;
			drained.push(...emitted);
			advance(MINUTE);
		}
		expect(pollsWithItems).toBeGreaterThan(1);
		expect(drained.map(versionOf).sort()).toEqual(backlog.map(versionOf).sort());
		expect(new Set(drained.map(versionOf)).size).toBe(drained.length);
		const times = drained.map((item) => Date.parse(String(item.updatedAt)));
		expect(times).toEqual([...times].sort((x, y) => x - y));
	});

	test('a backlog drains within what the key\'s 5-minute window leaves, never waiting for it inside a poll', async () => {
		// The key's earlier requests leave its window, and the earlier tests' items the lookback.
		advance(61 * MINUTE);
		const windowed = addCredential('clickStatisticsApi', {
			baseUrl: sandbox.clickUrl,
			publicKey: sandbox.publicKey,
			maxRequestsPerSecond: 1000,
			maxRequestsPer5Minutes: 8,
		});
		// The sandbox enforces the same 8 per 5 minutes: a request too many would be answered 429.
		sandbox.configure({ rateLimits: true, clickRequestsPerSecond: 1000, clickRequestsPer5Min: 8 });
		const trigger = createTrigger({}, windowed);
		await trigger.poll();
		advance(MINUTE);
		const base = Date.now() - 50_000;
		const backlog = await insert(
			Array.from({ length: 6000 }, (_, index) => ({ date: today(), updatedAt: new Date(base + index * 7).toISOString() })),
		);
		advance(MINUTE);
		const drained: IDataObject[] = [];
		const perPoll: number[] = [];
		let refused = 0;
		for (let poll = 0; poll < 10; poll++) {
			sandbox.resetRequests();
			const emitted = emittedOf(await trigger.poll({ budgetMs: 60_000 }));
			perPoll.push(sandbox.requests.length);
			refused += sandbox.requests.filter((request) => request.status === 429).length;
			if (!emitted.length && drained.length) break;
			drained.push(...emitted);
			advance(6 * MINUTE); // the window slides past this poll's requests
		}
		// The first poll after activation had 7 of the window's 8 requests left, and used no more.
		sandbox.configure({ rateLimits: false });
		expect(refused).toBe(0);
		expect(perPoll[0]).toBeLessThanOrEqual(7);
		expect(Math.max(...perPoll)).toBeLessThanOrEqual(8);
		expect(perPoll.length).toBeGreaterThan(1);
		expect(drained.map(versionOf).sort()).toEqual(backlog.map(versionOf).sort());
		expect(new Set(drained.map(versionOf)).size).toBe(drained.length);
	});

	test('bad filters are refused before any request', async () => {
		const trigger = createTrigger({ filters: { adSpaceId: 'not-a-uuid' } }, credentials());
		await expect(trigger.poll()).rejects.toThrow(/Invalid "Ad Space ID"/);
		expect(sandbox.requests).toHaveLength(0);
	});
});
