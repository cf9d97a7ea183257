// The bench's handle on a sandbox host process (sandboxHost.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { ClickItem, SandboxOptions } from '../sandbox/server';
import type { HostRequest, HostState, RequestStats } from './sandboxHost';

export class SandboxClient {
	private nextId = 1;
	private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

	private constructor(
		private readonly child: ChildProcess,
		readonly state: HostState,
	) {
		child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
			const waiter = this.pending.get(message.id);
			if (!waiter) return;
			this.pending.delete(message.id);
			if (message.error !== undefined) waiter.reject(new Error(message.error));
			else waiter.resolve(message.result);
		});
		child.on('exit', (code, signal) => {
			for (const waiter of this.pending.values()) waiter.reject(new Error(`sandbox host exited (${signal ?? code})`));
			this.pending.clear();
		});
	}

	static async start(options: SandboxOptions & { lostOrders?: number }): Promise<SandboxClient> {
		const child = fork(join(__dirname, 'sandboxHost.js'), [JSON.stringify(options)], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
			// The sandbox holds up to 100,000 click items and a log of every request.
			execArgv: ['--max-old-space-size=4096'],
		});
		const state = await new Promise<HostState>((resolve, reject) => {
			child.once('message', (message: { result: HostState }) => resolve(message.result));
			child.once('exit', (code) => reject(new Error(`sandbox host exited with ${code} while starting`)));
		});
		return new SandboxClient(child, state);
	}

	private call<T>(request: HostRequest): Promise<T> {
		const id = this.nextId++;
		return new Promise<T>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			this.child.send({ id, request });
		});
	}

	configure(patch: Record<string, unknown>) {
		return this.call<unknown>({ op: 'configure', patch });
	}
	/** Runs the sandbox's clock this far ahead of the real one (never back). */
	shiftClock(shiftMs: number) {
		return this.call<number>({ op: 'shiftClock', shiftMs });
	}
	resetRequests() {
		return this.call<boolean>({ op: 'resetRequests' });
	}
	requestStats(sinceMs?: number) {
		return this.call<RequestStats>({ op: 'requestStats', sinceMs });
	}
	insertClicks(items: Array<Partial<ClickItem>>) {
		return this.call<string[]>({ op: 'insertClicks', items });
	}
	updateClicks(updates: Array<{ id: string; updatedAt: string }>) {
		return this.call<number>({ op: 'updateClicks', updates });
	}
	countClicks(dateFrom: string, dateTo: string) {
		return this.call<number>({ op: 'countClicks', dateFrom, dateTo });
	}

	async close(): Promise<void> {
		if (this.child.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			this.child.once('exit', () => resolve());
			this.child.disconnect();
			setTimeout(() => this.child.kill('SIGKILL'), 5000).unref();
		});
	}
}
