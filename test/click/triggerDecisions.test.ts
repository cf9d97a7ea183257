// Plain table tests of the Click Report Trigger's decisions (nodes/ClickReportTrigger/decide.ts,
// outcome.ts) against an in-memory click report: no HTTP, no n8n. The same trigger runs through
// n8n-core's PollContext against the sandbox in trigger.test.ts and trigger.simulation.test.ts.
import type { ClickItem } from '../../nodes/shared/clickReport';
import type { TriggerState } from '../../nodes/ClickReportTrigger/state';
import { readState } from '../../nodes/ClickReportTrigger/state';
import { Rng } from '../../sandbox/prng';
import { pollModel, ServiceModel } from './serviceModel';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const settings = { lookbackMs: 60 * MINUTE, emitExistingMs: 0 };
const key = (item: { id: unknown; updatedAt: unknown }) => `${String(item.id)}@${String(item.updatedAt)}`;

/** A trigger over the model: polls, keeps the committed state, counts what each version was emitted. */
function triggerOn(model: ServiceModel, budget = 80) {
	let state: TriggerState | undefined;
	const emitted = new Map<string, number>();
	return {
		get state() {
			return state;
		},
		poll(options: Parameters<typeof pollModel>[3] = {}) {
			const poll = pollModel(model, state, settings, { budget, ...options });
			state = poll.outcome.state;
			for (const item of poll.outcome.emit) emitted.set(key(item), (emitted.get(key(item)) ?? 0) + 1);
			return poll;
		},
		emitted,
	};
}

/** An active trigger whose window holds `count` emitted items, one every 500 ms of the last half hour. */
function steadyTrigger(count = 3000, offset = 0) {
	const model = new ServiceModel(START, offset);
	const trigger = triggerOn(model);
	trigger.poll();
	const items: ClickItem[] = [];
	for (let index = 0; index < count; index++) {
		model.localNow += 500;
		items.push(model.insert());
	}
	model.localNow += MINUTE;
	const caughtUp = trigger.poll();
	expect(caughtUp.outcome.emit).toHaveLength(count);
	return { model, trigger, items };
}

describe('click report trigger decisions', () => {
	test('an idle poll costs one request, however many items the lookback holds', () => {
		const { model, trigger } = steadyTrigger(3000);
		model.localNow += MINUTE;
		const idle = trigger.poll();
		expect(idle.requests).toBe(1);
		expect(idle.outcome.emit).toEqual([]);
	});

	test.each([
		[600, 0],
		[2000, 1000],
		[4999, 2500],
	])('a burst of %i on-time changes (%i of them updates) is emitted whole by the next poll, in about ceil(k/500)+1 requests', (changes, updates) => {
		const { model, trigger, items } = steadyTrigger(3000);
		const truth: ClickItem[] = [];
		for (let index = 0; index < changes; index++) {
			model.localNow += 10;
			truth.push(index < updates ? model.update(items[(index * 7) % items.length].id) : model.insert());
		}
		model.localNow += MINUTE;
		const poll = trigger.poll();
		const latest = new Map(truth.map((item) => [item.id, key(item)]));
		expect(new Set(poll.outcome.emit.map(key))).toEqual(new Set(latest.values()));
		expect(poll.requests).toBeLessThanOrEqual(Math.ceil(changes / 500) + 2);
		expect(poll.outcome.emit.map((item) => item.updatedAt)).toEqual(poll.outcome.emit.map((item) => item.updatedAt).sort());
	});

	test('late statistics are emitted by the next poll, and cost the pages down to the oldest of them', () => {
		const { model, trigger } = steadyTrigger(3000);
		model.localNow += MINUTE;
		const late = [model.insert(model.serviceNow() - 10 * MINUTE), model.insert(model.serviceNow() - 20 * MINUTE)];
		const poll = trigger.poll();
		expect(poll.outcome.emit.map(key).sort()).toEqual(late.map(key).sort());
		// 20 minutes of the window hold 2,400 items: five pages and the one that shows the counts agree.
		expect(poll.requests).toBeLessThanOrEqual(6);
	});

	test('a late re-version below the pages read keeps the counts: the full read finds it within half a lookback', () => {
		const { model, trigger, items } = steadyTrigger(3000);
		const old = items[100]; // 24 minutes before the newest
		model.localNow += MINUTE;
		const reversioned = model.update(old.id, Date.parse(old.updatedAt) + 1000);
		const next = trigger.poll();
		expect(next.outcome.emit).toEqual([]); // the counts cannot show it
		let found = -1;
		for (let poll = 1; poll <= 31 && found < 0; poll++) {
			model.localNow += MINUTE;
			if (trigger.poll().outcome.emit.some((item) => key(item) === key(reversioned))) found = poll;
		}
		expect(found).toBeGreaterThan(0);
		expect(found).toBeLessThanOrEqual(31);
		expect(trigger.emitted.get(key(reversioned))).toBe(1);
	});

	test('ties on updatedAt at the edge of two polls: each version once, also those stamped in the same millisecond after the read', () => {
		const { model, trigger } = steadyTrigger(100);
		model.localNow += MINUTE;
		const at = model.serviceNow();
		const before = Array.from({ length: 30 }, () => model.insert(at));
		const first = trigger.poll();
		expect(first.outcome.emit.map(key).sort()).toEqual(before.map(key).sort());
		const after = Array.from({ length: 5 }, () => model.insert(at)); // same millisecond, after the read
		model.localNow += MINUTE;
		expect(trigger.poll().outcome.emit.map(key).sort()).toEqual(after.map(key).sort());
		model.localNow += MINUTE;
		expect(trigger.poll().outcome.emit).toEqual([]);
	});

	test('a backlog larger than the budget drains oldest first, a poll within its requests, none twice, none skipped', () => {
		const model = new ServiceModel(START);
		const trigger = triggerOn(model, 10);
		trigger.poll();
		const truth: ClickItem[] = [];
		for (let index = 0; index < 12_000; index++) {
			if (index % 7 === 0) model.localNow += 1;
			truth.push(model.insert());
		}
		model.localNow += MINUTE;
		let newestEmitted = '';
		for (let poll = 0; poll < 6; poll++) {
			const drained = trigger.poll();
			expect(drained.requests).toBeLessThanOrEqual(10);
			const times = drained.outcome.emit.map((item) => item.updatedAt);
			if (times.length) expect(times[0] >= newestEmitted).toBe(true);
			newestEmitted = times[times.length - 1] ?? newestEmitted;
			model.localNow += MINUTE;
		}
		expect(new Set(trigger.emitted.keys())).toEqual(new Set(truth.map(key)));
		expect([...trigger.emitted.values()].every((count) => count === 1)).toBe(true);
	});

	test('the budget running out inside a tie: the tie is read whole, never cut', () => {
		const model = new ServiceModel(START);
		const trigger = triggerOn(model, 3);
		trigger.poll();
		model.localNow += MINUTE;
		const tie = Array.from({ length: 1200 }, () => model.insert(model.serviceNow()));
		model.localNow += 1000;
		const newer = Array.from({ length: 1200 }, () => model.insert());
		model.localNow += MINUTE;
		const first = trigger.poll();
		expect(first.outcome.emit.map(key).sort()).toEqual(tie.map(key).sort());
		model.localNow += MINUTE;
		trigger.poll();
		model.localNow += MINUTE;
		trigger.poll();
		expect(new Set(trigger.emitted.keys())).toEqual(new Set([...tie, ...newer].map(key)));
	});

	test('a restart between read and commit, and a 429 that outlived its retries mid-poll, lose and repeat nothing', () => {
		const { model, trigger, items } = steadyTrigger(3000);
		model.localNow += MINUTE;
		const changes = [...Array.from({ length: 700 }, () => model.insert()), model.update(items[5].id)];
		const committed = trigger.state;
		// Read, then n8n stops before the state is written: the next poll starts from the same state.
		const lost = pollModel(model, committed, settings);
		expect(lost.outcome.emit).toHaveLength(changes.length);
		expect(() =>
			trigger.poll({
				beforeRead: (index) => {
					if (index === 1) throw new Error('429 Too Many Requests');
				},
			}),
		).toThrow('429');
		expect(trigger.state).toBe(committed);
		const next = trigger.poll();
		expect(next.outcome.emit.map(key).sort()).toEqual(changes.map(key).sort());
	});

	test('a measured skew over a minute is logged once, with its size and direction; the offset is kept in the state', () => {
		const model = new ServiceModel(START, -5 * MINUTE);
		const trigger = triggerOn(model);
		expect(trigger.poll().outcome.warnings).toEqual([
			"Click Report Trigger: the click service's clock is 5 minutes behind n8n's; the trigger places its windows by the service's clock",
		]);
		expect(Math.abs(trigger.state!.clockOffsetMs + 5 * MINUTE)).toBeLessThanOrEqual(1000);
		model.localNow += MINUTE;
		expect(trigger.poll().outcome.warnings).toEqual([]);
		model.clockOffsetMs = 40_000;
		model.localNow += MINUTE;
		expect(trigger.poll().outcome.warnings).toEqual([]);
		expect(Math.abs(trigger.state!.clockOffsetMs - 40_000)).toBeLessThanOrEqual(1000);
	});

	test('a full read that had got below where the window now starts is complete, and asks for no inverted range', () => {
		const { model, trigger } = steadyTrigger(600);
		model.localNow += MINUTE;
		const state = trigger.state!;
		const stale = { ...state, sweep: { startedAt: state.lastFullRead, cursor: new Date(Date.parse(state.horizon) - MINUTE).toISOString() } };
		const poll = pollModel(model, stale, settings);
		expect(poll.outcome.state.sweep).toBeUndefined();
		expect(poll.outcome.state.lastFullRead).toBe(state.lastFullRead);
		expect(poll.requests).toBe(1);
	});

	test('a state of the first format keeps its meaning', () => {
		const v1 = {
			version: 1,
			upperBound: '2026-11-02T09:00:00.000Z',
			horizon: '2026-11-02T08:00:00.000Z',
			emitted: { '2026-11-02T08:59:00.000Z': ['a'] },
			lastFullRead: '2026-11-02T08:40:00.000Z',
			emitFrom: '2026-11-01T09:00:00.000Z',
		};
		expect(readState(v1)).toEqual({
			version: 2,
			mark: v1.upperBound,
			horizon: v1.horizon,
			emitted: v1.emitted,
			lastFullRead: v1.lastFullRead,
			emitFrom: v1.emitFrom,
			clockOffsetMs: 0,
		});
	});
});

describe.each([-15, -5, 0, 5, 15])('the service clock %i minutes off n8n\'s', (skewMinutes) => {
	test('90 polls of updates, inserts, bursts and late statistics: every on-time change in the next poll, late ones within half a lookback, none twice', () => {
		const rng = new Rng(7 + skewMinutes);
		const model = new ServiceModel(START, skewMinutes * MINUTE);
		const trigger = triggerOn(model);
		expect(trigger.poll().outcome.emit).toEqual([]); // starts from now
		/** Every version created: when it appeared (local clock), and whether it was stamped late. */
		const created = new Map<string, { appearedAt: number; late: boolean; id: string }>();
		const current = new Map<string, string>();
		const record = (item: ClickItem, late: boolean) => {
			created.set(key(item), { appearedAt: model.localNow, late, id: item.id });
			current.set(item.id, key(item));
		};
		const ids = () => [...current.keys()];
		const emittedAt = new Map<string, number>();
		const duplicates: string[] = [];
		const notOnTime: string[] = [];
		for (let poll = 1; poll <= 120; poll++) {
			const quiet = poll > 90;
			for (let step = 0; step < 20 && !quiet; step++) {
				model.localNow += 3000;
				for (let n = Math.floor(rng.next() * 4); n > 0; n--) record(model.insert(), false);
				if (current.size > 50 && rng.next() < 0.6) record(model.update(ids()[Math.floor(rng.next() * current.size)]), false);
				if (rng.next() < 0.05) record(model.insert(model.serviceNow() - Math.floor(rng.next() * 20 * MINUTE)), true);
				if (current.size > 50 && rng.next() < 0.03) {
					// A late re-version: the item's statistics changed a while ago, and show only now.
					const id = ids()[Math.floor(rng.next() * current.size)];
					const was = Date.parse(model.get(id)!.updatedAt);
					const at = Math.max(was + 1, model.serviceNow() - Math.floor(rng.next() * 20 * MINUTE));
					if (at < model.serviceNow()) record(model.update(id, at), true);
				}
			}
			if (!quiet && poll % 30 === 0) for (let n = 0; n < 2000; n++) record(poll % 60 === 0 ? model.update(ids()[n % current.size]) : model.insert(), false);
			model.localNow += quiet ? MINUTE : 1000;
			const startedAt = model.localNow;
			const polled = trigger.poll();
			for (const item of polled.outcome.emit) {
				if (emittedAt.has(key(item))) duplicates.push(key(item));
				emittedAt.set(key(item), startedAt);
			}
			// Every on-time version still current when this poll started was emitted by it.
			for (const version of current.values()) {
				if (!created.get(version)!.late && !emittedAt.has(version)) notOnTime.push(`${version} (poll ${poll})`);
			}
		}
		expect(duplicates).toEqual([]);
		expect(notOnTime).toEqual([]);
		const lateFound = [...created.entries()].filter(([, info]) => info.late);
		const lateMissed = lateFound
			.filter(([version, info]) => current.get(info.id) === version) // else replaced before anything could see it
			.filter(([version, info]) => !emittedAt.has(version) || emittedAt.get(version)! - info.appearedAt > 31 * MINUTE + 2000);
		expect(lateMissed).toEqual([]);
		expect(lateFound.length).toBeGreaterThan(20);
	});
});
