// The report: the tables of the Return All cases and the targets against what the run measured.
// The trigger's, the window case's and the overhead's tables live beside their measurement.
import { ints, mb, median, s, x } from './common';
import { coldStarts } from './coldStarts';
import { httpNodeColumn, type ReturnAllCase } from './returnAll';
import { triggerTargets, type TriggerReport } from './triggerReport';
import { windowTarget, type WindowResult } from './windowCase';


/** Partner lists (lost orders, actions, reports, coupons) are read in pages that overlap by one record. */
const overlapping = (c: ReturnAllCase | undefined) => c?.group === 'partner' || c?.group === 'actions' || c?.group === 'report' || c?.group === 'partnerCoupons';
/** Partner lists: the fewest pages, ceil(n / P), and the overlapping pages the node reads by design. */
const pagesCell = (c: ReturnAllCase) => (overlapping(c) ? `${c.pages} / ${c.nodePages}` : `${c.pages}`);
const minimumCell = (c: ReturnAllCase) => (overlapping(c) ? `ceil(n/P) ${c.pages}; overlapping pages ${c.nodePages}` : `min. ${c.pages}`);

/** A case's memory against the JSON it fetched (medians over its runs): the table and the targets read the same. */
function memoryOf(c: ReturnAllCase) {
	const json = median(c.seq.map((m) => m.jsonBytes ?? NaN));
	const growth = median(c.node.map((m) => m.peakRss - m.baselineRss));
	const live = median(c.node.map((m) => m.liveHeapAfterGc - m.baselineHeapUsed));
	const buffers = median(c.node.map((m) => m.sampledPeakArrayBuffers - m.baselineArrayBuffers));
	return { json, growth, growthRatio: growth / json, liveRatio: live / json, buffersRatio: buffers / json };
}

export function returnAllTables(cases: ReturnAllCase[]): string[] {
	const lines: string[] = [];
	const pagesHeader = overlapping(cases[0]) ? "Pages: ceil(n/P) / node's overlapping pages" : 'Pages (min. requests)';
	lines.push(
		`| Case | Runs | ${pagesHeader} | Floor | Node (n8n-core) | Node ÷ floor | Node\'s schedule floor | Sequential loop | Speed-up over sequential | HTTP Request node (n8n) | Speed-up over HTTP Request |`,
		'|---|---|---|---|---|---|---|---|---|---|---|',
	);
	for (const c of cases) {
		const http = c.http.length
			? `${s(median(c.http.map((h) => h.wallMs)))}${c.httpNote ? ` (⚠ ${c.httpNote})` : ''}`
			: c.httpNote ?? httpNodeColumn.skipped ?? 'n/a';
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
		const { json, growth, growthRatio, liveRatio, buffersRatio } = memoryOf(c);
		const httpPeak = c.http.length ? median(c.http.map((h) => h.peakRss)) : NaN;
		lines.push(
			`| ${c.label} | ${c.realLimits} | ${ints(c.node.map((m) => m.requests))} / ${ints(c.seq.map((m) => m.requests))} / ${ints(c.http.map((h) => h.requests))} (${minimumCell(c)}) | ${ints(c.node.map((m) => m.throttled))} / ${ints(c.seq.map((m) => m.throttled))} / ${ints(c.http.map((h) => h.throttled))} | ${mb(json)} | ${mb(median(c.node.map((m) => m.peakRss)))} | ${mb(growth)} | ${mb(growth / (c.items / 10_000))} | ${x(growthRatio)} | ${x(liveRatio)} | ${x(buffersRatio)} | ${x(median(c.seq.map((m) => m.peakRss - m.baselineRss)) / json)} | ${Number.isFinite(httpPeak) ? `${mb(httpPeak)} (idle run: ${mb(httpNodeColumn.baselineRss ?? NaN)})` : 'n/a'} |`,
		);
	}
	return lines;
}


export /** The issue's targets against what this run measured (medians; worst case over the cases). */
function targetsTable(click: ReturnAllCase[], partner: ReturnAllCase[], report?: TriggerReport, window?: WindowResult): string[] {
	const trigger = report?.result;
	const all = [...click, ...partner];
	if (!all.length && !report && !window) return [];
	const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
	const rows: string[] = ['## Targets (click report, lost orders, click trigger)', '', '| Target | Measured | |', '|---|---|---|'];
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
		const memory = click.map((c) => memoryOf(c).growthRatio);
		const live = click.map((c) => memoryOf(c).liveRatio);
		const buffers = click.map((c) => memoryOf(c).buffersRatio);
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
