import type { ClickItem, ClockSample } from '../shared/clickReport';
import type { TriggerState } from './state';
import { EmittedVersions } from './state';

const MINUTE = 60_000;
/** Until its first answer, the service's clock may differ from n8n's by this much (docs/nodes.md, Click Report Trigger). */
export const UNMEASURED_SKEW_MS = 15 * MINUTE;
/** An updatedAt bound beyond any item the service can hold, by its own clock. */
const BEYOND_ANY_ITEM_MS = 24 * 60 * MINUTE;
/** The whole window is read at least this often, for late changes that the counts cannot show. */
export const FULL_READ_EVERY_FRACTION_OF_LOOKBACK = 0.5;

export interface PollSettings {
	lookbackMs: number;
	emitExistingMs: number;
}

/** What a poll starts from. */
export interface PollStart {
	state?: TriggerState;
	settings: PollSettings;
	/** n8n's clock when the poll started. */
	localNow: number;
	/** Requests this poll may send: what the key's shared pace and 5-minute window leave it. */
	budget: number;
}

/** A closed updatedAt range, by the service's clock. */
export interface Range {
	from: number;
	to: number;
}

/** What a poll has learned so far. The decisions read it; only `absorb` changes it. */
export interface Progress {
	start: PollStart;
	memory: EmittedVersions;
	/** The service's time when the poll started, as far as the previous answers tell. */
	serviceNow: number;
	/** The window: everything from here up is read down as far as something unseen may hide. */
	from: number;
	/** Changes stamped at or after this are on time: this poll reads every one of them. */
	mark: number;
	/** Above any updatedAt the service can hold. */
	far: number;
	/** The first poll without Emit Existing Hours: it only notes where "now" is. */
	listenOnly: boolean;
	requests: number;
	samples: ClockSample[];
	/** Every item read from the top down (and by the full read): what may be emitted. */
	read: ClickItem[];
	seen: Set<string>;
	/** The first answer's newest updatedAt, and the earliest its data can have been read. */
	newest?: number;
	answeredFrom?: number;
	/** Every item newer than this has been read (keyset position of the next page). */
	lowest?: number;
	/** The pages walk the window, or the on-time part alone (from `mark`) while it is counted. */
	list: 'window' | 'onTime';
	/** How the on-time part is read once its size is known. */
	plan: 'undecided' | 'readDown' | 'drain';
	/** The on-time part's range and count, when counted. */
	onTimeCount?: { range: Range; total: number };
	onTimeDone: boolean;
	windowDone: boolean;
	/** The server's count below what was read matches the versions emitted there. */
	countsAgree: boolean;
	/** A page held a single updatedAt: that tie is read whole by offsets. */
	tieAt?: number;
	/** The oldest pages of a drain held a single updatedAt: read the range up to it whole. */
	drainTieAt?: number;
	/** A full read of the window: started then, and how far down earlier polls got. */
	sweep?: { startedAt: number; cursor?: number; done: boolean; jumped: boolean };
	/** What a drain emits: the oldest part of the on-time changes, up to (not including) `upTo`. */
	drained?: { items: ClickItem[]; upTo: number };
	done: boolean;
}

const parse = (iso: string) => Date.parse(iso);

/** The poll's window and what it must read, from the state and the settings. */
export function startPoll(start: PollStart): Progress {
	const { state, settings, localNow } = start;
	const serviceNow = localNow + (state?.clockOffsetMs ?? 0);
	let from: number;
	let mark: number;
	let sweep: Progress['sweep'];
	if (!state) {
		// The first answer tells the service's time; until then the window reaches back far enough
		// for a clock that is behind n8n's.
		const reach = settings.emitExistingMs > 0 ? settings.emitExistingMs : settings.lookbackMs;
		from = serviceNow - reach - UNMEASURED_SKEW_MS;
		mark = from;
	} else {
		mark = parse(state.mark);
		// Never below the horizon: versions older than it are forgotten, and would be emitted again.
		from = Math.max(parse(state.horizon), parse(state.emitFrom), Math.min(mark, serviceNow - settings.lookbackMs));
		if (state.sweep) {
			const cursor = parse(state.sweep.cursor);
			// The window may have moved up past where the full read had got: nothing is left below.
			sweep = { startedAt: parse(state.sweep.startedAt), cursor, done: cursor < from, jumped: false };
		} else if (serviceNow - parse(state.lastFullRead) >= settings.lookbackMs * FULL_READ_EVERY_FRACTION_OF_LOOKBACK) {
			sweep = { startedAt: serviceNow, done: false, jumped: false };
		}
	}
	return {
		start,
		memory: EmittedVersions.fromState(state),
		serviceNow,
		from,
		mark,
		far: serviceNow + BEYOND_ANY_ITEM_MS,
		listenOnly: !state && settings.emitExistingMs === 0,
		requests: 0,
		samples: [],
		read: [],
		seen: new Set(),
		list: 'window',
		plan: 'undecided',
		onTimeDone: false,
		windowDone: false,
		countsAgree: false,
		sweep,
		done: false,
	};
}
