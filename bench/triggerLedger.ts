// What the trigger's guarantee (docs/nodes.md, Click Report Trigger) demands of a simulated day, checked
// version by version: every version still current when a poll starts is emitted exactly once; an
// on-time one by that very poll; a late one within half a lookback plus one poll interval. Only
// versions are compared here, never the trigger's state: the bench judges what it emits.

interface Version {
	/** The first poll that could see it: the next one after it was made. */
	poll: number;
	/** Stamped before the poll interval it was made in began (statistics that arrive late). */
	late: boolean;
	/** n8n's (simulated) time when the bench put it in the service. */
	insertedAt: number;
	/** Replaced by a newer version of its item before any poll could see it. */
	superseded: boolean;
	emittedBy: number[];
}

export interface Verdicts {
	versionsCreated: number;
	emitted: number;
	superseded: number;
	/** Versions emitted more than once (each counted once). */
	duplicates: number;
	/** Versions current when a poll started, never emitted. */
	lost: number;
	/** Versions emitted that the day did not create, or that no poll could see. */
	unexpected: number;
	onTime: { versions: number; emittedByTheirPoll: number };
	late: { versions: number; emitted: number; maxDelayMinutes: number };
	/** The first few failures of the guarantee: poll, version (id@updatedAt), what happened. */
	problems: string[];
}

const MAX_PROBLEMS = 12;
const MINUTE = 60_000;

export class Ledger {
	private readonly versions = new Map<string, Version>();
	/** The latest version of every item: id → updatedAt. */
	private readonly latest = new Map<string, string>();
	/** Versions made for the coming poll. */
	private coming: string[] = [];
	/** The coming poll's number. */
	private poll = 1;
	private readonly onTimeMisses: Array<{ poll: number; key: string }> = [];
	private readonly odd: string[] = [];
	private onTime = { versions: 0, emittedByTheirPoll: 0 };
	private unexpected = 0;
	private maxLateDelayMs = 0;

	/**
	 * `byNextPoll` false: a backlog drains oldest first over several polls by design (docs/nodes.md,
	 * Requests), so an on-time version that its poll leaves to a later one is not a failure.
	 */
	constructor(private readonly byNextPoll = true) {}

	/** The item's latest updatedAt, if the day made one. */
	latestOf(id: string): string | undefined {
		return this.latest.get(id);
	}

	/** A new version of an item, made before the coming poll. */
	made(id: string, updatedAt: string, how: { late: boolean; insertedAt: number }): void {
		const previous = this.latest.get(id);
		const replaced = previous === undefined ? undefined : this.versions.get(`${id}@${previous}`);
		if (replaced && replaced.poll === this.poll) replaced.superseded = true;
		this.latest.set(id, updatedAt);
		const key = `${id}@${updatedAt}`;
		this.versions.set(key, { poll: this.poll, ...how, superseded: false, emittedBy: [] });
		this.coming.push(key);
	}

	/** The coming poll started at `startedAt` (n8n's clock) and emitted these. */
	polled(startedAt: number, emitted: Array<{ id: string | number; updatedAt: string }>): void {
		const now = new Set<string>();
		for (const item of emitted) {
			const key = `${item.id}@${item.updatedAt}`;
			now.add(key);
			const version = this.versions.get(key);
			if (!version || version.superseded) {
				this.unexpected++;
				this.problem(`poll ${this.poll}: emitted ${key}, which ${version ? 'was replaced before any poll could see it' : 'the day never made'}`);
				continue;
			}
			version.emittedBy.push(this.poll);
			if (version.emittedBy.length === 2) this.problem(`poll ${this.poll}: emitted ${key} again (first by poll ${version.emittedBy[0]})`);
			if (version.late && version.emittedBy.length === 1) this.maxLateDelayMs = Math.max(this.maxLateDelayMs, startedAt - version.insertedAt);
		}
		for (const key of this.coming) {
			const version = this.versions.get(key)!;
			if (version.late || version.superseded) continue;
			this.onTime.versions++;
			if (now.has(key)) this.onTime.emittedByTheirPoll++;
			else if (this.byNextPoll) this.onTimeMisses.push({ poll: this.poll, key });
		}
		this.coming = [];
		this.poll++;
	}

	private problem(line: string) {
		if (this.odd.length < MAX_PROBLEMS) this.odd.push(line);
	}

	verdicts(): Verdicts {
		let emitted = 0;
		let superseded = 0;
		let duplicates = 0;
		let lost = 0;
		let lateVersions = 0;
		let lateEmitted = 0;
		const problems = [...this.odd];
		const add = (line: string) => problems.length < MAX_PROBLEMS && problems.push(line);
		for (const { poll, key } of this.onTimeMisses) {
			const by = this.versions.get(key)!.emittedBy;
			add(`poll ${poll}: did not emit the on-time version ${key}; ${by.length ? `poll ${by[0]} did` : 'no poll did'}`);
		}
		for (const [key, version] of this.versions) {
			if (version.superseded) superseded++;
			if (version.emittedBy.length) emitted++;
			if (version.emittedBy.length > 1) duplicates++;
			if (version.late && !version.superseded) {
				lateVersions++;
				if (version.emittedBy.length) lateEmitted++;
			}
			if (!version.superseded && !version.emittedBy.length) {
				lost++;
				add(`poll ${version.poll} and later: never emitted the ${version.late ? 'late' : 'on-time'} version ${key}`);
			}
		}
		return {
			versionsCreated: this.versions.size,
			emitted,
			superseded,
			duplicates,
			lost,
			unexpected: this.unexpected,
			onTime: this.onTime,
			late: { versions: lateVersions, emitted: lateEmitted, maxDelayMinutes: this.maxLateDelayMs / MINUTE },
			problems,
		};
	}
}
