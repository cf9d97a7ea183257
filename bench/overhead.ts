// The node's own CPU: 50,000 click items in one window with no pacing, against plain fetch of the
// same pages, with a CPU profile of one run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startBenchSandbox } from './benchSandbox';
import { log, median, s } from './common';
import { breakdown, type ProfileBreakdown } from './profile';
import { runWorker, setPauseForLimits, type Measured } from './runs';
import { NO_WINDOW, runs, sizes, windowsOf } from './scenarios';

export interface OverheadResult {
	items: number;
	node: Measured[];
	seq: Measured[];
	toItemsMsPer10k: number;
	profile?: ProfileBreakdown;
}

export async function overheadCase(): Promise<OverheadResult> {
	const sandbox = await startBenchSandbox({ clickItems: sizes.overheadItems, clickDays: 120, seed: 1, latencyMs: 0 });
	setPauseForLimits(false);
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-bench-profile-'));
	try {
		const windows = windowsOf(120);
		const items = await sandbox.client.countClicks(windows[0].from, windows[0].to);
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
		await sandbox.stop();
	}
}


export function overheadTable(o: OverheadResult): string[] {
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
