// The sandbox's one client (sandbox/client.ts), as the bench, `npm start` and the end-to-end tests
// use it: the sandbox in a process of its own, driven over its control endpoints.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { spawnSandbox, type SpawnedSandbox } from '../../sandbox/client';

let spawned: SpawnedSandbox;
beforeAll(async () => {
	spawned = await spawnSandbox({ seed: 3, clickItems: 200, clickDays: 3, lostOrders: 1500, partnerLimitCap: 400 });
});
afterAll(async () => spawned?.stop());

test('starts on free ports with the options given, and says where', async () => {
	const { state, client } = spawned;
	expect(state.partnerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	expect(state.counts).toMatchObject({ lostOrders: 1500, clicks: 200 });
	expect(state.config.partnerLimitCap).toBe(400);
	const page = await client.partner<{ results: Array<{ id: number }>; _meta: { count: number } }>('/lost_orders/', { limit: 500 });
	expect(page._meta.count).toBe(1500);
	expect(page.results).toHaveLength(400);
});

test('reads a whole partner list page by page, also when the service gives fewer records a page than asked', async () => {
	const records = await spawned.client.partnerRecords<{ id: number }>('/lost_orders/');
	expect(records).toHaveLength(1500);
	expect(new Set(records.map((record) => record.id)).size).toBe(1500);
	const rejected = await spawned.client.partnerRecords<{ status: string }>('/lost_orders/', { status: 'rejected' });
	expect(rejected.length).toBeGreaterThan(0);
	expect(rejected.every((record) => record.status === 'rejected')).toBe(true);
});

test('reads and drives: request log and its stats, click items, claims, clock', async () => {
	const { client } = spawned;
	await client.clearRequests();
	const today = new Date().toISOString().slice(0, 10);
	const [item] = await client.insertClicks([{ count: 2, date: today }]);
	expect(await client.updateClicks([{ id: item.id, count: 7 }])).toBe(1);
	await expect(client.updateClicks([{ id: 'no-such-click', count: 1 }])).rejects.toThrow(/HTTP 404/);
	const report = await client.click<{ data: Array<{ id: string; count: number }> }>({ dateFrom: today, dateTo: today, limit: 500 });
	expect(report.data.find((c) => c.id === item.id)?.count).toBe(7);
	expect(await client.countClicks(today, today)).toBe(report.data.length);

	const stats = await client.requestStats();
	expect(stats).toMatchObject({ total: 1, byStatus: { 200: 1 }, byPath: { 'GET /v2/api/stats/click': 1 } });
	expect(await client.requests()).toHaveLength(1);

	const [claim] = (await client.partner<{ results: Array<{ id: number }> }>('/lost_orders/', { status: 'processing', limit: 1 })).results;
	expect(await client.decideClaim('lost_orders', claim.id, { status: 'accepted' })).toMatchObject({ id: claim.id, status: 'accepted' });

	expect(await client.aheadOfClock(60_000)).toBe(60_000);
	expect(await client.aheadOfClock(1_000)).toBe(60_000);
	expect((await client.state()).clockAheadMs).toBe(60_000);
});

test('control bodies that do not hold are refused with the reason, and change nothing', async () => {
	const { client } = spawned;
	const before = (await client.state()).clockAheadMs;
	await expect(client.aheadOfClock(Number.NaN)).rejects.toThrow(/HTTP 400 .*body must be {\\"aheadMs\\"/);
	expect((await client.state()).clockAheadMs).toBe(before);
	await expect(client.updateClicks(undefined as never)).rejects.toThrow(/HTTP 400 .*body must be {\\"updates\\"/);
});

test('faults and config over the same client', async () => {
	const { client } = spawned;
	await client.injectFault({ kind: 'status', status: 502, api: 'partner', count: 1 });
	expect(await client.listFaults()).toHaveLength(1);
	await expect(client.partner('/websites/v2/')).rejects.toThrow(/HTTP 502/);
	await client.clearFaults();
	expect((await client.configure({ latencyMs: 5 })).latencyMs).toBe(5);
	await expect(client.configure({ nonsense: 1 } as never)).rejects.toThrow(/HTTP 400 .*unknown config key nonsense/);
});

test('a sandbox that cannot start says why, and leaves no process behind', async () => {
	await expect(spawnSandbox({ clickItems: -1 })).rejects.toThrow(/--click-items must be a non-negative integer, got "-1"/);
});

test('a sandbox whose starter is killed stops itself: no test left behind by a timeout leaves one running', async () => {
	const starter = spawn(process.execPath, ['-e', `require(${JSON.stringify(join(__dirname, '..', '..', 'sandbox', 'dist', 'client.js'))}).spawnSandbox({}).then((s) => console.log(s.child.pid))`], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const sandboxPid = Number(await new Promise<string>((resolve) => starter.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))));
	const alive = (pid: number) => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	};
	expect(alive(sandboxPid)).toBe(true);
	starter.kill('SIGKILL');
	for (let waited = 0; alive(sandboxPid) && waited < 5000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
	expect(alive(sandboxPid)).toBe(false);
});

test('stop ends the process', async () => {
	const other = await spawnSandbox({ clickItems: 10, clickDays: 1 });
	await other.stop();
	expect(other.child.exitCode !== null || other.child.signalCode !== null).toBe(true);
	await expect(other.client.state()).rejects.toThrow();
});
