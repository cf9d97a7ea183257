// A sandbox in a process of its own, driven over IPC by the bench: the node under measurement then
// shares its CPU and memory with nothing but n8n-core. Uses only the sandbox's public API.
import { startSandbox, type ClickItem, type LostOrder, type Sandbox, type SandboxOptions } from '../sandbox/server';

export type HostRequest =
	| { op: 'state' }
	| { op: 'configure'; patch: Record<string, unknown> }
	| { op: 'shiftClock'; shiftMs: number }
	| { op: 'resetRequests' }
	| { op: 'requestStats'; sinceMs?: number }
	| { op: 'setLostOrderCount'; count: number }
	| { op: 'insertClicks'; items: Array<Partial<ClickItem>> }
	| { op: 'updateClicks'; updates: Array<{ id: string; updatedAt: string }> }
	| { op: 'countClicks'; dateFrom: string; dateTo: string };

export interface RequestStats {
	total: number;
	byStatus: Record<string, number>;
	/** Requests per API path, e.g. `GET /v2/api/stats/click`. */
	byPath: Record<string, number>;
	/** The most requests that arrived within any 1 s and any 300 s. */
	maxPerSecond: number;
	maxPer5Min: number;
	firstMs?: number;
	lastMs?: number;
	/**
	 * Every refused request (429/503), so its length is their count: its position, and how long
	 * before its arrival the third request before it arrived (under 1000 ms means four requests
	 * arrived within one second).
	 */
	refused: Array<{ index: number; status: number; spanOf4Ms?: number; gapsMs: number[] }>;
}

export interface HostState {
	partnerUrl: string;
	clickUrl: string;
	accessToken: string;
	publicKey: string;
	lostOrders: number;
	clicks: number;
}

function maxInWindow(times: number[], windowMs: number): number {
	let best = 0;
	let start = 0;
	for (let end = 0; end < times.length; end++) {
		while (times[end] - times[start] >= windowMs) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}

export function requestStats(sandbox: Sandbox, sinceMs = 0): RequestStats {
	const requests = sandbox.requests.filter((r) => r.time >= sinceMs);
	const byStatus: Record<string, number> = {};
	const byPath: Record<string, number> = {};
	for (const r of requests) {
		byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
		const key = `${r.method} ${r.path}`;
		byPath[key] = (byPath[key] ?? 0) + 1;
	}
	const times = requests.map((r) => r.time).sort((a, b) => a - b);
	const refused: RequestStats['refused'] = [];
	requests.forEach((r, index) => {
		if (r.status !== 429 && r.status !== 503) return;
		const gapsMs = [];
		for (let back = Math.max(1, index - 3); back <= index; back++) gapsMs.push(requests[back].time - requests[back - 1].time);
		refused.push({ index, status: r.status, spanOf4Ms: index >= 3 ? r.time - requests[index - 3].time : undefined, gapsMs });
	});
	return {
		refused,
		total: requests.length,
		byStatus,
		byPath,
		maxPerSecond: maxInWindow(times, 1000),
		maxPer5Min: maxInWindow(times, 300_000),
		firstMs: times[0],
		lastMs: times[times.length - 1],
	};
}

/**
 * Exactly `count` lost orders: the seeded ones (1,000) plus copies of them with new ids, created
 * before all others, so that the list keeps its newest-first order; or the newest `count` of them.
 */
function setLostOrderCount(sandbox: Sandbox, count: number): number {
	const orders = sandbox.data.lostOrders;
	if (orders.length > count) orders.splice(count);
	const seeded = orders.slice();
	let nextId = 900_001;
	while (orders.length < count) {
		const template = seeded[(orders.length - seeded.length) % seeded.length];
		const copy: LostOrder = {
			...template,
			website: { ...template.website },
			advcampaign: { ...template.advcampaign },
			id: nextId++,
			order_id: `BENCH-${nextId}`,
			// Older than every seeded order: appended at the end keeps the newest-first order.
			date_created: '2020-01-01T00:00:00',
		};
		orders.push(copy);
	}
	return orders.length;
}

async function main() {
	const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions & { lostOrders?: number };
	// The trigger bench skips the idle minutes between polls on a shifted Date (clock.ts); the
	// sandbox's clock follows it, so that its rate limits count the time the client paces by.
	let shiftMs = 0;
	const sandbox = await startSandbox({ ...options, host: '127.0.0.1', now: () => new Date(Date.now() + shiftMs) });
	if (options.lostOrders !== undefined) setLostOrderCount(sandbox, options.lostOrders);
	const state = (): HostState => ({
		partnerUrl: sandbox.partnerUrl,
		clickUrl: sandbox.clickUrl,
		accessToken: sandbox.accessToken,
		publicKey: sandbox.publicKey,
		lostOrders: sandbox.data.lostOrders.length,
		clicks: sandbox.clicks.all().length,
	});
	const handle = (request: HostRequest): unknown => {
		switch (request.op) {
			case 'state':
				return state();
			case 'configure':
				sandbox.configure(request.patch);
				return sandbox.config;
			case 'shiftClock':
				// Only forward: the rate limits' windows and the request log assume a clock that never goes back.
				shiftMs = Math.max(shiftMs, request.shiftMs);
				return shiftMs;
			case 'resetRequests':
				sandbox.resetRequests();
				return true;
			case 'requestStats':
				return requestStats(sandbox, request.sinceMs);
			case 'setLostOrderCount':
				return setLostOrderCount(sandbox, request.count);
			case 'insertClicks':
				return sandbox.clicks.insert(request.items).map((item) => item.id);
			case 'updateClicks':
				for (const { id, updatedAt } of request.updates) sandbox.clicks.update(id, { updatedAt });
				return request.updates.length;
			case 'countClicks':
				return sandbox.clicks.all().filter((c) => c.date >= request.dateFrom && c.date <= request.dateTo).length;
		}
	};
	process.on('message', (message: { id: number; request: HostRequest }) => {
		let reply: { id: number; result?: unknown; error?: string };
		try {
			reply = { id: message.id, result: handle(message.request) };
		} catch (error) {
			reply = { id: message.id, error: (error as Error).message };
		}
		process.send!(reply);
	});
	process.on('disconnect', () => {
		void sandbox.close().then(() => process.exit(0));
	});
	process.send!({ id: 0, result: state() });
}

main().catch((error) => {
	console.error('[sandbox host]', error);
	process.exit(1);
});
