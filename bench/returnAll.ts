// The Return All cases: the Click Report and the Affiliate Partner node against the floor, a
// sequential loop and n8n's own HTTP Request node, in fresh processes against a sandbox of their own;
// the first executions of a fresh process at the real 3/s limit are in coldStarts.ts.
import { log, refusalDetail } from './common';
import { portsFor, startBenchSandbox, urls, type BenchSandbox } from './benchSandbox';
import { measureColdStarts } from './coldStarts';
import { minimumPages, overlappingPages, physicalFloorMs, scheduleFloorMs } from './floors';
import type { N8nRuntime } from './httpRequestNode';
import { clickWorkflow, partnerWorkflow } from './httpRequestWorkflows';
import { runHttpNode, runWorker, setPauseForLimits, type HttpMeasured, type Measured } from './runs';
import { NO_WINDOW, only, runs, sizes, slowRuns, smoke, windowsOf } from './scenarios';
import type { WorkerTask } from './worker';

export interface ReturnAllCase {
	/** click, partner (lost orders), the conversion lists: actions, report, clickActions (conversionCases.ts); partnerCoupons, clickCursorList (couponCases.ts). */
	group: 'click' | 'partner' | 'actions' | 'report' | 'clickActions' | 'partnerCoupons' | 'clickCursorList';
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

/** n8n for the HTTP Request node column: the runtime, or why the column is skipped, and an idle run's memory. */
export const httpNodeColumn: { n8n?: N8nRuntime; skipped?: string; baselineRss?: number } = {};


export async function measureReturnAll(
	kase: ReturnAllCase,
	sandbox: BenchSandbox,
	tasks: { node: WorkerTask; seq: WorkerTask; workflow?: { id: string } },
): Promise<void> {
	const expected = kase.items;
	let workflowId: string | undefined;
	if (httpNodeColumn.n8n && tasks.workflow) {
		workflowId = tasks.workflow.id;
		// Imported up front with the others; again here only if it differs (other ports or keys).
		if (JSON.stringify(tasks.workflow) !== imported.get(workflowId)) await httpNodeColumn.n8n.importWorkflow(tasks.workflow);
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
		if (httpNodeColumn.n8n && workflowId) {
			const http = await runHttpNode(httpNodeColumn.n8n, workflowId, sandbox);
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
export const refusals: string[] = [];

/** The workflows imported into n8n, by id, as JSON. */
export const imported = new Map<string, string>();

const clickWorkflowId = (days: number, latencyMs: number, rate: number) =>
	`bc${days}l${latencyMs}r${rate}${smoke ? 's' : 'f'}`.padEnd(16, '0').slice(0, 16);
const partnerWorkflowId = (cap: number) => `bpcap${cap}${smoke ? 's' : 'f'}`.padEnd(16, '0').slice(0, 16);

export async function allWorkflows(keys: { publicKey: string; accessToken: string }): Promise<Array<{ id: string }>> {
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

export async function clickCases(): Promise<ReturnAllCase[]> {
	const cases: ReturnAllCase[] = [];
	for (const size of sizes.click) {
		const sandbox = await startBenchSandbox({ clickItems: size.items, clickDays: size.days, seed: 1, ...(await portsFor(`click${size.items}`)) });
		try {
			const windows = windowsOf(size.days);
			const counts = await Promise.all(windows.map((w) => sandbox.client.countClicks(w.from, w.to)));
			const items = counts.reduce((a, b) => a + b, 0);
			const windowPages = counts.map((c) => Math.ceil(c / 500));
			const pages = windowPages.reduce((a, b) => a + b, 0);
			if (size === sizes.click[0]) await measureColdStarts(sandbox, windows[0]);
			for (const rate of [3, 20]) {
				for (const latencyMs of [50, 200]) {
					// At 3/s the service's real per-second limit is on; the 100-per-5-minutes cap is off for
					// every case (it alone would set the time: 200 pages take 10 minutes under it). At 20/s
					// the real limits are off (they would refuse anything above 3/s).
					await sandbox.client.configure({
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
					const workflow = httpNodeColumn.n8n
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
			await sandbox.stop();
		}
	}
	return cases;
}

export async function partnerCases(): Promise<ReturnAllCase[]> {
	const cases: ReturnAllCase[] = [];
	const sandbox = await startBenchSandbox({ seed: 1, lostOrders: sizes.lostOrders, ...(await portsFor('partner')) });
	try {
		const items = sandbox.state.counts.lostOrders;
		for (const cap of [100, 500]) {
			const latencyMs = 200;
			const rate = 10;
			// The partner service's real limit (600 per minute) is on.
			await sandbox.client.configure({ latencyMs, partnerLimitCap: cap, rateLimits: true, clickRequestsPer5Min: 1e9 });
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
			const workflow = httpNodeColumn.n8n ? (partnerWorkflow(partnerWorkflowId(cap), base) as { id: string }) : undefined;
			await measureReturnAll(kase, sandbox, { node: { kind: 'partnerNode', ...base }, seq: { kind: 'partnerSeq', ...base }, workflow });
			cases.push(kase);
		}
	} finally {
		await sandbox.stop();
	}
	return cases;
}
