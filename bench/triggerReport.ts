// The Click Report Trigger's part of BENCHMARKS.md: its poll costs, a backlog drained at both of
// the service's limits, the simulated day at every skew of the service's clock, and its rows of
// the targets table.
import { ints, median, refusalDetail, s } from './common';
import type { PollCost, TriggerResult, TriggerTask } from './trigger';
import type { BacklogResult, BacklogTask } from './triggerBacklog';
import type { DayResult, DayTask } from './triggerDay';

/**
 * The skew 0 day before the days ran at five skews (BENCHMARKS.md of commit 74d5273): no
 * per-second limit, no quiet stretch, and a trigger that did not read the service's clock.
 */
const BEFORE = { requests: 8_415, median: 6, max: 20, per5Min: 47, stateKB: 420 };
/** The day the figure before was measured on; the smoke run's tiny day is not compared with it. */
const comparable = (day: DayTask) => day.hours === 24 && day.changesPerHour === 10_000 && day.pollMinutes === 1 && day.lookbackMinutes === 60;

export interface TriggerReport {
	task: TriggerTask;
	day: DayTask;
	result?: TriggerResult;
	days: DayResult[];
	/** The credential's Max Requests per 5 Minutes in the poll-cost part. */
	noWindow: number;
	backlogTask: BacklogTask;
	backlog?: BacklogResult;
}

type Mark = (ok: boolean) => string;

const n = (value: number) => value.toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const skewLabel = (minutes: number) => (minutes === 0 ? '0' : `${minutes > 0 ? '+' : '−'}${Math.abs(minutes)} min`);
const signedMinutes = (minutes: number) => `${minutes < 0 ? '−' : minutes > 0 ? '+' : ''}${Math.abs(minutes).toFixed(2)} min`;
const realTime = (seconds: number) => (seconds < 60 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(1)} min`);
/** Half a lookback plus one poll interval (docs/nodes.md, Click Report Trigger). */
const lateBoundMinutes = (day: DayTask) => day.lookbackMinutes / 2 + day.pollMinutes;

/** Never rounds a miss up to 100%. */
function share(hits: number, total: number): string {
	if (hits === total) return '100%';
	return `${(Math.floor((hits / Math.max(1, total)) * 10_000) / 100).toFixed(2)}%`;
}

const onTimeCell = (d: DayResult) => `${share(d.onTime.emittedByTheirPoll, d.onTime.versions)} (${n(d.onTime.emittedByTheirPoll)} of ${n(d.onTime.versions)})`;

/** Idle polls' requests; those in which the periodic full read of the window ran, apart. */
function idleCell(d: DayResult): string {
	const plain = d.idlePolls.filter((p) => !p.fullRead);
	const full = d.idlePolls.filter((p) => p.fullRead);
	const parts = [];
	if (plain.length) parts.push(`${ints(plain.map((p) => p.requests))} (${plain.length} polls)`);
	if (full.length) parts.push(`${ints(full.map((p) => p.requests))} with the full read due (${full.length})`);
	return parts.join('; ') || 'n/a';
}

function pollCostTables(r: TriggerReport, t: TriggerResult): string[] {
	const cpu = (c: { cpuMs: number }) => `${c.cpuMs.toFixed(1)} ms`;
	const { task } = r;
	const lines = [
		`Latency ${task.latencyMs} ms, Max Requests per Second ${task.rate}, the service's real 3/s limit on (100/5 min off, and Max Requests per 5 Minutes ${n(r.noWindow)} in the credential), the service's clock on n8n's. CPU is the n8n process's (user + system) during the poll; the sandbox runs in another process.`,
		'',
		'| Poll | Items in the lookback window | Requests | Items emitted | Wall time | CPU | 429s |',
		'|---|---|---|---|---|---|---|',
		`| First poll, emitting the window (Emit Existing Hours = 1) | ${n(t.setup.windowItems)} | ${t.setup.requests} | ${n(t.setup.emitted)} | ${s(t.setup.wallMs)} | ${cpu(t.setup)} | ${t.setup.throttled} |`,
		`| Idle poll (median of ${t.idle.length}) | ${n(t.setup.windowItems)} | ${ints(t.idle.map((c) => c.requests))} | ${ints(t.idle.map((c) => c.emitted))} | ${s(median(t.idle.map((c) => c.wallMs)))} | ${median(t.idle.map((c) => c.cpuMs)).toFixed(1)} ms | ${ints(t.idle.map((c) => c.throttled))} |`,
		`| Idle poll when the periodic full read is due (every half lookback) | ${n(t.fullReadIdle.windowItems)} | ${t.fullReadIdle.requests} | ${t.fullReadIdle.emitted} | ${s(t.fullReadIdle.wallMs)} | ${cpu(t.fullReadIdle)} | ${t.fullReadIdle.throttled} |`,
		`| ${n(task.changes)} changes, with the window's ${n(t.changes.withWindow.windowItems)} emitted versions still in it | ${n(t.changes.withWindow.windowItems + task.changes)} | ${t.changes.withWindow.requests} | ${n(t.changes.withWindow.emitted)} | ${s(t.changes.withWindow.wallMs)} | ${cpu(t.changes.withWindow)} | ${t.changes.withWindow.throttled} |`,
		`| ${n(task.changes)} changes, nothing else in the window | ${n(task.changes)} | ${t.changes.alone.requests} | ${n(t.changes.alone.emitted)} | ${s(t.changes.alone.wallMs)} | ${cpu(t.changes.alone)} | ${t.changes.alone.throttled} |`,
		'',
	];
	const polls: Array<[string, PollCost]> = [
		['first poll', t.setup],
		...t.idle.map((c, i) => [`idle poll ${i + 1}`, c] as [string, PollCost]),
		['full-read idle poll', t.fullReadIdle],
		['poll with changes (window)', t.changes.withWindow],
		['poll with changes (alone)', t.changes.alone],
	];
	for (const [name, c] of polls) for (const refusal of c.refused ?? []) lines.push(`- ${refusalDetail(`${name}:`, refusal)}.`);
	if (lines[lines.length - 1] !== '') lines.push('');
	return lines;
}

function dayTable(r: TriggerReport): string[] {
	const { day, days } = r;
	const lines = [
		`Simulated day at each skew of the service's clock (the service's clock minus n8n's; it stamps updatedAt and sends the Date header): ${day.hours} h of ${n(day.changesPerHour)} changes per hour (half updates of known items, half new items, 5% of those up to 20 minutes late; ties of 1–8 items per second), a poll every ${day.pollMinutes} min, lookback ${day.lookbackMinutes} min, and one quiet stretch of ${day.quietPolls} polls without changes in the middle of the day; ${days[0]?.polls ?? 0} polls, the changes drawn from the same seed at every skew. Late: from when the bench put a late version in the service to the start of the poll that emitted it. Both sides have the same limits: the sandbox refuses more than ${day.requestsPerSecond} requests in any second or ${day.requestsPer5Min} in any 5 minutes, and the credential sets Max Requests per Second ${day.requestsPerSecond} and per 5 Minutes ${day.requestsPer5Min}; the sandbox's clock follows the bench's simulated time, which skips the idle minutes between polls, so both count the same time. Real time per day: ${days.map((d) => realTime(d.realSeconds)).join(', ')}.`,
		'',
		"| Service clock − n8n's | Trigger's estimate at the end | Versions made / emitted | Emitted twice | Lost | Unexpected | On time: emitted by the next poll | Late: most minutes to emission (bound " +
			`${lateBoundMinutes(day)}) | Requests per day | Per poll: median / max | Most in any 5 min | Idle polls: requests | 429s | Failed polls | State: max / final | CPU per poll: median / max |`,
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const d of days) {
		const estimate = d.measuredSkewMinutes === undefined ? 'n/a' : signedMinutes(d.measuredSkewMinutes);
		lines.push(
			`| ${skewLabel(d.skewMinutes)} | ${estimate} | ${n(d.versionsCreated)} / ${n(d.emitted)} (${n(d.superseded)} replaced before any poll) | ${d.duplicates} | ${d.lost} | ${d.unexpected} | ${onTimeCell(d)} | ${d.late.maxDelayMinutes.toFixed(1)} (${n(d.late.emitted)} of ${n(d.late.versions)} late versions emitted) | ${n(d.requests)} | ${d.requestsPerPoll.median} / ${d.requestsPerPoll.max} | ${d.maxRequestsPer5Min} | ${idleCell(d)} | ${d.throttled} | ${d.failedPolls.length} | ${kb(d.maxStateBytes)} / ${kb(d.finalStateBytes)} | ${d.cpuMsPerPoll.median.toFixed(1)} / ${d.cpuMsPerPoll.max.toFixed(1)} ms |`,
		);
	}
	lines.push('');
	const zero = days.find((d) => d.skewMinutes === 0);
	if (zero && comparable(day)) {
		const change = ((zero.requests - BEFORE.requests) / BEFORE.requests) * 100;
		lines.push(
			`Skew 0 against the figure before this change (${n(BEFORE.requests)} requests per simulated day, median ${BEFORE.median} per poll, max ${BEFORE.max}, at most ${BEFORE.per5Min} in any 5 minutes, ${BEFORE.stateKB} KB of state; no per-second limit, no quiet stretch, a trigger that did not read the service's clock): ${n(zero.requests)} requests (${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%), median ${zero.requestsPerPoll.median}, max ${zero.requestsPerPoll.max}, at most ${zero.maxRequestsPer5Min} in any 5 minutes, ${kb(zero.maxStateBytes)} of state at most. Static data by hour: ${zero.hourly.map((h) => (h.stateBytes / 1024).toFixed(0)).join(', ')} KB.`,
			'',
		);
	}
	for (const d of days) {
		const notes = [...d.problems, ...d.failedPolls, ...d.refusals];
		if (notes.length) lines.push(`Skew ${skewLabel(d.skewMinutes)}:`, '', ...notes.map((note) => `- ${note}`), '');
	}
	return lines;
}

/** What R requests need at 100 per 5 minutes: ceil(R / 100) windows, the last request at least (windows − 1) × 5 min after the first. */
function windowFloor(requests: number, task: BacklogTask) {
	const windows = Math.ceil(requests / task.requestsPer5Min);
	return { windows, minutes: Math.max(0, windows - 1) * 5 };
}

function backlogTable(task: BacklogTask, b: BacklogResult): string[] {
	const floor = windowFloor(b.requestsToDrain, task);
	const idle = b.polls.slice(0, b.drainedBy ?? b.polls.length).filter((p) => p.requests === 0).length;
	const drained = b.drainedBy === undefined ? `not drained after ${b.polls.length} polls` : `${b.drainedBy}${idle ? ` (${idle} of them read nothing: the key's requests were used up)` : ''}`;
	const minutes = b.drainMinutes === undefined ? 'n/a' : b.drainMinutes.toFixed(1);
	const perPoll = b.polls.map((p) => `${p.atMinute.toFixed(1)}: ${p.requests}, ${n(p.emitted)}, ${s(p.wallMs)}`).join('; ');
	const lines = [
		`A backlog: ${n(task.changes)} changes stamped over the ${task.spreadMinutes} minutes after the trigger's first poll, in ties of 1–8 items per second as the day draws them (about ${(task.changes / (task.spreadMinutes * 60)).toFixed(0)} per second in all); ${n(b.updates)} of them new versions of items that existed before the trigger started (each updated once), the rest new items, so every version made is one to emit. Then a poll every ${task.pollMinutes === 1 ? '' : `${task.pollMinutes} `}simulated minute${task.pollMinutes === 1 ? '' : 's'} through n8n-core's PollContext (n8n's default poll budget of 5 minutes), started ${task.pollMinutes} min after the previous one started or at once when it ran longer, until every version is emitted and a poll emits nothing. The sandbox has the click service's real limits on, ${task.requestsPerSecond} requests per second and ${task.requestsPer5Min} in any 5 minutes, counted on the simulated clock, with ${task.latencyMs} ms latency; the credential keeps its defaults (Max Requests per Second ${b.credential.requestsPerSecond}, per 5 Minutes ${b.credential.requestsPer5Min}). Floor: R requests need ceil(R / ${task.requestsPer5Min}) windows, the last request at least (windows − 1) × 5 min after the first.`,
		'',
		'| Versions made / emitted | Lost | Emitted twice | Unexpected | Oldest first across polls | Polls until drained | Requests to drain / in all | Most in any 5 min | Simulated minutes to drain (floor) | Largest poll\'s wall time | 429s | Failed polls | Real time |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|',
		`| ${n(b.versionsCreated)} / ${n(b.emitted)} | ${b.lost} | ${b.duplicates} | ${b.unexpected} | ${b.outOfOrder ? `**no**: ${n(b.outOfOrder)} versions older than one before them` : 'yes'} | ${drained} | ${b.requestsToDrain} / ${b.requests} | ${b.maxPer5Min} | ${minutes} (${floor.windows} window${floor.windows === 1 ? '' : 's'}: ${floor.minutes.toFixed(1)}) | ${s(Math.max(...b.polls.map((p) => p.wallMs)))} | ${b.throttled} | ${b.failedPolls.length} | ${realTime(b.realSeconds)} |`,
		'',
		`Per poll (simulated minute it started at: requests, versions emitted, wall time): ${perPoll}.`,
		'',
	];
	const notes = [...(b.firstOutOfOrder ? [b.firstOutOfOrder] : []), ...b.problems, ...b.failedPolls, ...b.refusals];
	if (notes.length) lines.push(...notes.map((note) => `- ${note}`), '');
	return lines;
}

export function triggerTables(r: TriggerReport): string[] {
	return [
		...(r.result ? pollCostTables(r, r.result) : []),
		...(r.backlog ? backlogTable(r.backlogTask, r.backlog) : []),
		...(r.days.length ? dayTable(r) : []),
	];
}

/** The trigger's rows of the targets table. */
export function triggerTargets(r: TriggerReport, mark: Mark): string[] {
	const rows: string[] = [];
	const t = r.result;
	if (t) {
		rows.push(`| Idle poll: 1 request | ${ints(t.idle.map((c) => c.requests))} (${t.fullReadIdle.requests} when the half-lookback full read is due) | ${mark(t.idle.every((c) => c.requests === 1))} |`);
	}
	const b = r.backlog;
	if (b) {
		rows.push(
			`| ${n(r.backlogTask.changes)}-change backlog: 0 answers 429, none lost or twice | 429s ${b.throttled}; lost / twice / unexpected: ${b.lost} / ${b.duplicates} / ${b.unexpected}; drained by poll ${b.drainedBy ?? 'none'} | ${mark(b.throttled === 0 && b.lost === 0 && b.duplicates === 0 && b.unexpected === 0 && b.drainedBy !== undefined)} |`,
		);
	}
	const { days, day } = r;
	if (!days.length) return rows;
	const each = (cell: (d: DayResult) => string) => days.map((d) => `${skewLabel(d.skewMinutes)}: ${cell(d)}`).join('; ');
	rows.push(
		`| Simulated day, every skew: 0 lost, 0 emitted twice (none unexpected) | lost / twice / unexpected: ${each((d) => `${d.lost} / ${d.duplicates} / ${d.unexpected}`)} | ${mark(days.every((d) => d.lost === 0 && d.duplicates === 0 && d.unexpected === 0))} |`,
		`| Simulated day, every skew: 100% of on-time versions emitted by the next poll | ${each((d) => share(d.onTime.emittedByTheirPoll, d.onTime.versions))} | ${mark(days.every((d) => d.onTime.emittedByTheirPoll === d.onTime.versions))} |`,
	);
	const bound = lateBoundMinutes(day);
	const latest = Math.max(...days.map((d) => d.late.maxDelayMinutes));
	rows.push(
		`| Simulated day: late versions emitted within half a lookback plus one poll (${bound} min) | most minutes from insertion to emission: ${each((d) => d.late.maxDelayMinutes.toFixed(1))} | ${mark(latest <= bound)} |`,
	);
	const idle = days.flatMap((d) => d.idlePolls.filter((p) => !p.fullRead));
	const fullReads = days.flatMap((d) => d.idlePolls.filter((p) => p.fullRead));
	rows.push(
		`| Simulated day: an idle poll is 1 request | ${ints(idle.map((p) => p.requests))} in ${idle.length} idle polls${fullReads.length ? `; ${ints(fullReads.map((p) => p.requests))} in the ${fullReads.length} when the half-lookback full read was due` : ''} | ${mark(idle.length > 0 && idle.every((p) => p.requests === 1))} |`,
	);
	const refused = days.reduce((sum, d) => sum + d.throttled, 0);
	rows.push(`| Simulated day: 0 answers 429 at ${day.requestsPerSecond}/s and ${day.requestsPer5Min} per 5 min | ${each((d) => `${d.throttled}`)} | ${mark(refused === 0)} |`);
	const zero = days.find((d) => d.skewMinutes === 0);
	if (zero && comparable(day)) {
		rows.push(
			`| Simulated day at skew 0: at most ${n(BEFORE.requests)} requests | ${n(zero.requests)} | ${mark(zero.requests <= BEFORE.requests)} |`,
		);
	}
	return rows;
}
