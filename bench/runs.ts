// Running the measured things, each in a process of its own: a node or loop run (worker.ts), the
// HTTP Request node in the real n8n, the trigger bench (trigger.ts). Requests and refusals are
// counted by the sandbox.
import { fork } from 'node:child_process';
import { join } from 'node:path';

import { sleep } from './common';
import type { HttpNodeRun, N8nRuntime } from './httpRequestNode';
import type { RequestStats } from '../sandbox/client';
import type { BenchSandbox } from './benchSandbox';
import type { ClaimTriggerResult, ClaimTriggerTask } from './claimTrigger';
import type { IdlePollGroup, IdlePollTask } from './idlePolls';
import type { TriggerResult, TriggerTask } from './trigger';
import type { BacklogResult, BacklogTask } from './triggerBacklog';
import type { DayResult, DayTask, TriggerDayTask } from './triggerDay';
import type { WorkerResult, WorkerTask } from './worker';

export interface Measured extends WorkerResult {
	requests: number;
	throttled: number;
	maxPerSecond: number;
	refused: RequestStats['refused'];
	/** The sandbox's own count: the most requests that arrived within any 300 s. */
	maxPer5Min: number;
	/** Sandbox clock: from the first request's arrival to the last one's. */
	arrivalSpanMs: number;
}

/** Whether the sandbox currently enforces rate limits (then runs are kept 1.1 s apart). */
let pauseForLimits = true;
export function setPauseForLimits(on: boolean) {
	pauseForLimits = on;
}

export async function runWorker(task: WorkerTask, sandbox: BenchSandbox): Promise<Measured> {
	const child = fork(join(__dirname, 'worker.js'), [JSON.stringify(task)], {
		execArgv: ['--expose-gc'],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const messages: Array<{ type: string; baselineRss?: number; result?: WorkerResult }> = [];
	let wake: (() => void) | undefined;
	child.on('message', (message: (typeof messages)[number]) => {
		messages.push(message);
		wake?.();
	});
	let exited = false;
	child.on('exit', () => {
		exited = true;
		wake?.();
	});
	const next = async () => {
		while (!messages.length) {
			if (exited) throw new Error('the worker exited without a result');
			await new Promise<void>((resolve) => (wake = resolve));
		}
		return messages.shift()!;
	};
	let message = await next();
	if (message.type === 'ready') {
		await sandbox.client.clearRequests();
		// Nothing of the warm-up may remain in the sandbox's 1 s rate-limit window.
		if (pauseForLimits) await sleep(1100);
		child.send({ type: 'go' });
		message = await next();
	}
	const result = message.result as WorkerResult;
	if (!exited) {
		child.send({ type: 'exit' });
		await new Promise<void>((resolve) => (exited ? resolve() : child.once('exit', () => resolve())));
	}
	if (result.error) throw new Error(`${task.kind} failed: ${result.error}`);
	const stats = await sandbox.client.requestStats();
	return {
		...result,
		requests: stats.total,
		throttled: stats.refused.length,
		maxPerSecond: stats.maxPerSecond,
		maxPer5Min: stats.maxPer5Min,
		arrivalSpanMs: (stats.lastMs ?? 0) - (stats.firstMs ?? 0),
		refused: stats.refused,
	};
}

export interface HttpMeasured extends HttpNodeRun {
	requests: number;
	throttled: number;
	refused: RequestStats['refused'];
}

export async function runHttpNode(n8n: N8nRuntime, id: string, sandbox: BenchSandbox): Promise<HttpMeasured> {
	await sandbox.client.clearRequests();
	if (pauseForLimits) await sleep(1100);
	const result = await n8n.execute(id);
	const stats = await sandbox.client.requestStats();
	return {
		...result,
		requests: stats.total,
		throttled: stats.refused.length,
		refused: stats.refused,
	};
}

type AnyTriggerResult = TriggerResult | DayResult | BacklogResult;

/** A bench entry (trigger.js, claimTrigger.js) in a process of its own: its one result. */
function runEntry<T>(entry: string, task: object): Promise<T> {
	return new Promise((resolve, reject) => {
		const child = fork(join(__dirname, entry), [JSON.stringify(task)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		let result: (T & { error?: string }) | undefined;
		child.on('message', (message: { result: T & { error?: string } }) => (result = message.result));
		child.on('exit', () => {
			if (!result) reject(new Error(`${entry} exited without a result`));
			else if (result.error) reject(new Error(result.error));
			else resolve(result);
		});
	});
}

/** The trigger's poll costs, a backlog, or one simulated day (trigger.ts), in a process of its own. */
export function runTrigger(task: TriggerTask): Promise<TriggerResult>;
export function runTrigger(task: TriggerDayTask): Promise<DayResult>;
export function runTrigger(task: BacklogTask): Promise<BacklogResult>;
export function runTrigger(task: TriggerTask | TriggerDayTask | BacklogTask): Promise<AnyTriggerResult> {
	return runEntry<AnyTriggerResult>('trigger.js', task);
}

/** The claim trigger's requests per poll (claimTrigger.ts), in a process of its own. */
export function runClaimTrigger(task: ClaimTriggerTask): Promise<ClaimTriggerResult[]> {
	return runEntry<ClaimTriggerResult[]>('claimTrigger.js', task);
}

/** The triggers' idle polls by event group (idlePolls.ts), in a process of its own. */
export function runIdlePolls(task: IdlePollTask): Promise<IdlePollGroup[]> {
	return runEntry<IdlePollGroup[]>('idlePolls.js', task);
}

/**
 * The simulated day at every skew, `atOnce` days at a time: each runs in its own process against
 * its own sandbox (its own origin, so its own pace). At 20 requests per second about half of a
 * day's real time is spent waiting for its pace, which another day's polls can use.
 */
export async function runTriggerDays(day: DayTask, skewsMinutes: number[], atOnce: number): Promise<DayResult[]> {
	const results: DayResult[] = new Array(skewsMinutes.length);
	let next = 0;
	const lane = async () => {
		while (next < skewsMinutes.length) {
			const index = next++;
			results[index] = await runTrigger({ kind: 'triggerDay', day, skewMinutes: skewsMinutes[index] });
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, atOnce) }, lane));
	return results;
}
