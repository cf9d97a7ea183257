/**
 * The conversion events' decisions (nodes/shared/conversionWatch) over a modelled service, for
 * both services' profiles: actions created and moving through statuses at random, changes written
 * late with an earlier stamp, bursts, clock skew, restarts through the stored form. Every status an
 * action is seen to reach after the activation is emitted exactly once, and nothing else. The same
 * decisions run through n8n-core's PollContext against the sandbox in the triggers' own tests.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ConversionProfile, WatchSettings, WatchState } from '../../nodes/shared/conversionWatch';
import { CLICK_CONVERSIONS, PARTNER_CONVERSIONS, concludeWatch, conversionEventKey, planWatch, readWatchState, storeWatchState } from '../../nodes/shared/conversionWatch';
import { Rng } from '../../sandbox/prng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

interface Change {
	status: string;
	/** The stamp the service writes, on its clock. */
	stampMs: number;
	/** When a read first sees it, on its clock. */
	visibleMs: number;
}

interface ModelAction {
	id: string;
	createdMs: number;
	changes: Change[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const wallText = (ms: number) => {
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** An action as each service renders it. */
function render(profile: ConversionProfile, action: ModelAction, change: Change): IDataObject {
	if (profile.service === 'partner') {
		return { id: Number(action.id), status: change.status, status_updated: wallText(change.stampMs), action_date: wallText(action.createdMs) };
	}
	return { actionId: action.id, status: change.status.toUpperCase(), updatedAt: new Date(change.stampMs).toISOString(), createdAt: new Date(action.createdMs).toISOString() };
}

/** What a read at `serviceNow` of every action changed at or after `fromMs` returns. */
function read(profile: ConversionProfile, actions: ModelAction[], serviceNow: number, fromMs: number): IDataObject[] {
	const found: IDataObject[] = [];
	for (const action of actions) {
		const seen = action.changes.filter((change) => change.visibleMs <= serviceNow).pop();
		if (seen && seen.stampMs >= Math.floor(fromMs / 1000) * 1000) found.push(render(profile, action, seen));
	}
	return found;
}

const NEXT: Record<string, string[]> = { pending: ['approved', 'declined'], approved: ['approved_but_stalled', 'declined'], approved_but_stalled: ['approved'], declined: [] };

/** A random history: `count` actions over `spanMs`, each moving on a few times, some changes written up to `lateMs` late. */
function history(rng: Rng, count: number, fromMs: number, spanMs: number, lateMs: number, burstAt?: number, stepMaxMs = HOUR): ModelAction[] {
	const actions: ModelAction[] = [];
	for (let index = 0; index < count; index++) {
		const createdMs = burstAt !== undefined && index % 3 === 0 ? burstAt : fromMs + Math.floor(rng.next() * spanMs / 1000) * 1000;
		const changes: Change[] = [];
		let status = 'pending';
		let stampMs = createdMs;
		let visibleMs = createdMs + (rng.chance(0.3) ? rng.int(0, lateMs / 1000) * 1000 : 0);
		changes.push({ status, stampMs, visibleMs });
		while (NEXT[status].length && rng.chance(0.7)) {
			status = NEXT[status][rng.int(0, NEXT[status].length - 1)];
			stampMs += rng.int(1, stepMaxMs / 15_000) * 15_000;
			visibleMs = Math.max(visibleMs, stampMs + (rng.chance(0.3) ? rng.int(0, lateMs / 1000) * 1000 : 0));
			changes.push({ status, stampMs, visibleMs });
		}
		actions.push({ id: String(1000 + index), createdMs, changes });
	}
	return actions;
}

const settings = (overrides: Partial<WatchSettings> = {}): WatchSettings => ({
	events: new Set(['conversionCreated', 'conversionStatusChanged']),
	watchMs: 60 * DAY,
	rereadMs: 15 * MINUTE,
	emitExisting: false,
	scope: 'all',
	...overrides,
});

interface Scenario {
	profile: ConversionProfile;
	seed: number;
	/** Service clock minus n8n's. */
	skewMs?: number;
	lateMs?: number;
	restartEvery?: number;
	burst?: boolean;
	/** How long the trigger remembers; actions created before it start as unknown. */
	watchMs?: number;
	/** How long before the activation the history starts. */
	historyMs?: number;
	/** The longest time between two changes of an action. */
	stepMaxMs?: number;
}

/** Polls every 5 minutes for a day; returns the emitted keys and what should have been. */
function simulate({ profile, seed, skewMs = 0, lateMs = 10 * MINUTE, restartEvery = 0, burst = false, watchMs = 60 * DAY, historyMs = DAY, stepMaxMs = HOUR }: Scenario) {
	const rng = new Rng(seed);
	const activation = START + DAY;
	const actions = history(rng, 300, activation - historyMs, historyMs + DAY, lateMs, burst ? activation + 6 * HOUR : undefined, stepMaxMs);
	const watch = settings({ watchMs });
	let state: WatchState | undefined;
	const emitted: string[] = [];
	/** The status each action was last seen in by the model's own reads at the poll times. */
	const lastSeen = new Map<string, string>();
	const expected: string[] = [];
	for (let poll = 0, now = activation; now <= activation + DAY; poll++, now += 5 * MINUTE) {
		const serviceNow = now + skewMs;
		const plan = planWatch(profile, watch, state, now);
		const outcome = concludeWatch(profile, watch, state, plan, read(profile, actions, serviceNow, plan.fromMs), now);
		emitted.push(...outcome.emit.map((item) => conversionEventKey(profile, item)));
		state = restartEvery && poll % restartEvery === 0 ? readWatchState(JSON.parse(JSON.stringify(storeWatchState(outcome.state)))) : outcome.state;
		for (const action of actions) {
			const seen = action.changes.filter((change) => change.visibleMs <= serviceNow).pop();
			if (!seen) continue;
			const rendered = render(profile, action, seen);
			const before = lastSeen.get(action.id);
			if (poll > 0 && before === undefined) expected.push(conversionEventKey(profile, { ...rendered, event: 'conversionCreated' }));
			if (poll > 0 && before !== undefined && before !== rendered.status) expected.push(conversionEventKey(profile, { ...rendered, event: 'conversionStatusChanged' }));
			lastSeen.set(action.id, String(rendered.status));
		}
	}
	return { emitted, expected };
}

describe.each([
	['partner', PARTNER_CONVERSIONS],
	['click', CLICK_CONVERSIONS],
])('conversion events of the %s service', (_name, profile) => {
	test.each([1, 2, 3, 4, 5])('seed %i: every status reached is emitted exactly once, nothing else', (seed) => {
		const { emitted, expected } = simulate({ profile, seed });
		expect(expected.length).toBeGreaterThan(50);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect([...emitted].sort()).toEqual([...expected].sort());
	});

	test('restarts after every poll through the stored form change nothing', () => {
		const { emitted, expected } = simulate({ profile, seed: 7, restartEvery: 1 });
		expect([...emitted].sort()).toEqual([...expected].sort());
	});

	test('a burst of 100 actions at once, far more than a page', () => {
		const { emitted, expected } = simulate({ profile, seed: 8, burst: true });
		expect(expected.length).toBeGreaterThan(100);
		expect([...emitted].sort()).toEqual([...expected].sort());
	});

	test.each([-30 * MINUTE, 45 * MINUTE])('the service clock %i ms off n8n’s', (skewMs) => {
		const { emitted, expected } = simulate({ profile, seed: 9, skewMs });
		expect([...emitted].sort()).toEqual([...expected].sort());
	});

	test('actions created before what the trigger remembers: their changes come with no previous status, never as new', () => {
		const { emitted, expected } = simulate({ profile, seed: 11, watchMs: DAY / 2, historyMs: 4 * DAY, stepMaxMs: 3 * DAY });
		expect(emitted.filter((key) => key.startsWith('conversionStatusChanged')).length).toBeGreaterThan(20);
		expect([...emitted].sort()).toEqual([...expected].sort());
	});

	test('changes written later than the re-read window are the one thing missed: the window is what guards them', () => {
		const { emitted, expected } = simulate({ profile, seed: 10, lateMs: 40 * MINUTE });
		expect(emitted.length).toBeLessThan(expected.length);
		expect(new Set(emitted).size).toBe(emitted.length);
	});
});

describe('the decisions one by one', () => {
	const profile = CLICK_CONVERSIONS;
	const now = START;
	const action = (id: string, status: string, updatedAt: number, createdAt = updatedAt) => ({
		actionId: id,
		status,
		updatedAt: new Date(updatedAt).toISOString(),
		createdAt: new Date(createdAt).toISOString(),
	});
	const activated = () => {
		const plan = planWatch(profile, settings(), undefined, now);
		return concludeWatch(profile, settings(), undefined, plan, [action('a', 'PENDING', now - HOUR)], now).state;
	};

	test('the activation reads the watched span, remembers and emits nothing', () => {
		const plan = planWatch(profile, settings(), undefined, now);
		expect(plan).toEqual({ fromMs: now - 60 * DAY - HOUR, activation: true });
		const outcome = concludeWatch(profile, settings(), undefined, plan, [action('a', 'PENDING', now - HOUR)], now);
		expect(outcome.emit).toEqual([]);
		expect(outcome.state.cursor).toBe(now - HOUR);
	});

	test('Emit Existing emits what the activation read, as created', () => {
		const plan = planWatch(profile, settings({ emitExisting: true }), undefined, now);
		expect(concludeWatch(profile, settings({ emitExisting: true }), undefined, plan, [action('a', 'PENDING', now - HOUR)], now).emit).toHaveLength(1);
	});

	test('Emit Existing within a span emits only what changed in it', () => {
		const recent = settings({ emitExisting: true, emitExistingWithinMs: 2 * HOUR });
		const plan = planWatch(profile, recent, undefined, now);
		const read = [action('a', 'PENDING', now - HOUR), action('b', 'PENDING', now - 3 * HOUR)];
		expect(concludeWatch(profile, recent, undefined, plan, read, now).emit.map((item) => item.actionId)).toEqual(['a']);
	});

	test('the next poll reads from the newest change less the re-read window', () => {
		expect(planWatch(profile, settings(), activated(), now + 5 * MINUTE)).toEqual({ fromMs: now - HOUR - 15 * MINUTE, activation: false });
	});

	test('other filters start a new memory', () => {
		expect(planWatch(profile, settings({ scope: 'other' }), activated(), now).activation).toBe(true);
	});

	test('a stamp far in the future never moves the cursor past what can still change', () => {
		const state = activated();
		const plan = planWatch(profile, settings(), state, now);
		const outcome = concludeWatch(profile, settings(), state, plan, [action('b', 'PENDING', now + 400 * DAY, now)], now);
		expect(outcome.emit.map((item) => item.event)).toEqual(['conversionCreated']);
		expect(outcome.state.cursor).toBe(now - HOUR);
	});

	test('an older copy of a remembered action than the one remembered is no change', () => {
		const state = activated();
		const plan = planWatch(profile, settings(), state, now);
		expect(concludeWatch(profile, settings(), state, plan, [action('a', 'CANCELED', now - 2 * HOUR)], now).emit).toEqual([]);
	});

	test('a change carries the previous status; only the chosen events are emitted', () => {
		const state = activated();
		const plan = planWatch(profile, settings(), state, now);
		const [changed] = concludeWatch(profile, settings(), state, plan, [action('a', 'CONFIRMED', now)], now).emit;
		expect(changed).toMatchObject({ event: 'conversionStatusChanged', previousStatus: 'PENDING', status: 'CONFIRMED' });
		expect(conversionEventKey(profile, changed)).toBe(`conversionStatusChanged:a:CONFIRMED:${new Date(now).toISOString()}`);
		const onlyNew = settings({ events: new Set(['conversionCreated']) });
		expect(concludeWatch(profile, onlyNew, state, plan, [action('a', 'CONFIRMED', now)], now).emit).toEqual([]);
	});
});
