// How a link case (linkCases.ts) is measured: a full request's answer time, the node's runs in
// fresh processes (worker.ts, linkRunners.ts), each shape of the input, and the HTTP Request node's
// runs in the real n8n.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BenchSandbox } from './benchSandbox';
import { log, median, sleep } from './common';
import { linkCpu, type LinkCpu } from './linkProfile';
import type { LinkNodeTask } from './linkRunners';
import { httpNodeColumn, imported } from './returnAll';
import { runHttpNode, runWorker, type HttpMeasured, type Measured } from './runs';
import { runs, slowRuns, smoke } from './scenarios';

export interface LinkCase {
	operation: 'deeplink' | 'resolve';
	/**
	 * All URLs in one input item rather than one item each: the same requests without n8n
	 * resolving the URLs field once per item, which is most of the time the node takes over its
	 * floor with 1,000 items (n8n-core's expression evaluation, before any request is sent).
	 */
	inOneItem: boolean;
	label: string;
	urls: number;
	perRequest: number;
	/** ceil(URLs / URLs per request): the requests of the node's design. */
	requests: number;
	/** How long a request of `perRequest` URLs takes to answer (latency set + the sandbox's own time), median of 3. */
	latencyMs: number;
	rate: number;
	realLimits: string;
	runs: number;
	/** The requests at the pace (and window) with one latency at the end; the target's floor. */
	floorMs: number;
	/** The same requests one after the other, each waiting for the answer before (a node with one request in flight). */
	oneAtATimeFloorMs: number;
	/** One request per URL at the same pace: what the HTTP Request node cannot beat. */
	httpFloorMs: number;
	node: Measured[];
	/**
	 * n8n's per-item floor (linkFloor.ts): the same workflow with a node that reads the same
	 * parameters for every item and sends nothing; fresh processes, as the node's runs.
	 */
	perItemFloor: Measured[];
	/** Where one more run's CPU went (1 item each, full runs only): the package's own code against n8n's. */
	cpu?: LinkCpu;
	http: HttpMeasured[];
	httpNote?: string;
	/** toFloorAndPerItem: each node run ÷ (floor + the per-item floor's median), the target's measure. */
	ratios: { toFloor: number[]; toFloorAndPerItem: number[]; httpOverNode: number[] };
}

/** The median answer time of 3 requests of a full batch, `gapMs` apart (within the service's limits). */
export async function answerTimeMs(request: () => Promise<Response>, gapMs: number): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < 3; i++) {
		const started = performance.now();
		const response = await request();
		const text = await response.text();
		if (!response.ok) throw new Error(`a full batch: HTTP ${response.status} ${text.slice(0, 200)}`);
		times.push(performance.now() - started);
		await sleep(gapMs);
	}
	return median(times);
}

/** The node's runs. */
async function measureNode(kase: LinkCase, sandbox: BenchSandbox, node: LinkNodeTask): Promise<void> {
	for (let run = 1; run <= kase.runs; run++) {
		const measured = await runWorker(node, sandbox);
		if (measured.items !== kase.urls) throw new Error(`${kase.label}: the node output ${measured.items} items for ${kase.urls} URLs`);
		kase.node.push(measured);
		kase.ratios.toFloor.push(measured.wallMs / kase.floorMs);
		log(`${kase.label} run ${run}/${kase.runs}: node ${(measured.wallMs / 1000).toFixed(2)} s (${measured.requests} req, ${measured.throttled} throttled)`);
	}
}

/** n8n's per-item floor: the floor node's runs, each in a fresh process; then each node run against floor + its median. */
async function measurePerItemFloor(kase: LinkCase, sandbox: BenchSandbox, node: LinkNodeTask): Promise<void> {
	for (let run = 1; run <= kase.runs; run++) {
		const measured = await runWorker({ ...node, perItemFloor: true }, sandbox);
		if (measured.items !== kase.urls || measured.requests !== 0) throw new Error(`${kase.label}: the per-item floor output ${measured.items} items with ${measured.requests} requests`);
		kase.perItemFloor.push(measured);
		log(`${kase.label} run ${run}/${kase.runs}: n8n per-item floor ${(measured.wallMs / 1000).toFixed(2)} s`);
	}
	const perItemMs = median(kase.perItemFloor.map((m) => m.wallMs));
	kase.ratios.toFloorAndPerItem = kase.node.map((m) => m.wallMs / (kase.floorMs + perItemMs));
}

/** One more node run with a CPU profile (not among the measured runs: the profiler slows it). */
async function profileNode(kase: LinkCase, sandbox: BenchSandbox, node: LinkNodeTask): Promise<void> {
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-bench-links-'));
	try {
		const profileFile = join(scratch, 'node.cpuprofile');
		await runWorker({ ...node, profileFile }, sandbox);
		kase.cpu = linkCpu(profileFile);
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}

/** The HTTP Request node's runs (Deeplink → Create only). */
async function measureHttpNode(kase: LinkCase, sandbox: BenchSandbox, workflow: { id: string }): Promise<void> {
	if (!httpNodeColumn.n8n) return;
	if (JSON.stringify(workflow) !== imported.get(workflow.id)) await httpNodeColumn.n8n.importWorkflow(workflow);
	// Each run is 1,000 requests at the pace (about 100 s), bound by the pace alone: run as the rate-3 click cases are.
	for (let run = 1; run <= (smoke ? runs : slowRuns); run++) {
		const http = await runHttpNode(httpNodeColumn.n8n, workflow.id, sandbox);
		if (http.error) {
			kase.httpNote = `HTTP Request node failed: ${http.error.split('\n')[0]}`;
			log(`${kase.label}: HTTP Request node FAILED (${http.requests} req, ${http.throttled} throttled): ${http.error.split('\n')[0]}`);
			return;
		}
		kase.http.push(http);
		kase.ratios.httpOverNode.push(http.wallMs / median(kase.node.map((m) => m.wallMs)));
		if (http.items !== kase.urls) kase.httpNote = `output ${http.items} items for ${kase.urls} URLs`;
		log(`${kase.label}: HTTP Request node ${(http.wallMs / 1000).toFixed(2)} s (${http.requests} req, ${http.throttled} throttled, ${http.items} items)`);
	}
}

export type CaseTemplate = Omit<LinkCase, 'inOneItem' | 'node' | 'perItemFloor' | 'cpu' | 'http' | 'ratios' | 'requests' | 'runs'>;

/**
 * The case with one input item per URL, then with all URLs in one item, then the HTTP Request node
 * beside the first: its 1,000 requests fill the partner service's minute, so they come last.
 */
export async function measureShapes(
	template: CaseTemplate,
	shapes: { inOneItem: boolean[] },
	sandbox: BenchSandbox,
	node: LinkNodeTask,
	workflow?: { id: string },
): Promise<LinkCase[]> {
	const cases: LinkCase[] = [];
	for (const inOneItem of shapes.inOneItem) {
		const kase: LinkCase = {
			...template,
			inOneItem,
			label: `${template.label}, ${inOneItem ? 'all in 1 item' : '1 item each'}`,
			requests: Math.ceil(template.urls / template.perRequest),
			runs,
			node: [],
			perItemFloor: [],
			http: [],
			ratios: { toFloor: [], toFloorAndPerItem: [], httpOverNode: [] },
		};
		await measureNode(kase, sandbox, { ...node, inOneItem });
		await measurePerItemFloor(kase, sandbox, { ...node, inOneItem });
		if (!smoke && !inOneItem) await profileNode(kase, sandbox, { ...node, inOneItem });
		cases.push(kase);
	}
	const perItem = cases.find((c) => !c.inOneItem);
	if (workflow && perItem) await measureHttpNode(perItem, sandbox, workflow);
	return cases;
}
