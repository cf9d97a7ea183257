// Several n8n instances sharing one click key, each a process of its own (sharedKeyInstance.ts)
// running Return Alls at the credential's full 3/s against the sandbox with the service's real
// per-second limit on: what the service accepted and refused, per second and in all.
import { fork } from 'node:child_process';
import { join } from 'node:path';

import { spawnSandbox } from '../sandbox/client';
import type { InstanceResult, SharedKeyTask } from './sharedKeyInstance';

export interface SharedKeyCase {
	instances: number;
	durationMs: number;
	/** The sandbox's 5-minute cap, raised out of the way: this case is about the per-second limit. */
	per5Minutes?: number;
}

export interface SharedKeyResult extends SharedKeyCase {
	seconds: number;
	sent: number;
	accepted: number;
	refused: number;
	refusedShare: number;
	/** Accepted per second, over the service's 3 per second. */
	throughputShare: number;
	reads: number;
	pagesPerRead: number;
	perInstance: InstanceResult[];
}

const PER_SECOND = 3;

export async function runSharedKey(run: SharedKeyCase): Promise<SharedKeyResult> {
	const per5Minutes = run.per5Minutes ?? 1_000_000;
	const sandbox = await spawnSandbox({ clickItems: 20_000, clickDays: 60, rateLimits: true, clickRequestsPer5Min: per5Minutes });
	const warmUp = await spawnSandbox({ clickItems: 1_000, clickDays: 10 });
	try {
		const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
		const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
		const expectedItems = await sandbox.client.countClicks(from, day);
		const task: SharedKeyTask = {
			clickUrl: sandbox.state.clickUrl,
			publicKey: sandbox.state.publicKey,
			warmUpUrl: warmUp.state.clickUrl,
			rate: PER_SECOND,
			maxRequestsPer5Minutes: per5Minutes,
			dateFrom: from,
			dateTo: day,
			expectedItems,
		};
		const children = Array.from({ length: run.instances }, () =>
			fork(join(__dirname, 'sharedKeyInstance.js'), [JSON.stringify(task)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
		);
		const results = children.map(
			(child) =>
				new Promise<InstanceResult>((resolve, reject) => {
					child.on('message', (message: { type?: string; result?: InstanceResult }) => message.type === 'result' && resolve(message.result!));
					child.on('exit', (code) => reject(new Error(`an instance exited (${code}) without a result`)));
				}),
		);
		await Promise.all(children.map((child) => new Promise<void>((resolve) => child.once('message', () => resolve()))));
		await sandbox.client.clearRequests();
		// The sandbox's clock is the real one here (no clock shift asked for).
		const started = Date.now();
		children.forEach((child) => child.send('go'));
		await new Promise((resolve) => setTimeout(resolve, run.durationMs));
		const stats = await sandbox.client.requestStats(started);
		children.forEach((child) => child.send('stop'));
		const perInstance = await Promise.all(results);
		const accepted = stats.byStatus['200'] ?? 0;
		const refused = stats.refused.length;
		const seconds = run.durationMs / 1000;
		return {
			...run,
			seconds,
			sent: stats.total,
			accepted,
			refused,
			refusedShare: refused / Math.max(1, stats.total),
			throughputShare: accepted / seconds / PER_SECOND,
			reads: perInstance.reduce((sum, r) => sum + r.reads, 0),
			pagesPerRead: Math.ceil(expectedItems / 500),
			perInstance,
		};
	} finally {
		await sandbox.stop();
		await warmUp.stop();
	}
}
