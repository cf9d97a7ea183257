// One measured run in a fresh process, so that peak RSS belongs to this run alone. Protocol with
// the parent (IPC): the worker loads, warms up with one small request and reports `ready` with
// its resident memory after a full GC; the parent clears the sandbox's request log and sends
// `go`; the worker runs, measures and reports `result`.
import '../test/harness/env';

import { rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

import { distinctByKeys, listRunner, type ListTask } from './listRunners';
import { sequentialClickReport, sequentialPartnerList, type SequentialResult } from './sequential';
import { captureNodeLog, distinctIds, fullGc, microbenchToItems } from './workerTools';

export type WorkerTask =
	| {
			kind: 'clickNode' | 'clickSeq';
			clickUrl: string;
			publicKey: string;
			rate: number;
			/**
			 * The credential's Max Requests per 5 Minutes. Cases that are not about that window set it
			 * far above their page count, as the sandbox's cap is off for them.
			 */
			maxRequestsPer5Minutes: number;
			dateFrom: string;
			dateTo: string;
			/** The 120-day windows, newest first (for the sequential loop). */
			windows: Array<{ from: string; to: string }>;
			/** Measure only the node's own code on the result (the overhead case). */
			microbench?: boolean;
			/** Write a CPU profile of the measured run (only the run) to this file. */
			profileFile?: string;
			/** Skip the warm-up: the run then starts as a first execution in a fresh n8n process. */
			coldStart?: boolean;
			/**
			 * Warm up against this other click service (another origin, so another account): the
			 * measured run then starts with its account's pace and 5-minute window untouched.
			 */
			warmUpAt?: { clickUrl: string; publicKey: string };
			/** Keep what the node logs through n8n's logger during the measured run. */
			captureLog?: boolean;
	  }
	| {
			kind: 'partnerNode' | 'partnerSeq';
			partnerUrl: string;
			accessToken: string;
			rate: number;
	  }
	| ListTask;

export interface WorkerResult {
	items: number;
	wallMs: number;
	cpuUserMs: number;
	cpuSystemMs: number;
	baselineRss: number;
	peakRss: number;
	/** Highest RSS sampled every 50 ms during the run. */
	sampledPeakRss: number;
	/**
	 * Highest memory held by ArrayBuffers (the HTTP client's response buffers) sampled every 50 ms,
	 * and the same before the run: they are garbage once parsed, and freed at V8's next GC.
	 */
	sampledPeakArrayBuffers: number;
	baselineArrayBuffers: number;
	heapUsedAfter: number;
	/** Heap in use after the warm-up and a full GC, before the run. */
	baselineHeapUsed: number;
	/** After the run and a full GC, with the result still held: what the run's output really keeps. */
	liveHeapAfterGc: number;
	rssAfterGc: number;
	/** Seen by the client itself: only the sequential loop reports these (the node retries inside). */
	clientRequests?: number;
	throttled?: number;
	jsonBytes?: number;
	error?: string;
	microbench?: { toItemsMsPer10k: number };
	/** Distinct `id`s among the node's output items (counted after the memory measures). */
	distinctIds?: number;
	/** What the node logged during the run (`captureLog`), as `level: message`. */
	logged?: string[];
}

type Runner = { warmUp(): Promise<void>; run(): Promise<{ items: number; extra?: Partial<WorkerResult>; keep: unknown }> };

async function nodeRunner(task: WorkerTask): Promise<Runner> {
	const { addCredential, runNode } = await import('../test/harness/run');
	const clickCredential = (at: { clickUrl: string; publicKey: string }) =>
		addCredential('clickStatisticsApi', {
			baseUrl: at.clickUrl,
			publicKey: at.publicKey,
			maxRequestsPerSecond: task.rate,
			maxRequestsPer5Minutes: (task as { maxRequestsPer5Minutes: number }).maxRequestsPer5Minutes,
		});
	const credentials =
		task.kind === 'clickNode'
			? clickCredential(task)
			: addCredential('affiliatePartnerApi', {
					baseUrl: (task as { partnerUrl: string }).partnerUrl,
					authentication: 'accessToken',
					accessToken: (task as { accessToken: string }).accessToken,
					maxRequestsPerSecond: task.rate,
				});
	const parameters = (returnAll: boolean) =>
		task.kind === 'clickNode'
			? { operation: 'getMany', returnAll, limit: 1, filters: { dateFrom: task.dateFrom, dateTo: task.dateTo } }
			: { resource: 'lostOrder', operation: 'getMany', returnAll, limit: 1 };
	const type = task.kind === 'clickNode' ? 'clickReport' : 'affiliatePartner';
	const warmUpCredentials = task.kind === 'clickNode' && task.warmUpAt ? clickCredential(task.warmUpAt) : credentials;
	const execute = async (returnAll: boolean, using = credentials) => {
		const result = await runNode({ type, parameters: parameters(returnAll) as never, credentials: using });
		if (result.error) throw new Error(`${result.error.message} ${result.error.description ?? ''}`);
		return result;
	};
	return {
		warmUp: async () => {
			await execute(false, warmUpCredentials);
		},
		run: async () => {
			const result = await execute(true);
			return { items: result.items.length, keep: result };
		},
	};
}

function sequentialRunner(task: WorkerTask): Runner {
	const run = (): Promise<SequentialResult> =>
		task.kind === 'clickSeq'
			? sequentialClickReport({ clickUrl: task.clickUrl, publicKey: task.publicKey, rate: task.rate, windows: task.windows })
			: sequentialPartnerList({
					baseUrl: (task as { partnerUrl: string }).partnerUrl,
					authorization: `Bearer ${(task as { accessToken: string }).accessToken}`,
					rate: task.rate,
					path: '/lost_orders/',
				});
	return {
		warmUp: async () => {
			const base = task.kind === 'clickSeq' ? task.clickUrl : (task as { partnerUrl: string }).partnerUrl;
			const path = task.kind === 'clickSeq' ? `/v2/api/stats/click?limit=1` : '/lost_orders/?limit=1';
			const key = task.kind === 'clickSeq' ? task.publicKey : (task as { accessToken: string }).accessToken;
			await (await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } })).text();
		},
		run: async () => {
			const result = await run();
			return {
				items: result.items.length,
				extra: { clientRequests: result.requests, throttled: result.throttled, jsonBytes: result.jsonBytes },
				keep: result,
			};
		},
	};
}

async function main() {
	const task = JSON.parse(process.argv[2]) as WorkerTask;
	const runner =
		task.kind === 'listNode' || task.kind === 'listSeq' || task.kind === 'linkNode'
			? await listRunner(task)
			: task.kind === 'clickNode' || task.kind === 'partnerNode'
				? await nodeRunner(task)
				: sequentialRunner(task);
	if (!(task.kind === 'clickNode' && task.coldStart)) await runner.warmUp();
	const logged = task.kind === 'clickNode' && task.captureLog ? captureNodeLog() : undefined;
	fullGc();
	const baselineRss = process.memoryUsage().rss;
	const { heapUsed: baselineHeapUsed, arrayBuffers: baselineArrayBuffers } = process.memoryUsage();
	process.send!({ type: 'ready', baselineRss });
	await new Promise<void>((resolve) => process.once('message', () => resolve()));

	const profileFile = task.kind === 'clickNode' || task.kind === 'linkNode' ? task.profileFile : undefined;
	const session = profileFile ? new Session() : undefined;
	const post = (method: string, params?: object) =>
		new Promise<any>((resolve, reject) => session!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
	if (session) {
		session.connect();
		await post('Profiler.enable');
		await post('Profiler.setSamplingInterval', { interval: 200 });
		await post('Profiler.start');
	}
	let sampledPeakRss = process.memoryUsage.rss();
	let sampledPeakArrayBuffers = baselineArrayBuffers;
	const sampler = setInterval(() => {
		const usage = process.memoryUsage();
		sampledPeakRss = Math.max(sampledPeakRss, usage.rss);
		sampledPeakArrayBuffers = Math.max(sampledPeakArrayBuffers, usage.arrayBuffers);
	}, 50);
	const cpu0 = process.cpuUsage();
	const t0 = performance.now();
	let outcome: Awaited<ReturnType<Runner['run']>> | undefined;
	let error: string | undefined;
	try {
		outcome = await runner.run();
	} catch (e) {
		error = (e as Error).message;
	}
	const wallMs = performance.now() - t0;
	const cpu = process.cpuUsage(cpu0);
	clearInterval(sampler);
	if (session && profileFile) {
		const { profile } = await post('Profiler.stop');
		writeFileSync(profileFile, JSON.stringify(profile));
		session.disconnect();
	}
	sampledPeakRss = Math.max(sampledPeakRss, process.memoryUsage.rss());
	const result: WorkerResult = {
		items: outcome?.items ?? 0,
		wallMs,
		cpuUserMs: cpu.user / 1000,
		cpuSystemMs: cpu.system / 1000,
		baselineRss,
		peakRss: process.resourceUsage().maxRSS * 1024,
		sampledPeakRss,
		sampledPeakArrayBuffers,
		baselineArrayBuffers,
		heapUsedAfter: process.memoryUsage().heapUsed,
		baselineHeapUsed,
		liveHeapAfterGc: 0,
		rssAfterGc: 0,
		...(outcome?.extra ?? {}),
		...(error ? { error } : {}),
	};
	fullGc();
	result.liveHeapAfterGc = process.memoryUsage().heapUsed;
	result.rssAfterGc = process.memoryUsage().rss;
	if (outcome?.keep === undefined) result.liveHeapAfterGc = 0;
	if (task.kind === 'clickNode' && task.microbench && outcome) result.microbench = await microbenchToItems(outcome.keep);
	if ((task.kind === 'clickNode' || task.kind === 'partnerNode') && outcome) result.distinctIds = distinctIds(outcome.keep);
	if (task.kind === 'listNode' && outcome) result.distinctIds = distinctByKeys(outcome.keep, task.keyFields);
	if (logged) result.logged = logged;
	process.send!({ type: 'result', result });
}

function cleanUp() {
	if (process.env.N8N_USER_FOLDER?.includes('n8n-affiliate-test-')) {
		rmSync(process.env.N8N_USER_FOLDER, { recursive: true, force: true });
	}
}

main().catch((error) => {
	process.send!({ type: 'result', result: { error: (error as Error).stack ?? String(error) } });
});

process.on('message', (message: { type?: string }) => {
	if (message?.type === 'exit') {
		cleanUp();
		process.exit(0);
	}
});
