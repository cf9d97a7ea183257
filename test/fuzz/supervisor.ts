/**
 * Runs fuzz cases in worker processes and watches them (fuzz.test.ts explains the design). A lane
 * is a list of case ids, run by one worker at a time. A worker that exits without finishing, or
 * whose heartbeat stops for the lane's `stallMs`, is killed (by its pid); the cases it had started
 * and not finished are the suspects. One suspect is the culprit; several are run again with an
 * eighth of the concurrency, and so on, so that a death that comes back names its case within a
 * few rounds (and a stall that does not, under a loaded machine, costs one round). The cases it
 * had not started go on in the next worker, after the suspects. A lane that runs one case at a time keeps its next
 * worker started and ready, so that a death costs no start-up. Past the deadline, whatever has
 * not run is reported as not run.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

import { LINE_PREFIX, type CaseReport, type Violation, type WorkerEvent, type WorkOrder } from './protocol';

export interface Lane {
	name: string;
	ids: string[];
	concurrency: number;
	/** No line from a working worker for this long: its event loop is blocked. */
	stallMs: number;
}

export interface SupervisorSettings {
	seed: number;
	extra: number;
	/** A worker that is not ready after this long is stuck starting. */
	startupMs: number;
	/** Absolute time (ms) after which nothing new starts and running workers are stopped. */
	deadline: number;
	/** The worker's V8 heap limit: a runaway allocation ends it in seconds, not the machine's memory. */
	heapMb: number;
}

export interface Supervised {
	reports: Map<string, CaseReport>;
	violations: Violation[];
	/** What happened to workers: starts, deaths. */
	events: string[];
}

type Death = { kind: 'process-crashed' | 'process-blocked' | 'not-run'; detail: string };

interface WorkerRun {
	started: Set<string>;
	ended: Set<string>;
	death?: Death;
}

const WORKER = join(__dirname, 'worker.ts');
const REGISTER = join(__dirname, 'tsRegister.cjs');
const REPO = join(__dirname, '..', '..');

/** The last lines of a worker's stderr that say why it died (V8's fatal error, an exception). */
function deathNote(stderr: string): string {
	const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
	const telling = lines.filter((line) => /fatal|error|heap|invalid|abort|killed/i.test(line) && !/^\d+: 0x/.test(line));
	return (telling.length ? telling : lines).slice(-3).join(' / ').slice(0, 400);
}

/** A worker process: started at once, given its cases when they are known. */
class Worker {
	readonly ready: Promise<boolean>;
	private readonly child: ChildProcessWithoutNullStreams;
	private readonly run: WorkerRun = { started: new Set(), ended: new Set() };
	private readonly closed: Promise<WorkerRun>;
	private working = false;
	private stopped?: Death;

	constructor(settings: SupervisorSettings, stallMs: number, sink: Supervised) {
		this.child = spawn(process.execPath, [`--max-old-space-size=${settings.heapMb}`, '-r', REGISTER, WORKER], {
			cwd: REPO,
			env: { ...process.env, FUZZ_SEED: String(settings.seed), FUZZ_CASES: String(settings.extra) },
		});
		const spawnedAt = Date.now();
		let lastLine = Date.now();
		let isReady = false;
		let done = false;
		let stdout = '';
		let stderr = '';
		let markReady: (ready: boolean) => void = () => {};
		this.ready = new Promise((resolve) => (markReady = resolve));

		const handle = (event: WorkerEvent) => {
			if (event.t === 'ready') {
				isReady = true;
				markReady(true);
			} else if (event.t === 'start') this.run.started.add(event.id);
			else if (event.t === 'end') {
				this.run.ended.add(event.report.id);
				sink.reports.set(event.report.id, event.report);
			} else if (event.t === 'violation') sink.violations.push(event.violation);
			else if (event.t === 'done') done = true;
		};
		this.child.stdout.on('data', (chunk: Buffer) => {
			lastLine = Date.now();
			stdout += chunk.toString('utf8');
			let newline: number;
			while ((newline = stdout.indexOf('\n')) >= 0) {
				const line = stdout.slice(0, newline);
				stdout = stdout.slice(newline + 1);
				if (line.startsWith(LINE_PREFIX)) handle(JSON.parse(line.slice(LINE_PREFIX.length)) as WorkerEvent);
			}
		});
		this.child.stderr.on('data', (chunk: Buffer) => {
			stderr = (stderr + chunk.toString('utf8')).slice(-8000);
		});
		const watch = setInterval(() => {
			const now = Date.now();
			if (now > settings.deadline) this.stop({ kind: 'not-run', detail: 'the fuzz run reached its deadline' });
			else if (!isReady && now - spawnedAt > settings.startupMs) this.stop({ kind: 'process-crashed', detail: `the worker was not ready after ${settings.startupMs / 1000} s` });
			else if (isReady && this.working && now - lastLine > stallMs) {
				this.stop({ kind: 'process-blocked', detail: `no heartbeat for ${stallMs / 1000} s: the event loop was blocked` });
			}
		}, 200);
		this.closed = new Promise((resolve) => {
			this.child.on('close', (code, signal) => {
				clearInterval(watch);
				markReady(false);
				if (!done || code !== 0) {
					this.run.death = this.stopped ?? { kind: 'process-crashed', detail: `the worker exited (${signal ?? `code ${code}`}): ${deathNote(stderr) || 'no message'}` };
					if (this.working) sink.events.push(`worker ${this.child.pid}: ${this.run.death.kind}: ${this.run.death.detail}`);
				}
				resolve(this.run);
			});
		});
		this.child.on('error', () => this.stop({ kind: 'process-crashed', detail: 'the worker could not be started' }));
	}

	/** Gives the ready worker its cases; resolves when it has finished or died. */
	async work(order: WorkOrder, sink: Supervised): Promise<WorkerRun> {
		this.working = true;
		sink.events.push(`worker ${this.child.pid}: ${order.ids.length} cases, ${order.concurrency} at a time`);
		this.child.stdin.write(`${JSON.stringify(order)}\n`);
		return await this.closed;
	}

	/** A worker that was not needed, or one that must go. Kills only this process, by its pid. */
	stop(death: Death = { kind: 'not-run', detail: 'not needed' }) {
		if (this.stopped) return;
		this.stopped = death;
		this.child.kill('SIGKILL');
	}

	/** Why it died before it was ready, when it did. */
	async failure(): Promise<Death | undefined> {
		return (await this.closed).death;
	}
}

async function runLane(lane: Lane, settings: SupervisorSettings, sink: Supervised, coverage: boolean): Promise<void> {
	const queue = [...lane.ids];
	/** The suspects of deaths, and the concurrency they are run again at. */
	let suspects: { ids: string[]; concurrency: number } | undefined;
	const leftOver = (detail: string) => {
		for (const id of [...queue.splice(0), ...(suspects?.ids ?? [])]) sink.violations.push({ kind: 'not-run', caseId: id, detail });
		suspects = undefined;
	};
	const start = () => new Worker(settings, lane.stallMs, sink);
	let next: Worker | undefined = start();
	while ((queue.length || suspects) && Date.now() < settings.deadline) {
		const worker: Worker = next ?? start();
		next = undefined;
		if (!(await worker.ready)) {
			leftOver(`no worker could start: ${(await worker.failure())?.detail ?? 'unknown'}`);
			return;
		}
		// Suspects first, until the death is pinned on one case; then the rest at full concurrency.
		const round = suspects ?? { ids: queue.splice(0), concurrency: lane.concurrency };
		const ofSuspects = suspects !== undefined;
		suspects = undefined;
		// A death is likely to come: its successor should be ready.
		if (ofSuspects || round.concurrency === 1) next = start();
		const run = await worker.work({ ids: round.ids, concurrency: round.concurrency, coverage }, sink);
		coverage = false;
		if (!run.death) continue;
		const inFlight = round.ids.filter((id) => run.started.has(id) && !run.ended.has(id));
		const notStarted = round.ids.filter((id) => !run.started.has(id));
		if (run.death.kind === 'not-run') {
			for (const id of [...inFlight, ...notStarted]) sink.violations.push({ kind: 'not-run', caseId: id, detail: run.death.detail });
			continue;
		}
		if (inFlight.length === 0) {
			// Between cases: something a finished case left running.
			sink.violations.push({ kind: run.death.kind, caseId: '(worker)', detail: `${run.death.detail} (no case was running; ${run.ended.size} had finished)` });
		} else if (inFlight.length === 1) {
			sink.violations.push({ kind: run.death.kind, caseId: inFlight[0], detail: run.death.detail });
			sink.reports.set(inFlight[0], { id: inFlight[0], verdict: 'violation', violations: [], ms: 0, requests: 0, logLines: 0, summary: run.death.detail });
		} else {
			suspects = { ids: inFlight, concurrency: Math.max(1, Math.floor(Math.min(round.concurrency, inFlight.length) / 8)) };
		}
		// The cases it had not started are not suspects: they go on at full concurrency.
		queue.unshift(...notStarted);
	}
	next?.stop();
	leftOver('the fuzz run reached its deadline');
}

/** Runs the lanes side by side; the first lane's first worker also checks the catalogues' coverage. */
export async function supervise(lanes: Lane[], settings: SupervisorSettings): Promise<Supervised> {
	const sink: Supervised = { reports: new Map(), violations: [], events: [] };
	await Promise.all(lanes.filter((lane) => lane.ids.length).map((lane, index) => runLane(lane, settings, sink, index === 0)));
	return sink;
}
