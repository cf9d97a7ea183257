// `npm run bench` (and `npm run bench:smoke`): Return All of the Click Report and of the Affiliate
// Partner node against the physical floor, a sequential loop and n8n's own HTTP Request node; a
// 200-page click Return All at both of the service's limits (windowCase.ts); the trigger's poll
// costs, a backlog drained at both limits and a simulated day at five skews of the service's
// clock; the node's own CPU. Writes BENCHMARKS.md.
//
//   node bench/dist/bench/main.js [--smoke] [--runs=3] [--slow-runs=1] [--cold-runs=5] [--trigger-days-at-once=3] [--only=click,partner,window,trigger,overhead]
//                                 [--no-n8n] [--with-n8n (smoke)] [--install-n8n] [--out=BENCHMARKS.md]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

import { ints, log, mb, median, refusalDetail, s, x } from './common';
import { minimumPages, overlappingPages, physicalFloorMs, scheduleFloorMs } from './floors';
import { clickWorkflow, freePort, partnerWorkflow, repoRoot, startN8nRuntime, type N8nRuntime } from './httpRequestNode';
import { breakdown, type ProfileBreakdown } from './profile';
import { runHttpNode, runTrigger, runTriggerDays, runWorker, setPauseForLimits, type HttpMeasured, type Measured } from './runs';
import { SandboxClient } from './sandboxClient';
import type { TriggerTask } from './trigger';
import type { BacklogTask } from './triggerBacklog';
import type { DayTask } from './triggerDay';
import { triggerTables, triggerTargets, type TriggerReport } from './triggerReport';
import { windowCase, windowSection, windowTarget, type WindowResult } from './windowCase';
import type { WorkerTask } from './worker';

// ---------------------------------------------------------------------------------------------
// Options

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const smoke = flag('smoke');
const runs = Number(option('runs') ?? (smoke ? 1 : 3));
const slowRuns = Number(option('slow-runs') ?? 1);
const coldRuns = Number(option('cold-runs') ?? (smoke ? 1 : 5));
// Five paced days one after another would take about 45 minutes; three at a time keep 2 cores busy without crowding them.
const triggerDaysAtOnce = Number(option('trigger-days-at-once') ?? 3);
const only = new Set((option('only') ?? 'click,partner,window,trigger,overhead').split(','));
// The smoke run leaves n8n out unless asked (`--with-n8n`): each `n8n execute` costs about 5 s of start-up.
const useN8n = smoke ? flag('with-n8n') : !flag('no-n8n');
const outFile = option('out') ?? (smoke ? join(__dirname, '..', 'BENCHMARKS.smoke.md') : join(repoRoot, 'BENCHMARKS.md'));
const resultsDir = join(__dirname, '..', 'results');

// The window case: 100,000 items in one 120-day window are 200 pages; the smoke run's 8 pages
// take the same path without ever waiting for the window (its length, 5 minutes, is fixed).
const sizes = smoke
	? { click: [{ items: 2_000, days: 120 }, { items: 4_000, days: 240 }], lostOrders: 1_234, overheadItems: 5_000, window: { items: 4_000, days: 120 } }
	: { click: [{ items: 50_000, days: 120 }, { items: 100_000, days: 240 }], lostOrders: 1_234, overheadItems: 50_000, window: { items: 100_000, days: 120 } };
/**
 * Max Requests per 5 Minutes for the cases that are not about that window: the sandbox's cap is
 * off for them, and the client-side window must not throttle them either.
 */
const NO_WINDOW = 1_000_000;
const triggerTask: TriggerTask = smoke
	? {
			kind: 'trigger',
			windowItems: 1_000,
			idlePolls: 3,
			changes: 500,
			latencyMs: 50,
			rate: 3,
		}
	: {
			kind: 'trigger',
			windowItems: 10_000,
			idlePolls: 5,
			changes: 5_000,
			latencyMs: 50,
			rate: 3,
		};
/** The trigger's simulated day, run once at each skew of the service's clock (its clock minus n8n's). */
const triggerDay: DayTask = smoke
	? { hours: 2, changesPerHour: 1_000, pollMinutes: 1, lookbackMinutes: 60, quietPolls: 10, requestsPerSecond: 20, requestsPer5Min: 100 }
	: { hours: 24, changesPerHour: 10_000, pollMinutes: 1, lookbackMinutes: 60, quietPolls: 10, requestsPerSecond: 20, requestsPer5Min: 100 };
const TRIGGER_SKEWS_MINUTES = [-15, -5, 0, 5, 15];
/** A backlog drained at the click service's real limits; its polls wait for the 5-minute window, so it takes real minutes. */
const triggerBacklog: BacklogTask = {
	kind: 'triggerBacklog',
	changes: smoke ? 3_000 : 50_000,
	spreadMinutes: 60,
	pollMinutes: 1,
	latencyMs: 50,
	requestsPerSecond: 3,
	requestsPer5Min: 100,
	maxPolls: 30,
};

// ---------------------------------------------------------------------------------------------
// Cases

interface ReturnAllCase {
	group: 'click' | 'partner';
	label: string;
	items: number;
	latencyMs: number;
	rate: number;
	runs: number;
	/** The fewest pages that hold the items: ceil(n / page size) per window; the physical floor counts these. */
	pages: number;
	/** The pages the node reads by design: the same for the click report, overlapping pages for partner lists. */
	nodePages: number;
	/** The server's real page size (P). */
	pageSize: number;
	windowPages: number[];
	floorMs: number;
	scheduleFloorMs: number;
	realLimits: string;
	node: Measured[];
	seq: Measured[];
	http: HttpMeasured[];
	httpNote?: string;
	/** Per run: node / floor, sequential / node, HTTP / node. */
	ratios: { toFloor: number[]; overSeq: number[]; overHttp: number[] };
}

function utcDay(offsetDays: number): string {
	const now = new Date();
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays)).toISOString().slice(0, 10);
}

/** 120-day windows, newest first, as the node splits the period. */
function windowsOf(days: number): Array<{ from: string; to: string }> {
	const windows: Array<{ from: string; to: string }> = [];
	for (let end = 0; end < days; end += 120) windows.push({ from: utcDay(-Math.min(days - 1, end + 119)), to: utcDay(-end) });
	return windows;
}

let n8n: N8nRuntime | undefined;
let n8nSkipped: string | undefined;
let n8nBaselineRss: number | undefined;

async function measureReturnAll(
	kase: ReturnAllCase,
	sandbox: SandboxClient,
	tasks: { node: WorkerTask; seq: WorkerTask; workflow?: { id: string } },
): Promise<void> {
	const expected = kase.items;
	let workflowId: string | undefined;
	if (n8n && tasks.workflow) {
		workflowId = tasks.workflow.id;
		// Imported up front with the others; again here only if it differs (other ports or keys).
		if (JSON.stringify(tasks.workflow) !== imported.get(workflowId)) await n8n.importWorkflow(tasks.workflow);
	}
	for (let run = 1; run <= kase.runs; run++) {
		const node = await runWorker(tasks.node, sandbox);
		const seq = await runWorker(tasks.seq, sandbox);
		for (const [name, m] of [['node', node], ['sequential', seq]] as const) {
			if (m.items !== expected) throw new Error(`${kase.label}: ${name} returned ${m.items} items, expected ${expected}`);
		}
		if (node.distinctIds !== expected) throw new Error(`${kase.label}: the node returned ${node.distinctIds} distinct ids for ${expected} items`);
		kase.node.push(node);
		kase.seq.push(seq);
		kase.ratios.toFloor.push(node.wallMs / kase.floorMs);
		kase.ratios.overSeq.push(seq.wallMs / node.wallMs);
		let line = `${kase.label} run ${run}/${kase.runs}: node ${(node.wallMs / 1000).toFixed(2)} s (${node.requests} req, ${node.throttled} throttled), sequential ${(seq.wallMs / 1000).toFixed(2)} s (${seq.requests} req)`;
		if (n8n && workflowId) {
			const http = await runHttpNode(n8n, workflowId, sandbox);
			if (http.error) {
				kase.httpNote = `HTTP Request node failed: ${http.error.split('\n')[0]}`;
				line += `, HTTP Request node FAILED (${http.requests} req, ${http.throttled} throttled): ${http.error.split('\n')[0]}`;
			} else {
				kase.http.push(http);
				kase.ratios.overHttp.push(http.wallMs / node.wallMs);
				if (http.items !== expected) kase.httpNote = `returned ${http.items} of ${expected} items`;
				line += `, HTTP Request node ${(http.wallMs / 1000).toFixed(2)} s (${http.requests} req, ${http.throttled} throttled, ${http.items} items)`;
			}
		}
		log(line);
		for (const [name, m] of [['node', node], ['sequential', seq], ['HTTP Request', kase.http[kase.http.length - 1]]] as const) {
			for (const r of m?.refused ?? []) {
				const detail = refusalDetail(`${kase.label} run ${run}: ${name}`, r);
				refusals.push(detail);
				log(`  ${detail}`);
			}
		}
	}
}

/** Every 429/503 of the Return All cases, with the arrival gaps before it. */
const refusals: string[] = [];

/** The workflows imported into n8n, by id, as JSON. */
const imported = new Map<string, string>();

/**
 * Fixed ports for the sandboxes, so that every HTTP Request workflow can be built and imported
 * in one CLI call at the start. The keys come from the sandbox seed (1), the same in every one.
 */
const ports: Record<string, { partnerPort: number; clickPort: number }> = {};
async function portsFor(name: string) {
	ports[name] ??= { partnerPort: await freePort(), clickPort: await freePort() };
	return ports[name];
}
const urls = (p: { partnerPort: number; clickPort: number }) => ({
	partnerUrl: `http://127.0.0.1:${p.partnerPort}`,
	clickUrl: `http://127.0.0.1:${p.clickPort}`,
});
const clickWorkflowId = (days: number, latencyMs: number, rate: number) =>
	`bc${days}l${latencyMs}r${rate}${smoke ? 's' : 'f'}`.padEnd(16, '0').slice(0, 16);
const partnerWorkflowId = (cap: number) => `bpcap${cap}${smoke ? 's' : 'f'}`.padEnd(16, '0').slice(0, 16);

async function allWorkflows(keys: { publicKey: string; accessToken: string }): Promise<Array<{ id: string }>> {
	const workflows: Array<{ id: string }> = [];
	if (only.has('click')) {
		for (const size of sizes.click) {
			const { clickUrl } = urls(await portsFor(`click${size.items}`));
			for (const rate of [3, 20]) {
				for (const latencyMs of [50, 200]) {
					workflows.push(
						clickWorkflow(clickWorkflowId(size.days, latencyMs, rate), { clickUrl, publicKey: keys.publicKey, rate, windows: windowsOf(size.days) }) as {
							id: string;
						},
					);
				}
			}
		}
	}
	if (only.has('partner')) {
		const { partnerUrl } = urls(await portsFor('partner'));
		for (const cap of [100, 500]) {
			workflows.push(partnerWorkflow(partnerWorkflowId(cap), { partnerUrl, accessToken: keys.accessToken, rate: 10 }) as { id: string });
		}
	}
	return workflows;
}

/** First executions in a fresh process, without a warm-up, at the service's real 3/s limit. */
const coldStarts: { runs: number; throttled: number; pages: number } = { runs: 0, throttled: 0, pages: 0 };

/**
 * The first request of a fresh process leaves late (new connection, cold code): the pacer gives
 * the gap after it more room. Checked here with short reports (about 10 pages) at 3/s.
 */
async function measureColdStarts(sandbox: SandboxClient, window: { from: string; to: string }) {
	const dateTo = window.to;
	const dateFrom = new Date(Date.parse(`${dateTo}T00:00:00Z`) - (smoke ? 5 : 11) * 86_400_000).toISOString().slice(0, 10);
	const items = await sandbox.countClicks(dateFrom, dateTo);
	await sandbox.configure({ latencyMs: 50, rateLimits: true, clickRequestsPerSecond: 3, clickRequestsPer5Min: 1e9 });
	setPauseForLimits(true);
	const task: WorkerTask = {
		kind: 'clickNode',
		clickUrl: sandbox.state.clickUrl,
		publicKey: sandbox.state.publicKey,
		rate: 3,
		// The credential's default: a fresh process has its own pace, and about 10 pages never meet it.
		maxRequestsPer5Minutes: 100,
		dateFrom,
		dateTo,
		windows: [{ from: dateFrom, to: dateTo }],
		coldStart: true,
	};
	coldStarts.pages = Math.ceil(items / 500);
	for (let run = 1; run <= coldRuns; run++) {
		const measured = await runWorker(task, sandbox);
		if (measured.items !== items) throw new Error(`cold start: the node returned ${measured.items} items, expected ${items}`);
		coldStarts.runs++;
		coldStarts.throttled += measured.throttled;
		log(`cold first execution ${run}/${coldRuns}: ${measured.requests} requests, ${measured.throttled} throttled`);
		for (const r of measured.refused) {
			const detail = refusalDetail(`cold first execution ${run}:`, r);
			refusals.push(detail);
			log(`  ${detail}`);
		}
	}
}

async function clickCases(): Promise<ReturnAllCase[]> {
	const cases: ReturnAllCase[] = [];
	for (const size of sizes.click) {
		const sandbox = await SandboxClient.start({ clickItems: size.items, clickDays: size.days, seed: 1, ...(await portsFor(`click${size.items}`)) });
		try {
			const windows = windowsOf(size.days);
			const counts = await Promise.all(windows.map((w) => sandbox.countClicks(w.from, w.to)));
			const items = counts.reduce((a, b) => a + b, 0);
			const windowPages = counts.map((c) => Math.ceil(c / 500));
			const pages = windowPages.reduce((a, b) => a + b, 0);
			if (size === sizes.click[0]) await measureColdStarts(sandbox, windows[0]);
			for (const rate of [3, 20]) {
				for (const latencyMs of [50, 200]) {
					// At 3/s the service's real per-second limit is on; the 100-per-5-minutes cap is off for
					// every case (it alone would set the time: 200 pages take 10 minutes under it). At 20/s
					// the real limits are off (they would refuse anything above 3/s).
					await sandbox.configure({
						latencyMs,
						rateLimits: rate === 3,
						clickRequestsPerSecond: 3,
						clickRequestsPer5Min: 1e9,
					});
					setPauseForLimits(rate === 3);
					const label = `click ${items.toLocaleString('en-US')} items / ${size.days} d, ${latencyMs} ms, ${rate}/s`;
					const kase: ReturnAllCase = {
						group: 'click',
						label,
						items,
						latencyMs,
						rate,
						runs: rate === 3 && !smoke ? slowRuns : runs,
						pages,
						nodePages: pages,
						pageSize: 500,
						windowPages,
						floorMs: physicalFloorMs(pages, latencyMs, rate),
						scheduleFloorMs: scheduleFloorMs(windowPages, latencyMs, rate),
						realLimits: rate === 3 ? '3/s on, 100/5 min off' : 'off',
						node: [],
						seq: [],
						http: [],
						ratios: { toFloor: [], overSeq: [], overHttp: [] },
					};
					const base = {
						clickUrl: sandbox.state.clickUrl,
						publicKey: sandbox.state.publicKey,
						rate,
						maxRequestsPer5Minutes: NO_WINDOW,
						dateFrom: windows[windows.length - 1].from,
						dateTo: windows[0].to,
						windows,
					};
					const workflow = n8n
						? (clickWorkflow(clickWorkflowId(size.days, latencyMs, rate), {
								clickUrl: sandbox.state.clickUrl,
								publicKey: sandbox.state.publicKey,
								rate,
								windows,
							}) as { id: string })
						: undefined;
					await measureReturnAll(kase, sandbox, { node: { kind: 'clickNode', ...base }, seq: { kind: 'clickSeq', ...base }, workflow });
					cases.push(kase);
				}
			}
		} finally {
			await sandbox.close();
		}
	}
	return cases;
}

async function partnerCases(): Promise<ReturnAllCase[]> {
	const cases: ReturnAllCase[] = [];
	const sandbox = await SandboxClient.start({ seed: 1, lostOrders: sizes.lostOrders, ...(await portsFor('partner')) });
	try {
		const items = sandbox.state.lostOrders;
		for (const cap of [100, 500]) {
			const latencyMs = 200;
			const rate = 10;
			// The partner service's real limit (600 per minute) is on.
			await sandbox.configure({ latencyMs, partnerLimitCap: cap, rateLimits: true, clickRequestsPer5Min: 1e9 });
			setPauseForLimits(true);
			const pages = minimumPages(items, cap);
			// Pages overlap by one record (offsets 0, P − 1, 2(P − 1), …): the node's own count.
			const nodePages = overlappingPages(items, cap);
			const kase: ReturnAllCase = {
				group: 'partner',
				label: `lost orders ${items.toLocaleString('en-US')}, server caps limit at ${cap}, ${latencyMs} ms, ${rate}/s`,
				items,
				latencyMs,
				rate,
				runs,
				pages,
				nodePages,
				pageSize: cap,
				windowPages: [nodePages],
				floorMs: physicalFloorMs(pages, latencyMs, rate),
				scheduleFloorMs: scheduleFloorMs([nodePages], latencyMs, rate),
				realLimits: '600/min on',
				node: [],
				seq: [],
				http: [],
				ratios: { toFloor: [], overSeq: [], overHttp: [] },
			};
			const base = { partnerUrl: sandbox.state.partnerUrl, accessToken: sandbox.state.accessToken, rate };
			const workflow = n8n ? (partnerWorkflow(partnerWorkflowId(cap), base) as { id: string }) : undefined;
			await measureReturnAll(kase, sandbox, { node: { kind: 'partnerNode', ...base }, seq: { kind: 'partnerSeq', ...base }, workflow });
			cases.push(kase);
		}
	} finally {
		await sandbox.close();
	}
	return cases;
}

interface OverheadResult {
	items: number;
	node: Measured[];
	seq: Measured[];
	toItemsMsPer10k: number;
	profile?: ProfileBreakdown;
}

async function overheadCase(): Promise<OverheadResult> {
	const sandbox = await SandboxClient.start({ clickItems: sizes.overheadItems, clickDays: 120, seed: 1, latencyMs: 0 });
	setPauseForLimits(false);
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-bench-profile-'));
	try {
		const windows = windowsOf(120);
		const items = await sandbox.countClicks(windows[0].from, windows[0].to);
		const base = {
			clickUrl: sandbox.state.clickUrl,
			publicKey: sandbox.state.publicKey,
			rate: 1000,
			maxRequestsPer5Minutes: NO_WINDOW,
			dateFrom: windows[0].from,
			dateTo: windows[0].to,
			windows,
		};
		const result: OverheadResult = { items, node: [], seq: [], toItemsMsPer10k: NaN };
		const microbench: number[] = [];
		for (let run = 1; run <= runs; run++) {
			const node = await runWorker({ kind: 'clickNode', ...base, microbench: true }, sandbox);
			const seq = await runWorker({ kind: 'clickSeq', ...base }, sandbox);
			result.node.push(node);
			result.seq.push(seq);
			microbench.push(node.microbench?.toItemsMsPer10k ?? NaN);
			log(
				`overhead run ${run}/${runs}: node CPU ${(node.cpuUserMs + node.cpuSystemMs).toFixed(0)} ms, plain fetch CPU ${(seq.cpuUserMs + seq.cpuSystemMs).toFixed(0)} ms for ${items} items`,
			);
		}
		result.toItemsMsPer10k = median(microbench);
		const profileFile = join(scratch, 'node.cpuprofile');
		const profiled = await runWorker({ kind: 'clickNode', ...base, profileFile }, sandbox);
		result.profile = breakdown(JSON.parse(readFileSync(profileFile, 'utf8')), profiled.cpuUserMs + profiled.cpuSystemMs);
		return result;
	} finally {
		rmSync(scratch, { recursive: true, force: true });
		await sandbox.close();
	}
}

// ---------------------------------------------------------------------------------------------
// Report

/** Partner lists: the fewest pages, ceil(n / P), and the overlapping pages the node reads by design. */
const pagesCell = (c: ReturnAllCase) => (c.group === 'partner' ? `${c.pages} / ${c.nodePages}` : `${c.pages}`);
const minimumCell = (c: ReturnAllCase) => (c.group === 'partner' ? `ceil(n/P) ${c.pages}; overlapping pages ${c.nodePages}` : `min. ${c.pages}`);

function returnAllTables(cases: ReturnAllCase[]): string[] {
	const lines: string[] = [];
	const pagesHeader = cases[0]?.group === 'partner' ? "Pages: ceil(n/P) / node's overlapping pages" : 'Pages (min. requests)';
	lines.push(
		`| Case | Runs | ${pagesHeader} | Floor | Node (n8n-core) | Node ÷ floor | Node\'s schedule floor | Sequential loop | Speed-up over sequential | HTTP Request node (n8n) | Speed-up over HTTP Request |`,
		'|---|---|---|---|---|---|---|---|---|---|---|',
	);
	for (const c of cases) {
		const http = c.http.length
			? `${s(median(c.http.map((h) => h.wallMs)))}${c.httpNote ? ` (⚠ ${c.httpNote})` : ''}`
			: c.httpNote ?? n8nSkipped ?? 'n/a';
		lines.push(
			`| ${c.label} | ${c.runs} | ${pagesCell(c)} | ${s(c.floorMs)} | ${s(median(c.node.map((m) => m.wallMs)))} | ${x(median(c.ratios.toFloor))} | ${s(c.scheduleFloorMs)} (${x(c.scheduleFloorMs / c.floorMs)}) | ${s(median(c.seq.map((m) => m.wallMs)))} | ${x(median(c.ratios.overSeq))} | ${http} | ${c.ratios.overHttp.length ? x(median(c.ratios.overHttp)) : 'n/a'} |`,
		);
	}
	lines.push('');
	lines.push(
		'| Case | Real limits | Requests: node / sequential / HTTP Request | 429 or 503: node / sequential / HTTP Request | JSON fetched | Node peak RSS | Node RSS growth | per 10,000 items | growth ÷ JSON | Node live heap after GC ÷ JSON | Node response buffers awaiting GC, peak ÷ JSON | Sequential RSS growth ÷ JSON | n8n process peak (HTTP Request) |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|',
	);
	for (const c of cases) {
		const buffers = median(c.node.map((m) => m.sampledPeakArrayBuffers - m.baselineArrayBuffers));
		const growth = c.node.map((m) => m.peakRss - m.baselineRss);
		const json = median(c.seq.map((m) => m.jsonBytes ?? NaN));
		const httpPeak = c.http.length ? median(c.http.map((h) => h.peakRss)) : NaN;
		const live = median(c.node.map((m) => m.liveHeapAfterGc - m.baselineHeapUsed));
		lines.push(
			`| ${c.label} | ${c.realLimits} | ${ints(c.node.map((m) => m.requests))} / ${ints(c.seq.map((m) => m.requests))} / ${ints(c.http.map((h) => h.requests))} (${minimumCell(c)}) | ${ints(c.node.map((m) => m.throttled))} / ${ints(c.seq.map((m) => m.throttled))} / ${ints(c.http.map((h) => h.throttled))} | ${mb(json)} | ${mb(median(c.node.map((m) => m.peakRss)))} | ${mb(median(growth))} | ${mb(median(growth) / (c.items / 10_000))} | ${x(median(growth) / json)} | ${x(live / json)} | ${x(buffers / json)} | ${x(median(c.seq.map((m) => m.peakRss - m.baselineRss)) / json)} | ${Number.isFinite(httpPeak) ? `${mb(httpPeak)} (idle run: ${mb(n8nBaselineRss ?? NaN)})` : 'n/a'} |`,
		);
	}
	return lines;
}

function overheadTable(o: OverheadResult): string[] {
	const per10k = (ms: number) => (ms / o.items) * 10_000;
	const nodeCpu = median(o.node.map((m) => m.cpuUserMs + m.cpuSystemMs));
	const seqCpu = median(o.seq.map((m) => m.cpuUserMs + m.cpuSystemMs));
	const lines = [
		`${o.items.toLocaleString('en-US')} click items in one window, latency 0, no pacing (Max Requests per Second 1000); medians of ${o.node.length} runs; CPU is user + system of the measuring process only (the sandbox runs in another).`,
		'',
		'| Measure | CPU per 10,000 items |',
		'|---|---|',
		`| Node through n8n-core (HTTP, JSON, transport, pagination, items, WorkflowExecute) | ${per10k(nodeCpu).toFixed(0)} ms |`,
		`| Plain fetch + JSON.parse of the same pages (sequential loop) | ${per10k(seqCpu).toFixed(0)} ms |`,
		`| Difference: n8n's HTTP stack, n8n-core and the node | ${per10k(nodeCpu - seqCpu).toFixed(0)} ms |`,
		`| The node's own item transform and pairing (\`toItems\`, microbenchmark) | ${o.toItemsMsPer10k.toFixed(2)} ms |`,
		`| Node wall time, whole run | ${s(median(o.node.map((m) => m.wallMs)))} (plain fetch: ${s(median(o.seq.map((m) => m.wallMs)))}) |`,
	];
	if (o.profile) {
		lines.push(
			'',
			`CPU profile of one node run (sampled ${o.profile.totalSampledMs.toFixed(0)} ms of ${o.profile.cpuMs.toFixed(0)} ms CPU), self time by where the code lives:`,
			'',
			'| Where | Self time | Share |',
			'|---|---|---|',
			...o.profile.categories.slice(0, 12).map((c) => `| ${c.name} | ${c.ms.toFixed(0)} ms | ${(c.share * 100).toFixed(1)}% |`),
			'',
			'Top functions by self time:',
			'',
			'| Function | Self time |',
			'|---|---|',
			...o.profile.top.map((f) => `| \`${f.name.replace(/\|/g, '\\|')}\` | ${f.ms.toFixed(0)} ms |`),
		);
	}
	return lines;
}

/** The issue's targets against what this run measured (medians; worst case over the cases). */
function targetsTable(click: ReturnAllCase[], partner: ReturnAllCase[], report?: TriggerReport, window?: WindowResult): string[] {
	const trigger = report?.result;
	const all = [...click, ...partner];
	if (!all.length && !report && !window) return [];
	const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
	const rows: string[] = ['## Targets (issue 6)', '', '| Target | Measured | |', '|---|---|---|'];
	const worst = (cases: ReturnAllCase[]) => Math.max(...cases.map((c) => median(c.ratios.toFloor)));
	if (click.length) rows.push(`| Return All within 1.1× of the floor: Click Report | ${x(worst(click))} at worst (${click.map((c) => x(median(c.ratios.toFloor))).join(', ')}) | ${mark(worst(click) <= 1.1)} |`);
	if (partner.length) {
		rows.push(
			`| Return All within 1.1× of the floor: lost orders | ${partner.map((c) => `${x(median(c.ratios.toFloor))} (schedule floor ${x(c.scheduleFloorMs / c.floorMs)})`).join(', ')} | ${mark(worst(partner) <= 1.1)} |`,
		);
	}
	if (all.length) {
		// The node against its own design: ceil(n / 500) per click window; a partner list's pages overlap by one record.
		const extra = all.flatMap((c) => c.node.map((m) => m.requests - c.nodePages));
		const overMinimum = partner.map(
			(c) =>
				`${[...new Set(c.node.map((m) => m.requests - c.pages))].map((e) => (e >= 0 ? `+${e}` : `${e}`)).join('/')} at P = ${c.pageSize} (${ints(c.node.map((m) => m.requests))} vs ${c.pages})`,
		);
		rows.push(
			`| Exactly the minimum number of requests | node requests − the node's design (click: ceil(n/500) per 120-day window; lost orders: 1 + ceil((n − P)/(P − 1)) pages overlapping by one record): ${ints(extra)} in every run${partner.length ? `; lost orders over ceil(n/P): ${overMinimum.join(', ')}` : ''} | ${mark(extra.every((e) => e === 0))} |`,
		);
		const limited = all.filter((c) => c.realLimits !== 'off');
		const refused = limited.flatMap((c) => c.node.map((m) => m.throttled)).reduce((a, b) => a + b, 0);
		const triggerRefused = trigger
			? [trigger.setup, ...trigger.idle, trigger.fullReadIdle, trigger.changes.withWindow, trigger.changes.alone].reduce((a, c) => a + c.throttled, 0)
			: 0;
		rows.push(
			`| Zero 429s at the real rate limits | Return All: ${refused} in ${limited.reduce((a, c) => a + c.node.length, 0)} runs with real limits${coldStarts.runs ? `; first executions in a fresh process (${coldStarts.pages} pages at 3/s): ${coldStarts.throttled} in ${coldStarts.runs}` : ''}${trigger ? `; trigger polls: ${triggerRefused}` : ''} | ${mark(refused + coldStarts.throttled + triggerRefused === 0)} |`,
		);
		const fast = click.filter((c) => c.latencyMs === 200 && c.rate === 20 && c.ratios.overHttp.length);
		if (fast.length) {
			const least = Math.min(...fast.map((c) => median(c.ratios.overHttp)));
			rows.push(`| ≥3× faster than the HTTP Request node at 200 ms and 20 req/s | ${fast.map((c) => x(median(c.ratios.overHttp))).join(', ')} | ${mark(least >= 3)} |`);
		}
		const memory = click.map((c) => median(c.node.map((m) => m.peakRss - m.baselineRss)) / median(c.seq.map((m) => m.jsonBytes ?? NaN)));
		const live = click.map((c) => median(c.node.map((m) => m.liveHeapAfterGc - m.baselineHeapUsed)) / median(c.seq.map((m) => m.jsonBytes ?? NaN)));
		const buffers = click.map(
			(c) => median(c.node.map((m) => m.sampledPeakArrayBuffers - m.baselineArrayBuffers)) / median(c.seq.map((m) => m.jsonBytes ?? NaN)),
		);
		if (click.length) {
			rows.push(
				`| Peak memory ≤ 2.5× the JSON bytes fetched (Click Report) | peak RSS growth ${x(Math.min(...memory))}–${x(Math.max(...memory))}; of it, the items the run returns (live heap after GC) ${x(Math.min(...live))}–${x(Math.max(...live))} and the HTTP client's response buffers awaiting V8's next GC up to ${x(Math.max(...buffers))} | ${mark(Math.max(...memory) <= 2.5)} |`,
			);
		}
	}
	if (report) rows.push(...triggerTargets(report, mark));
	if (window) rows.push(windowTarget(window, mark));
	return rows;
}

// ---------------------------------------------------------------------------------------------

async function main() {
	const started = performance.now();
	mkdirSync(resultsDir, { recursive: true });
	log(`${smoke ? 'smoke run' : 'full run'}: ${cpus().length} cores, runs ${runs}${smoke ? '' : `, rate-3 click cases ${slowRuns}`}, parts: ${[...only].join(', ')}`);
	if (useN8n && (only.has('click') || only.has('partner'))) {
		const started = await startN8nRuntime(log, flag('install-n8n'));
		if ('skipped' in started) {
			n8nSkipped = started.skipped;
			log(`HTTP Request node column skipped: ${n8nSkipped}`);
		} else {
			n8n = started;
			// The resident memory of `n8n execute` for a run that fetches one empty page.
			const idle = await SandboxClient.start({ clickItems: 10, clickDays: 1, seed: 1 });
			try {
				const workflow = clickWorkflow(`bidle${smoke ? 's' : 'f'}`.padEnd(16, '0'), {
					clickUrl: idle.state.clickUrl,
					publicKey: idle.state.publicKey,
					rate: 20,
					windows: [{ from: '2001-01-01', to: '2001-01-02' }],
				});
				const workflows = [workflow as { id: string }, ...(await allWorkflows(idle.state))];
				await n8n.importWorkflows(workflows);
				for (const w of workflows) imported.set(w.id, JSON.stringify(w));
				const run = await n8n.execute((workflow as { id: string }).id);
				if (run.error) throw new Error(`n8n could not run the HTTP Request node: ${run.error}`);
				n8nBaselineRss = run.peakRss;
				log(`n8n ${n8n.version} ready: an idle run peaks at ${mb(run.peakRss)}, the process takes ${s(run.processMs)}`);
			} finally {
				await idle.close();
			}
		}
	} else if (!useN8n) {
		n8nSkipped = smoke ? 'skipped in the smoke run (add --with-n8n to include it)' : 'skipped (--no-n8n)';
	}

	const results: Record<string, unknown> = { smoke, runs, slowRuns, cores: cpus().length };
	let click: ReturnAllCase[] = [];
	let partner: ReturnAllCase[] = [];
	let trigger: TriggerReport | undefined;
	let overhead: OverheadResult | undefined;
	let window: WindowResult | undefined;
	try {
		if (only.has('click')) results.click = click = await clickCases();
		if (only.has('partner')) results.partner = partner = await partnerCases();
		if (only.has('window')) {
			const period = windowsOf(sizes.window.days)[0];
			results.window = window = await windowCase({ ...sizes.window, period, latencyMs: 50 });
		}
		if (only.has('overhead')) results.overhead = overhead = await overheadCase();
		if (only.has('trigger')) {
			log('trigger: idle polls, a poll with changes');
			trigger = { task: triggerTask, day: triggerDay, noWindow: NO_WINDOW, days: [], backlogTask: triggerBacklog };
			results.trigger = trigger;
			trigger.result = await runTrigger(triggerTask);
			log(`trigger: a backlog of ${triggerBacklog.changes.toLocaleString('en-US')} changes at 3/s and 100 per 5 minutes`);
			trigger.backlog = await runTrigger(triggerBacklog);
			log(`trigger: backlog drained by poll ${trigger.backlog.drainedBy ?? 'none'}, ${trigger.backlog.requests} requests, ${trigger.backlog.throttled} 429s`);
			log(`trigger: a simulated day at each skew of the service's clock (${TRIGGER_SKEWS_MINUTES.join(', ')} min), ${triggerDaysAtOnce} at once`);
			trigger.days = await runTriggerDays(triggerDay, TRIGGER_SKEWS_MINUTES, triggerDaysAtOnce);
		}
	} finally {
		n8n?.close();
		writeFileSync(join(resultsDir, `results-${smoke ? 'smoke' : 'full'}.json`), JSON.stringify(results, null, 2));
	}

	const minutes = (performance.now() - started) / 60_000;
	const md: string[] = [
		smoke ? '# Benchmarks (smoke run: tiny sizes, not the real figures)' : '# Benchmarks',
		'',
		`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.versions.node}; n8n-core 2.41.1 for this package's nodes${n8n ? `, n8n ${n8n.version} (its own Node 24) for the HTTP Request node` : ''}. The whole bench took ${minutes.toFixed(1)} minutes. The machine is shared: read the ratios (measured in the same run, back to back), not the absolute times.`,
		'',
		'Reproduce from a fresh clone:',
		'',
		'```bash',
		'npm ci',
		'node scripts/n8n-runtime/runtime.mjs install   # once: the real n8n for the HTTP Request node column (else it is skipped)',
		`npm run bench${smoke ? ':smoke' : ''}${!smoke && slowRuns !== 1 ? ` -- --slow-runs=${slowRuns}` : ''}`,
		'```',
		'',
		'How it is measured:',
		'',
		'- The sandbox runs in a process of its own; each measured run of the node or of the sequential loop runs in a fresh process, which first warms up with one small request. Peak RSS is that process\'s `maxRSS`; "RSS growth" is peak minus the resident memory after the warm-up and a full GC.',
		'- **Node (n8n-core)**: the node as n8n runs it, through `WorkflowExecute` of n8n-core (test/harness), credential pace = Max Requests per Second.',
		'- **Sequential loop**: what a hand-written loop does, one page at a time with `fetch`, paced by the same `RequestPacer` as the node (same spacing and margin), stopping at `meta.total` (no empty page).',
		'- **Floor** = latency + (pages − 1) / rate: the first answer needs one round trip and the requests cannot be closer than the rate allows. **Node\'s schedule floor**: the same at zero CPU, with the one dependency the node cannot avoid: the first page of each 120-day window (it tells the total and, for lost orders, the real page size) must come back before the rest of that window is asked for; the windows\' first pages go out at once. Lost orders: the node reads pages that overlap by one record (offsets 0, P − 1, 2(P − 1), …, to prove that they meet), 1 + ceil((n − P) / (P − 1)) pages for n records at page size P; the floor keeps the fewest pages, ceil(n / P), and the schedule floor counts the pages the node must read.',
		`- **HTTP Request node**: n8n's own node (v4.2) with its pagination, inside the real n8n (\`n8n execute\`, scripts/n8n-runtime), built the way a careful user would: offset \`{{ $pageCount * 500 }}\`, complete when \`meta.offset + data.length >= meta.total\` (no extra empty page), Interval Between Requests = 1000 / rate ms; the 120-day windows as items through Loop Over Items with a Wait of one interval between windows (given as plain input items, the node pages them concurrently, doubling the pace, and without the Wait the next window starts at once: both met 429s at the real 3/s limit, and the node then returns the 429 body as a page and reports success with items missing); then Split Out of \`data\`. Its time runs from the start of the HTTP Request node's first run to the end of its last, plus the Split Out, from the run data: n8n's start-up is not counted. For lost orders the offset advances by what the previous page returned and it completes at \`_meta.count\`. Its memory is the whole n8n process (which also prints the run data as JSON at the end), so only its peak is shown.`,
		`- Requests and 429/503 answers are counted by the sandbox. Rate-3 click cases run with the click service\'s real 3 requests per second on; the 100 requests per 5 minutes cap is off for every case but the one with both limits (it alone would set the time: the 201 pages of 100,000 items in two windows would take 10 minutes under it), and their credentials set Max Requests per 5 Minutes to ${NO_WINDOW.toLocaleString('en-US')} so that the node's own 5-minute window does not hold them either (the cold first executions keep the default 100: each is a fresh process reading about 10 pages). Rate-20 cases run with the real limits off. Lost orders run with the partner service's real 600 per minute on.`,
		'- Memory ratios mean something for the click cases (13–27 MB of JSON); for the lost orders (0.5 MB) the growth is mostly fixed costs (JIT code, connection pools), not data. "Live heap after GC" is the heap the run\'s output still holds after a full GC, over the heap before the run: what the items really cost, without the garbage a GC has not collected yet. "Response buffers awaiting GC" is the peak of the process\'s ArrayBuffer memory (sampled every 50 ms) over its level before the run: the raw bodies n8n\'s HTTP client (axios) read and concatenated, garbage once parsed but freed only when V8 next collects; after a full GC it is back to its level before the run.',
		`- Cold first executions: ${coldRuns} runs of the node in a fresh process without the warm-up (a first execution after n8n starts), on a report of about 10 pages at the real 3/s limit, counting 429s.`,
		`- Medians of ${runs} runs; the rate-3 click cases (pacing-bound, 34–70 s per run for each column) ${slowRuns === 1 && !smoke ? 'run once each to keep the bench under about 40 minutes' : `run ${smoke ? runs : slowRuns} time(s)`}, and the case with both limits (about 5.6 minutes) once. Ratios are medians of per-run ratios.`,
		'',
	];
	if (n8nSkipped) md.push(`**HTTP Request node column: ${n8nSkipped}.**`, '');
	md.push(...targetsTable(click, partner, trigger, window), '');
	if (click.length) md.push('## Click Report, Return All', '', ...returnAllTables(click), '');
	if (partner.length) md.push('## Affiliate Partner, Return All (lost orders)', '', ...returnAllTables(partner), '');
	if (window) md.push('## Click Report, Return All with both limits (3 per second and 100 per 5 minutes)', '', ...windowSection(window, smoke));
	if (refusals.length) md.push('Every 429/503 answer of these runs, with the arrival times (sandbox clock) of the requests before it:', '', ...refusals.map((r) => `- ${r}`), '');
	if (trigger) md.push('## Click Report Trigger', '', ...triggerTables(trigger), '');
	if (overhead) md.push('## Overhead: the node\'s own CPU', '', ...overheadTable(overhead), '');
	const report = md.join('\n');
	writeFileSync(outFile, `${report}\n`);
	console.log(`\n${report}\n`);
	log(`written to ${outFile} (raw results in ${resultsDir})`);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
