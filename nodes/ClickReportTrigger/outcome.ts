import type { ClickItem } from '../shared/clickReport';
import { estimateOffset } from '../shared/clickReport';
import type { Stop } from './decide';
import { timeOf } from './decide';
import type { Progress } from './progress';
import type { TriggerState } from './state';

/** A measured skew beyond this is worth a warning in n8n's log. */
const SKEW_WORTH_A_WARNING_MS = 60_000;

export interface PollOutcome {
	/** The versions to emit, oldest change first. */
	emit: ClickItem[];
	/** The state to keep; committed only when the poll succeeded. */
	state: TriggerState;
	/** Lines for n8n's log. */
	warnings: string[];
	notes: string[];
}

const iso = (time: number) => new Date(time).toISOString();

/** Oldest change first; ties in id order, as the service orders them. */
function oldestFirst(items: ClickItem[]): ClickItem[] {
	return [...items].sort((a, b) => timeOf(a) - timeOf(b) || (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0));
}

function describeOffset(offsetMs: number): string {
	const minutes = Math.round(Math.abs(offsetMs) / 6_000) / 10;
	return `${minutes} minute${minutes === 1 ? '' : 's'} ${offsetMs > 0 ? 'ahead of' : 'behind'}`;
}

/** Where "now" stood when the trigger started: changes before it existed already, and are never emitted. */
function startingPoint(p: Progress, serviceNow: number): number {
	const { settings, state } = p.start;
	if (state) return Date.parse(state.emitFrom);
	if (p.listenOnly) return Math.max(p.from, p.newest ?? p.from, p.answeredFrom ?? p.from);
	return Math.max(p.from, serviceNow - settings.emitExistingMs);
}

/** The next mark: every change stamped at or after it is on time for the next poll. */
function nextMark(p: Progress, emitFrom: number): number {
	if (p.drained) return p.drained.upTo;
	if (p.listenOnly) return emitFrom;
	if (!p.onTimeDone) return p.mark;
	// Nothing stamped before the first answer was read can still arrive on time.
	return Math.max(p.mark, p.newest ?? p.mark, p.answeredFrom ?? p.mark);
}

/** What the poll emits, and the state after it. */
export function conclude(p: Progress, stop: Stop): PollOutcome {
	const { settings, state } = p.start;
	const warnings: string[] = [];
	const notes: string[] = [];
	const clockOffsetMs = estimateOffset(state?.clockOffsetMs, p.samples);
	const serviceNow = p.start.localNow + clockOffsetMs;
	const previousOffset = state?.clockOffsetMs;
	if (
		Math.abs(clockOffsetMs) > SKEW_WORTH_A_WARNING_MS &&
		(previousOffset === undefined || Math.abs(clockOffsetMs - previousOffset) > SKEW_WORTH_A_WARNING_MS)
	) {
		warnings.push(
			`Click Report Trigger: the click service's clock is ${describeOffset(clockOffsetMs)} n8n's; the trigger places its windows by the service's clock`,
		);
	}

	const emitFrom = startingPoint(p, serviceNow);
	const mark = nextMark(p, emitFrom);
	const memory = p.memory;
	const emit: ClickItem[] = [];
	for (const item of oldestFirst(p.drained ? p.drained.items : p.read)) {
		const time = timeOf(item);
		const id = String(item.id);
		if (memory.has(id, time)) continue;
		memory.remember(id, time);
		if (!p.listenOnly && time >= emitFrom) emit.push(item);
	}
	const previousHorizon = state ? Date.parse(state.horizon) : Number.NEGATIVE_INFINITY;
	// Every later window starts at or after this: max(horizon, emitFrom, min(mark, a later now - lookback)).
	const horizon = Math.max(previousHorizon, emitFrom, Math.min(mark, serviceNow - settings.lookbackMs));
	memory.forgetBefore(horizon);

	let lastFullRead = state ? Date.parse(state.lastFullRead) : serviceNow;
	let sweep = state?.sweep;
	if (!p.drained && p.sweep) {
		if (p.sweep.done) {
			lastFullRead = p.sweep.startedAt;
			sweep = undefined;
		} else {
			const cursor = p.lowest ?? p.sweep.cursor ?? p.from;
			sweep = { startedAt: iso(p.sweep.startedAt), cursor: iso(Math.min(cursor, p.sweep.cursor ?? cursor)) };
		}
	} else if (!p.drained && p.windowDone) {
		lastFullRead = serviceNow;
	}

	if (p.drained) {
		notes.push(
			`Click Report Trigger: more changes than one poll may read (${p.requests} requests); emitted those up to ${iso(p.drained.upTo)}, the next poll goes on from there`,
		);
	} else if (stop.why) {
		notes.push(`Click Report Trigger: stopped after ${p.requests} requests, the most this poll may send; ${stop.why}`);
	}

	const next: TriggerState = {
		version: 2,
		mark: iso(mark),
		horizon: iso(horizon),
		emitted: memory.toJSON(),
		lastFullRead: iso(lastFullRead),
		emitFrom: iso(emitFrom),
		clockOffsetMs,
	};
	if (sweep) next.sweep = sweep;
	return { emit, state: next, warnings, notes };
}
