// The one way to drive a sandbox from outside it: start it as a process of its own, and talk to its
// control endpoints (docs/sandbox.md) and its two interfaces. The tests, the benchmarks,
// `npm start` and the end-to-end tests all use it; only the sandbox's own tests reach inside.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { ClaimList } from './partner/decisions';
import type { RequestStats } from './requestStats';
import type { ClickItem, FaultSpec, RecordedRequest, SandboxAddress, SandboxConfig, SandboxOptions } from './types';

export type { ClaimList, RequestStats };

/** The two services' conversions, driven over /_sandbox/actions/ (sandbox/conversions/actionControl.ts). */
export type ActionService = 'partner' | 'click';
/** A change made now; `stampedAgoMs`: stamped that long before it becomes visible (a late write). */
export interface ActionChange {
	status?: string;
	stampedAgoMs?: number;
	/** partner only */
	paid?: 0 | 1;
	/** click only */
	publisherRevenue?: number;
}

/** What `GET /_sandbox/state` answers. */
export interface SandboxInfo extends SandboxAddress {
	config: SandboxConfig;
	faults: Array<FaultSpec & { remaining: number | null }>;
	clockAheadMs: number;
	counts: { requests: number; lostOrders: number; appeals: number; clicks: number; tokensMinted: number; partnerActions: number; clickActions: number };
}

type Query = Record<string, string | number> | Array<[string, string]>;

async function answerOf<T>(method: string, url: string, response: Response): Promise<T> {
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${url.replace(/\?.*/, '')}: HTTP ${response.status} ${text.slice(0, 300)}`);
	return JSON.parse(text) as T;
}

const search = (query: Query = {}) =>
	new URLSearchParams(Array.isArray(query) ? query : Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

export class SandboxClient {
	private secrets?: Promise<SandboxInfo>;

	constructor(readonly urls: { partnerUrl: string; clickUrl: string }) {}

	private async control<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
		const url = `${this.urls.partnerUrl}/_sandbox/${path}${query ? `?${search(query)}` : ''}`;
		const response = await fetch(url, {
			method,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return answerOf<T>(method, url, response);
	}

	state(): Promise<SandboxInfo> {
		return this.control('GET', 'state');
	}
	async configure(patch: Partial<SandboxConfig>): Promise<SandboxConfig> {
		return (await this.control<{ config: SandboxConfig }>('POST', 'config', patch)).config;
	}
	async injectFault(fault: FaultSpec): Promise<void> {
		await this.control('POST', 'faults', fault);
	}
	async listFaults(): Promise<SandboxInfo['faults']> {
		return (await this.control<{ faults: SandboxInfo['faults'] }>('GET', 'faults')).faults;
	}
	async clearFaults(): Promise<void> {
		await this.control('DELETE', 'faults');
	}
	/** The request log (file bytes left out). */
	async requests(): Promise<RecordedRequest[]> {
		return (await this.control<{ data: RecordedRequest[] }>('GET', 'requests')).data;
	}
	async clearRequests(): Promise<void> {
		await this.control('DELETE', 'requests');
	}
	/** A summary of the requests since `sinceMs` by the sandbox's clock, for logs too long to carry. */
	requestStats(sinceMs = 0): Promise<RequestStats> {
		return this.control('GET', 'requests/stats', undefined, { since: sinceMs });
	}
	async expireTokens(): Promise<void> {
		await this.control('POST', 'expire-tokens');
	}
	/** Runs the sandbox's clock this far ahead of the real one (never back); the shift now in force. */
	async aheadOfClock(aheadMs: number): Promise<number> {
		return (await this.control<{ clockAheadMs: number }>('POST', 'clock', { aheadMs })).clockAheadMs;
	}
	async insertClicks(items: Array<Partial<ClickItem>>): Promise<ClickItem[]> {
		return (await this.control<{ data: ClickItem[] }>('POST', 'clicks', { items })).data;
	}
	updateClick(id: string, patch: Partial<ClickItem> = {}): Promise<ClickItem> {
		return this.control('PATCH', `clicks/${encodeURIComponent(id)}`, patch);
	}
	/** Many new versions at once; the number updated. */
	async updateClicks(updates: Array<Partial<ClickItem> & { id: string }>): Promise<number> {
		return (await this.control<{ updated: number }>('PATCH', 'clicks', { updates })).updated;
	}
	/** Click items dated within [dateFrom, dateTo] (YYYY-MM-DD). */
	async countClicks(dateFrom: string, dateTo: string): Promise<number> {
		return (await this.control<{ count: number }>('GET', 'clicks/count', undefined, { dateFrom, dateTo })).count;
	}
	/** Decides a claim as the network would: status, appeal_status, reject_reason, reject_comment, reward. */
	decideClaim(list: ClaimList, id: number, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
		return this.control('PATCH', `claims/${list}/${id}`, patch);
	}

	/** Every action of a service as a read sees it now (partner items as /statistics/actions/ sends them). */
	async actions<T = Record<string, unknown>>(service: ActionService): Promise<T[]> {
		return (await this.control<{ data: T[] }>('GET', `actions/${service}`)).data;
	}
	/** New actions, visible now (fields not given are drawn; `status` and `stampedAgoMs` too). */
	async createActions<T = Record<string, unknown>>(service: ActionService, actions: Array<Record<string, unknown>>): Promise<T[]> {
		return (await this.control<{ data: T[] }>('POST', `actions/${service}`, { actions })).data;
	}
	/** A status change (or a late write) of one action, visible now; the action as a read now sees it. */
	changeAction<T = Record<string, unknown>>(service: ActionService, id: string | number, change: ActionChange): Promise<T> {
		return this.control('PATCH', `actions/${service}/${encodeURIComponent(String(id))}`, change);
	}
	/** Many changes at once, for bursts larger than a page; the number changed. */
	async changeActions(service: ActionService, updates: Array<ActionChange & { id: string | number }>): Promise<number> {
		return (await this.control<{ updated: number }>('PATCH', `actions/${service}`, { updates })).updated;
	}

	/** More partner coupons (listed for every ad space and in the catalogue); how many were added and are there now. */
	addPartnerCoupons(count: number): Promise<{ added: number; total: number }> {
		return this.control('POST', 'coupons/partner', { count });
	}

	/** The partner interface, with the sandbox's own access token. */
	async partner<T = unknown>(path: string, query?: Query): Promise<T> {
		const { accessToken } = await (this.secrets ??= this.state());
		return this.get<T>(`${this.urls.partnerUrl}${path}?${search(query)}`, accessToken);
	}
	/** Every record of a partner list, page by page as the service pages it, with the sandbox's own token. */
	async partnerRecords<T = Record<string, unknown>>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
		const records: T[] = [];
		for (;;) {
			const page = await this.partner<{ results: T[]; _meta: { count: number } }>(path, { ...query, limit: 500, offset: records.length });
			records.push(...page.results);
			if (page.results.length === 0 || records.length >= page._meta.count) return records;
		}
	}
	/** The click report (or another path of the click service, e.g. /v3/api/stats/action), with the sandbox's own key. */
	async click<T = unknown>(query: Query, path = '/v2/api/stats/click'): Promise<T> {
		const { publicKey } = await (this.secrets ??= this.state());
		return this.get<T>(`${this.urls.clickUrl}${path}?${search(query)}`, publicKey);
	}
	private async get<T>(url: string, token: string): Promise<T> {
		return answerOf<T>('GET', url, await fetch(url, { headers: { authorization: `Bearer ${token}` } }));
	}
}

/** What is seeded at the start, and any of the config (set right after the start, as `configure` would). */
export interface SpawnOptions extends Pick<SandboxOptions, 'seed' | 'clickItems' | 'clickDays' | 'lostOrders'>, Partial<SandboxConfig> {
	/** 0 (the default) picks a free port. */
	partnerPort?: number;
	clickPort?: number;
	/** Options of the Node process, e.g. a larger heap for 100,000 click items. */
	nodeOptions?: string[];
	/** Each line the sandbox prints; by default they are dropped. */
	onOutput?: (line: string) => void;
	/** Called as soon as the process exists, so a caller can stop it whatever happens next. */
	onSpawn?: (child: ChildProcess) => void;
}

export interface SpawnedSandbox {
	child: ChildProcess;
	state: SandboxInfo;
	client: SandboxClient;
	/** SIGTERM, then SIGKILL after 5 s. */
	stop(): Promise<void>;
}

const SEEDED: Array<[keyof SpawnOptions, string]> = [
	['seed', 'seed'],
	['clickItems', 'click-items'],
	['clickDays', 'click-days'],
	['lostOrders', 'lost-orders'],
];
const NOT_CONFIG = new Set<string>([...SEEDED.map(([key]) => key), 'partnerPort', 'clickPort', 'nodeOptions', 'onOutput', 'onSpawn']);

const cliArgs = (options: SpawnOptions) => SEEDED.filter(([key]) => options[key] !== undefined).map(([key, flag]) => `--${flag}=${options[key]}`);

function configOf(options: SpawnOptions): Partial<SandboxConfig> {
	return Object.fromEntries(Object.entries(options).filter(([key, value]) => !NOT_CONFIG.has(key) && value !== undefined));
}

function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
	let buffer = '';
	stream.setEncoding('utf8');
	stream.on('data', (chunk: string) => {
		buffer += chunk;
		let index;
		while ((index = buffer.indexOf('\n')) >= 0) {
			onLine(buffer.slice(0, index));
			buffer = buffer.slice(index + 1);
		}
	});
}

function stopProcess(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		child.once('exit', () => resolve());
		child.kill('SIGTERM');
		setTimeout(() => child.kill('SIGKILL'), 5000).unref();
	});
}

/** Starts `sandbox/dist/main.js` (built beforehand) and resolves once it answers its control endpoint. */
export async function spawnSandbox(options: SpawnOptions = {}): Promise<SpawnedSandbox> {
	// Run from source (the tests), this module starts the built program beside it.
	const main = join(__dirname, __filename.endsWith('.ts') ? 'dist' : '', 'main.js');
	const child = spawn(process.execPath, [...(options.nodeOptions ?? []), main, ...cliArgs(options)], {
		env: { ...process.env, SANDBOX_PARTNER_PORT: String(options.partnerPort ?? 0), SANDBOX_CLICK_PORT: String(options.clickPort ?? 0) },
		// The IPC channel only tells the sandbox when this process is gone (sandbox/main.ts).
		stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
	});
	options.onSpawn?.(child);
	const output: string[] = [];
	const partnerUrl = new Promise<string>((resolve, reject) => {
		const onLine = (line: string) => {
			// The last lines only, to say why a start failed.
			if (output.push(line) > 50) output.shift();
			options.onOutput?.(line);
			const ready = /^partner interface:\s+(\S+)/.exec(line);
			if (ready) resolve(ready[1]);
		};
		eachLine(child.stdout!, onLine);
		eachLine(child.stderr!, onLine);
		child.once('exit', (code, signal) => reject(new Error(`the sandbox stopped (${signal ?? `exit ${code}`}) while starting: ${output.join('\n')}`)));
	});
	try {
		const url = await partnerUrl;
		const client = new SandboxClient({ partnerUrl: url, clickUrl: '' });
		const config = configOf(options);
		if (Object.keys(config).length) await client.configure(config);
		const state = await client.state();
		return { child, state, client: new SandboxClient(state), stop: () => stopProcess(child) };
	} catch (error) {
		await stopProcess(child);
		throw error;
	}
}
