// A click Return All at both of the service's real limits: 3 requests per second and 100 per
// 5 minutes. 200 pages cannot be read in less than t_200 = 333 s: the 101st request must wait
// until the 1st is 5 minutes old. Measures the node against that floor, and that the service
// never refuses a request (429) on the way.
import { log, mb, refusalDetail, s, x } from './common';
import { windowFloorMs } from './floors';
import { runWorker, setPauseForLimits, type Measured } from './runs';
import { startBenchSandbox } from './benchSandbox';

/** The click service's limits, as the sandbox enforces them with `rateLimits` on. */
const PER_SECOND = 3;
const PER_WINDOW = 100;
const WINDOW_MS = 300_000;
/** The node says how long a Return All takes when it will wait longer than this (clickPages.ts). */
const ANNOUNCED_OVER_MS = 30_000;
const PAGE_SIZE = 500;

export interface WindowResult {
	label: string;
	items: number;
	pages: number;
	latencyMs: number;
	floorMs: number;
	node: Measured;
	ratio: number;
	/** Whether the node should say how long it takes: its wait for the pages after the first exceeds 30 s. */
	announceDue: boolean;
	/** The node's line about the expected duration, when it logged one. */
	durationLog?: string;
	refusals: string[];
}

/**
 * One run, in a fresh process through n8n-core's WorkflowExecute, like the other cases. The
 * worker warms up against another sandbox: another origin is another account, so the measured
 * run starts with its pace and its 5-minute window untouched, as after a quiet spell; a warm-up
 * on the same account would sit in the window and hold the 100th page for 5 minutes.
 */
export async function windowCase(options: {
	items: number;
	days: number;
	period: { from: string; to: string };
	latencyMs: number;
}): Promise<WindowResult> {
	const { latencyMs, period } = options;
	const sandbox = await startBenchSandbox({
		clickItems: options.items,
		clickDays: options.days,
		seed: 1,
		latencyMs,
		rateLimits: true,
		clickRequestsPerSecond: PER_SECOND,
		clickRequestsPer5Min: PER_WINDOW,
	});
	const warmUp = await startBenchSandbox({ clickItems: 10, clickDays: 1, seed: 1 });
	try {
		setPauseForLimits(true);
		const items = await sandbox.client.countClicks(period.from, period.to);
		const pages = Math.ceil(items / PAGE_SIZE);
		const floorMs = windowFloorMs(pages, latencyMs, PER_SECOND, PER_WINDOW, WINDOW_MS);
		const label = `click ${items.toLocaleString('en-US')} items / ${options.days} d (${pages} pages), ${latencyMs} ms, ${PER_SECOND}/s and ${PER_WINDOW}/5 min`;
		log(`${label}: one run, floor ${s(floorMs)}`);
		const node = await runWorker(
			{
				kind: 'clickNode',
				clickUrl: sandbox.state.clickUrl,
				publicKey: sandbox.state.publicKey,
				rate: PER_SECOND,
				maxRequestsPer5Minutes: PER_WINDOW,
				dateFrom: period.from,
				dateTo: period.to,
				windows: [period],
				warmUpAt: { clickUrl: warmUp.state.clickUrl, publicKey: warmUp.state.publicKey },
				captureLog: true,
			},
			sandbox,
		);
		const refusals = node.refused.map((r) => refusalDetail(`${label}: node`, r));
		const result: WindowResult = {
			label,
			items,
			pages,
			latencyMs,
			floorMs,
			node,
			ratio: node.wallMs / floorMs,
			announceDue: floorMs - latencyMs > ANNOUNCED_OVER_MS,
			durationLog: node.logged?.find((line) => line.includes('more pages to read')),
			refusals,
		};
		log(
			`${label}: node ${s(node.wallMs)} (${x(result.ratio)} of the floor), ${node.requests} requests, ${node.throttled} answered 429, ${node.items} items (${node.distinctIds} distinct), most in any 300 s ${node.maxPer5Min}; duration logged: ${result.durationLog ?? 'no'}`,
		);
		for (const detail of refusals) log(`  ${detail}`);
		return result;
	} finally {
		await warmUp.stop();
		await sandbox.stop();
	}
}

const allDistinct = (w: WindowResult) => w.node.items === w.items && w.node.distinctIds === w.items;

/** Met: within 1.1× of the floor, no 429, exactly one request per page, every item once. */
export function windowMet(w: WindowResult): boolean {
	return w.ratio <= 1.1 && w.node.throttled === 0 && w.node.requests === w.pages && allDistinct(w);
}

function durationCell(w: WindowResult): string {
	if (w.durationLog) return `yes${w.announceDue ? '' : ' (not due: it waits under 30 s)'}: "${w.durationLog.replace(/^info: /, '')}"`;
	return w.announceDue ? '**no** (due: it waits over 30 s)' : 'no (not due: it waits under 30 s)';
}

/** The row of the targets table. */
export function windowTarget(w: WindowResult, mark: (ok: boolean) => string): string {
	return `| ${w.pages}-page click Return All with both limits: within 1.1× of the floor, 0 answers 429 | ${s(w.node.wallMs)}, ${x(w.ratio)} of the floor (${s(w.floorMs)}); ${w.node.throttled} answers 429; ${w.node.requests} requests for ${w.pages} pages; ${w.node.items.toLocaleString('en-US')} items, ${w.node.distinctIds?.toLocaleString('en-US')} distinct; expected duration logged: ${w.durationLog ? 'yes' : 'no'} | ${mark(windowMet(w))} |`;
}

/** The section of BENCHMARKS.md. */
export function windowSection(w: WindowResult, smoke: boolean): string[] {
	const t = (k: number) => windowFloorMs(k, 0, PER_SECOND, PER_WINDOW, WINDOW_MS);
	const lines = [
		`${w.items.toLocaleString('en-US')} click items in one 120-day window, ${w.pages} pages of ${PAGE_SIZE}; latency ${w.latencyMs} ms; the sandbox enforces the click service's real limits, ${PER_SECOND} requests per second and ${PER_WINDOW} per 5 minutes (429 with Retry-After); the credential keeps its defaults, Max Requests per Second ${PER_SECOND} and Max Requests per 5 Minutes ${PER_WINDOW}. One run of the node through n8n-core's WorkflowExecute in a fresh process, which warmed up against another sandbox (another origin is another account, so the run starts with its pace and its 5-minute window untouched; a warm-up on the same account would hold the 100th page for 5 minutes).`,
		'',
		`Floor = latency + t_${w.pages}, where request k cannot leave before t_k = (k − 1) / ${PER_SECOND} s for k ≤ ${PER_WINDOW} and t_k = t_(k − ${PER_WINDOW}) + 300 s after that (the ${PER_WINDOW + 1}st request waits until the 1st is 5 minutes old): t_${w.pages} = ${s(t(w.pages))}. The node's own window adds 1 s of margin to the 300 s, and its pace 60 ms per second.${smoke ? ` The smoke run's ${w.pages} pages take the same path (both limits in the credential and the sandbox) but never fill the window, whose length (5 minutes) is fixed in the sandbox and in the node.` : ''}`,
		'',
		'| Measure | Value |',
		'|---|---|',
		`| Node (n8n-core), wall time of the Return All | ${s(w.node.wallMs)} |`,
		`| Floor | ${s(w.floorMs)} |`,
		`| Node ÷ floor | ${x(w.ratio)} |`,
		`| Requests sent (counted by the sandbox) | ${w.node.requests} for ${w.pages} pages |`,
		`| Answers 429 | ${w.node.throttled} |`,
		`| Most requests in any 1 s / any 300 s, at the sandbox | ${w.node.maxPerSecond} / ${w.node.maxPer5Min} (the service allows ${PER_SECOND} / ${PER_WINDOW}) |`,
		`| First to last request, at the sandbox | ${s(w.node.arrivalSpanMs)} (t_${w.pages} = ${s(t(w.pages))}) |`,
		`| Items returned | ${w.node.items.toLocaleString('en-US')} of ${w.items.toLocaleString('en-US')}, ${w.node.distinctIds?.toLocaleString('en-US')} distinct ids |`,
		`| Expected duration logged (\`logger.info\`) | ${durationCell(w)} |`,
		`| Node CPU (user + system) / peak RSS | ${(w.node.cpuUserMs + w.node.cpuSystemMs).toFixed(0)} ms / ${mb(w.node.peakRss)} |`,
		'',
	];
	if (w.refusals.length) lines.push(...w.refusals.map((r) => `- ${r}`), '');
	return lines;
}
