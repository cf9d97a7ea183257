// The Affiliate Partner Trigger's decisions as tables, without a server: an in-memory service
// answers the reads the decisions ask for, as the partner lists would (spec 4.2, 4.3).
import type { IDataObject } from 'n8n-workflow';

import type { ClaimEventName, ClaimKind, ClaimRecord } from '../../nodes/AffiliatePartnerTrigger/claims';
import { EVENTS } from '../../nodes/AffiliatePartnerTrigger/claims';
import { MOST_FETCHES, SWEEP_EVERY_MS, absorb, nextStep, startPoll } from '../../nodes/AffiliatePartnerTrigger/decide';
import type { Step } from '../../nodes/AffiliatePartnerTrigger/decide';
import { conclude } from '../../nodes/AffiliatePartnerTrigger/outcome';
import type { TriggerSettings } from '../../nodes/AffiliatePartnerTrigger/settings';
import type { TriggerState } from '../../nodes/AffiliatePartnerTrigger/state';
import { readState, storeState } from '../../nodes/AffiliatePartnerTrigger/state';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.parse('2026-11-20T10:00:00Z');

function settingsFor(events: ClaimEventName[] = Object.keys(EVENTS) as ClaimEventName[], extra: Partial<TriggerSettings> = {}): TriggerSettings {
	const chosen = new Set(events);
	return {
		events: chosen,
		kinds: (['lostOrder', 'appeal'] as ClaimKind[]).filter((kind) => events.some((name) => EVENTS[name].kind === kind)),
		qs: {},
		watchDays: 90,
		emitExisting: false,
		scope: 'all',
		...extra,
	};
}

/** Both lists, held in memory, answering reads as the service does. */
class Service {
	readonly claims: Record<ClaimKind, ClaimRecord[]> = { lostOrder: [], appeal: [] };
	private nextId = 1000;

	add(kind: ClaimKind, at: number, fields: IDataObject = {}): ClaimRecord {
		const record = { id: this.nextId++, status: 'processing', appeal_status: 'processing', date_created: new Date(at).toISOString().slice(0, 19), order_id: `O-${this.nextId}`, ...fields };
		this.claims[kind].unshift(record);
		return record;
	}

	set(kind: ClaimKind, id: number | string, fields: IDataObject) {
		Object.assign(this.claims[kind].find((claim) => claim.id === id)!, fields);
	}

	remove(kind: ClaimKind, id: number | string) {
		this.claims[kind] = this.claims[kind].filter((claim) => claim.id !== id);
	}

	answer(step: Step): ClaimRecord[] | ClaimRecord | null {
		if (step.type === 'get') return structuredClone(this.claims[step.kind].find((claim) => String(claim.id) === step.id) ?? null);
		if (step.type !== 'list') throw new Error('nothing to answer');
		const { qs, kind } = step.read;
		const [day, month, year] = String(qs.start_date).split('.');
		const from = `${year}-${month}-${day}`;
		return structuredClone(
			this.claims[kind].filter(
				(claim) =>
					String(claim.date_created).slice(0, 10) >= from &&
					(qs.status === undefined || claim.status === qs.status) &&
					(qs.appeal_status === undefined || claim.appeal_status === qs.appeal_status),
			),
		);
	}
}

interface PollResult {
	emit: IDataObject[];
	state: TriggerState;
	steps: Step[];
}

/** One poll; `failAt` throws before that step is answered, as a 503 or a restart would. */
function poll(service: Service, settings: TriggerSettings, state: TriggerState | undefined, now: number, failAt?: number): PollResult {
	const progress = startPoll(settings, state, now);
	const steps: Step[] = [];
	for (let step = nextStep(progress); step.type !== 'stop'; step = nextStep(progress)) {
		if (steps.length === failAt) throw new Error('the poll failed');
		steps.push(step);
		absorb(progress, step, service.answer(step));
	}
	// Committed as n8n keeps static data: stored, and read back at the next poll.
	const outcome = conclude(progress);
	return { ...outcome, state: readState(JSON.parse(JSON.stringify(storeState(outcome.state))))!, steps };
}

const summary = (emit: IDataObject[]) => emit.map((item) => [item.event, item.id, item.status, item.previousStatus]);

describe('Affiliate Partner Trigger decisions', () => {
	let service: Service;
	let first: PollResult;
	beforeEach(() => {
		service = new Service();
		for (let day = 120; day >= 1; day--) {
			service.add('lostOrder', START - day * DAY, { status: day % 3 === 0 ? 'processing' : 'accepted', appeal_status: day % 4 === 0 ? 'processing' : 'resolved' });
			service.add('appeal', START - day * DAY, { status: day % 5 === 0 ? 'processing' : 'rejected' });
		}
		first = poll(service, settingsFor(), undefined, START);
	});

	test('the first poll reads each kind in full, remembers the watched claims and emits nothing', () => {
		expect(first.emit).toEqual([]);
		expect(first.steps.map((step) => step.type === 'list' && `${step.read.kind} ${step.read.purpose}`)).toEqual(['lostOrder sweep', 'appeal sweep']);
		// Created in the last 90 days, the window's first day included.
		expect(first.state.claims.lostOrder!.size).toBe(90);
		expect(first.state.claims.appeal!.size).toBe(90);
	});

	test('with Emit Existing, the first poll emits every watched claim once as created', () => {
		const existing = poll(service, settingsFor(undefined, { emitExisting: true }), undefined, START);
		expect(existing.emit).toHaveLength(180);
		expect(new Set(existing.emit.map((item) => item.event))).toEqual(new Set(['lostOrderCreated', 'appealCreated']));
		expect(existing.emit.every((item) => item.previousStatus === null && item.previousAppealStatus === null)).toBe(true);
		expect(poll(service, settingsFor(undefined, { emitExisting: true }), existing.state, START + MINUTE).emit).toEqual([]);
	});

	test('an idle poll reads the open claims and the newest ones: 5 requests, nothing emitted', () => {
		const idle = poll(service, settingsFor(), first.state, START + MINUTE);
		expect(idle.emit).toEqual([]);
		expect(idle.steps.map((step) => step.type === 'list' && `${step.read.kind} ${step.read.purpose}`)).toEqual([
			'lostOrder open',
			'lostOrder openAppeal',
			'lostOrder recent',
			'appeal open',
			'appeal recent',
		]);
	});

	test('a creation, a decision and an appeal resolution: one event each, with what came before', () => {
		const created = service.add('lostOrder', START + MINUTE);
		const open = service.claims.lostOrder.find((claim) => claim.status === 'processing' && claim.id !== created.id)!;
		service.set('lostOrder', open.id, { status: 'rejected', reject_reason: 'not confirmed' });
		const appealOpen = service.claims.lostOrder.find((claim) => claim.status === 'accepted' && claim.appeal_status === 'processing' && String(claim.date_created) > '2026-09-01')!;
		service.set('lostOrder', appealOpen.id, { appeal_status: 'resolved' });

		const next = poll(service, settingsFor(), first.state, START + 2 * MINUTE);
		expect(summary(next.emit).sort()).toEqual(
			[
				['lostOrderCreated', created.id, 'processing', null],
				['lostOrderStatusChanged', open.id, 'rejected', 'processing'],
				['lostOrderStatusChanged', appealOpen.id, 'accepted', 'accepted'],
			].sort(),
		);
		const resolved = next.emit.find((item) => item.id === appealOpen.id)!;
		expect([resolved.previousAppealStatus, resolved.appeal_status]).toEqual(['processing', 'resolved']);
		// The two claims no longer open: fetched by ID they cost 2 requests, the kind read in full
		// 1 (its 90 claims fit a page), so the poll reads it in full.
		expect(next.steps.filter((step) => step.type === 'get')).toHaveLength(0);
		expect(next.steps.filter((step) => step.type === 'list' && step.read.purpose === 'sweep')).toHaveLength(1);
		expect(poll(service, settingsFor(), next.state, START + 3 * MINUTE).emit).toEqual([]);
	});

	test('a claim that left every open read is fetched by ID while that costs fewer requests than a full read', () => {
		// 1,200 more lost orders in the window: a full read of the kind is 3 pages.
		for (let i = 0; i < 1200; i++) service.add('lostOrder', START - 30 * DAY - i * MINUTE, { status: 'processing', appeal_status: 'resolved' });
		let state = poll(service, settingsFor(), first.state, START + MINUTE).state;
		const open = service.claims.lostOrder.filter((claim) => claim.status === 'processing' && claim.appeal_status === 'resolved' && String(claim.date_created) < '2026-11-01');
		const decide = (count: number, at: number) => {
			const decided = open.splice(0, count);
			for (const claim of decided) service.set('lostOrder', claim.id, { status: 'accepted' });
			const next = poll(service, settingsFor(), state, at);
			state = next.state;
			expect(summary(next.emit).sort()).toEqual(decided.map((claim) => ['lostOrderStatusChanged', claim.id, 'accepted', 'processing']).sort());
			return { gets: next.steps.filter((step) => step.type === 'get').length, sweeps: next.steps.filter((step) => step.type === 'list' && step.read.purpose === 'sweep').length };
		};
		expect(decide(1, START + 2 * MINUTE)).toEqual({ gets: 1, sweeps: 0 });
		expect(decide(3, START + 3 * MINUTE)).toEqual({ gets: 3, sweeps: 0 });
		expect(decide(4, START + 4 * MINUTE)).toEqual({ gets: 0, sweeps: 1 });
	});

	test('two changes between polls give one event: the latest state and the status before the first', () => {
		const open = service.claims.appeal.find((claim) => claim.status === 'processing')!;
		service.set('appeal', open.id, { status: 'rejected' });
		service.set('appeal', open.id, { status: 'accepted' });
		const next = poll(service, settingsFor(), first.state, START + MINUTE);
		expect(summary(next.emit)).toEqual([['appealStatusChanged', open.id, 'accepted', 'processing']]);
	});

	test('a claim created and decided between polls gives one created event with its latest state', () => {
		const created = service.add('appeal', START + MINUTE / 2, { status: 'accepted', appeal_status: 'resolved' });
		const next = poll(service, settingsFor(), first.state, START + MINUTE);
		expect(summary(next.emit)).toEqual([['appealCreated', created.id, 'accepted', null]]);
	});

	test('a decided claim that changes again is caught by the hourly full read, once', () => {
		// Created before the days the newest-claims read covers.
		const decided = service.claims.lostOrder.find((claim) => claim.status === 'accepted' && claim.appeal_status === 'resolved' && String(claim.date_created) < '2026-11-10')!;
		service.set('lostOrder', decided.id, { status: 'rejected' });
		const soon = poll(service, settingsFor(), first.state, START + MINUTE);
		expect(soon.emit).toEqual([]);
		const swept = poll(service, settingsFor(), soon.state, START + SWEEP_EVERY_MS);
		expect(summary(swept.emit)).toEqual([['lostOrderStatusChanged', decided.id, 'rejected', 'accepted']]);
		expect(poll(service, settingsFor(), swept.state, START + SWEEP_EVERY_MS + MINUTE).emit).toEqual([]);
	});

	test('a claim leaving the watch window is forgotten without an event', () => {
		const oldest = [...first.state.claims.lostOrder!.entries()].sort((a, b) => a[1].createdDay.localeCompare(b[1].createdDay))[0];
		service.set('lostOrder', Number(oldest[0]), { status: 'rejected', appeal_status: 'resolved' });
		const dayLater = poll(service, settingsFor(), first.state, START + DAY);
		expect(dayLater.emit.filter((item) => String(item.id) === oldest[0])).toEqual([]);
		expect(dayLater.state.claims.lostOrder!.has(oldest[0])).toBe(false);
		expect(dayLater.state.claims.lostOrder!.size).toBe(89);
	});

	test('a poll that fails midway commits nothing; the next one emits what it would have, once', () => {
		const created = service.add('lostOrder', START + MINUTE);
		const open = service.claims.appeal.find((claim) => claim.status === 'processing')!;
		service.set('appeal', open.id, { status: 'accepted' });
		for (const failAt of [0, 2, 4, 5]) expect(() => poll(service, settingsFor(), first.state, START + 2 * MINUTE, failAt)).toThrow('the poll failed');
		const next = poll(service, settingsFor(), first.state, START + 3 * MINUTE);
		// Oldest claim first.
		expect(summary(next.emit)).toEqual([
			['appealStatusChanged', open.id, 'accepted', 'processing'],
			['lostOrderCreated', created.id, 'processing', null],
		]);
		expect(poll(service, settingsFor(), next.state, START + 4 * MINUTE).emit).toEqual([]);
	});

	test('many decisions at once: one full read of the kind instead of a request per claim', () => {
		const open = service.claims.lostOrder.filter((claim) => claim.status === 'processing' && String(claim.date_created) >= '2026-08-22');
		expect(open.length).toBeGreaterThan(MOST_FETCHES);
		for (const claim of open) service.set('lostOrder', claim.id, { status: 'accepted' });
		const next = poll(service, settingsFor(), first.state, START + MINUTE);
		expect(next.emit).toHaveLength(open.length);
		expect(next.steps.filter((step) => step.type === 'get')).toHaveLength(0);
		expect(next.steps.filter((step) => step.type === 'list' && step.read.purpose === 'sweep').map((step) => step.type === 'list' && step.read.kind)).toEqual(['lostOrder']);
	});

	test('a remembered open claim that no longer exists is forgotten without an event', () => {
		const open = service.claims.lostOrder.find((claim) => claim.status === 'processing' && String(claim.date_created) > '2026-09-01')!;
		service.remove('lostOrder', open.id);
		const next = poll(service, settingsFor(), first.state, START + MINUTE);
		expect(next.emit).toEqual([]);
		expect(next.state.claims.lostOrder!.has(String(open.id))).toBe(false);
	});

	test('other filters start a new memory, without events', () => {
		service.add('lostOrder', START + MINUTE);
		const narrowed = poll(service, settingsFor(undefined, { qs: { advcampaign: '6115' }, scope: 'narrowed' }), first.state, START + 2 * MINUTE);
		expect(narrowed.emit).toEqual([]);
		expect(narrowed.steps.every((step) => step.type === 'list' && step.read.purpose === 'sweep' && step.read.qs.advcampaign === '6115')).toBe(true);
	});

	test('only the chosen events are emitted; the others are remembered all the same', () => {
		const decisionsOnly = settingsFor(['lostOrderStatusChanged']);
		const base = poll(service, decisionsOnly, undefined, START);
		const created = service.add('lostOrder', START + MINUTE);
		const quiet = poll(service, decisionsOnly, base.state, START + 2 * MINUTE);
		expect(quiet.emit).toEqual([]);
		expect(quiet.steps.every((step) => step.type === 'list' && step.read.kind === 'lostOrder')).toBe(true);
		service.set('lostOrder', created.id, { status: 'accepted' });
		expect(summary(poll(service, decisionsOnly, quiet.state, START + 3 * MINUTE).emit)).toEqual([['lostOrderStatusChanged', created.id, 'accepted', 'processing']]);
	});

	test('the state of 1,500 watched claims of each kind stays under 256 KB', () => {
		const busy = new Service();
		for (let index = 0; index < 1500; index++) {
			busy.add('lostOrder', START - (index % 89) * DAY - index * 1000);
			busy.add('appeal', START - (index % 89) * DAY - index * 1000);
		}
		const state = poll(busy, settingsFor(), undefined, START).state;
		const bytes = Buffer.byteLength(JSON.stringify(storeState(state)));
		expect(state.claims.lostOrder!.size + state.claims.appeal!.size).toBe(3000);
		expect(bytes).toBeLessThan(256 * 1024);
		// README, Affiliate Partner Trigger: about 45 bytes per watched claim.
		expect(bytes / 3000).toBeGreaterThan(35);
		expect(bytes / 3000).toBeLessThan(50);
	});
});
