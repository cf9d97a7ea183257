// The link cases' section of the report (linkCases.ts): their targets against what the run
// measured, and the table.
import { ints, mb, median, s, x } from './common';
import type { LinkCase } from './linkCases';
import { httpNodeColumn } from './returnAll';

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const toFloor = (c: LinkCase) => median(c.ratios.toFloor);
/** The target's measure: the node against the requests' floor plus n8n's own per-item work (linkFloor.ts). */
const toFloorAndPerItem = (c: LinkCase) => median(c.ratios.toFloorAndPerItem);
const perItemMs = (c: LinkCase) => median(c.perItemFloor.map((m) => m.wallMs));
const shape = (c: LinkCase) => (c.inOneItem ? 'all in 1 item' : '1 item each');
const NAMES = { deeplink: 'Deeplink → Create', resolve: 'Link → Resolve' };
/** From the first request's arrival to the last one's (sandbox clock), plus one answer: the node's request schedule, without its time before the first request and after the last answer. */
const scheduleMs = (c: LinkCase) => median(c.node.map((m) => m.arrivalSpanMs)) + c.latencyMs;
const scheduleRatio = (c: LinkCase) => scheduleMs(c) / c.floorMs;

export function linkTargets(cases: LinkCase[]): string[] {
	const rows: string[] = [];
	for (const operation of ['deeplink', 'resolve'] as const) {
		const own = cases.filter((c) => c.operation === operation);
		if (!own.length) continue;
		const { urls, perRequest, requests } = own[0];
		const sent = own.flatMap((c) => c.node.map((m) => m.requests));
		rows.push(
			`| ${NAMES[operation]}: ${urls.toLocaleString('en-US')} URLs in ceil(${urls}/${perRequest}) = ${requests} requests | ${ints(sent)} in every run | ${mark(sent.every((r) => r === requests))} |`,
		);
		const worst = Math.max(...own.map(toFloorAndPerItem));
		const each = own
			.map((c) => `${Math.round(c.latencyMs)} ms answers, ${shape(c)} ${x(toFloorAndPerItem(c))} (floor alone ${x(toFloor(c))}, requests' span ${x(scheduleRatio(c))})`)
			.join('; ');
		rows.push(`| ${NAMES[operation]} within 1.1× of the floor plus n8n's per-item floor | ${x(worst)} at worst: ${each} | ${mark(worst <= 1.1)} |`);
	}
	if (cases.length) {
		const refused = cases.flatMap((c) => c.node.map((m) => m.throttled));
		rows.push(`| Links: zero 429s at the real rate limits | ${refused.reduce((a, b) => a + b, 0)} in ${refused.length} runs | ${mark(refused.every((r) => r === 0))} |`);
		const overHttp = cases.filter((c) => c.ratios.httpOverNode.length).map((c) => median(c.ratios.httpOverNode));
		if (overHttp.length) rows.push(`| Links against the HTTP Request node, one request per URL (no target) | HTTP Request ÷ node ${x(Math.min(...overHttp))}–${x(Math.max(...overHttp))} | |`);
	}
	return rows;
}

function httpCell(c: LinkCase): string {
	if (!c.http.length) return c.httpNote ?? httpNodeColumn.skipped ?? 'n/a';
	const wall = s(median(c.http.map((h) => h.wallMs)));
	return `${wall}: ${ints(c.http.map((h) => h.requests))} requests, ${ints(c.http.map((h) => h.throttled))} refused (429)${c.httpNote ? ` (⚠ ${c.httpNote})` : ''}`;
}

export function linkSection(cases: LinkCase[]): string[] {
	if (!cases.length) return [];
	const lines = [
		'## Links: 1,000 URLs to affiliate links',
		'',
		"One input item per URL, as a sheet's rows reach the node, and the same URLs as one item's array (`{{ $json.urls }}`); each run checks that every link comes back on its own item, in order. " +
			"**Floor**: the design's requests (ceil(URLs / URLs per request)) at the credential's pace, the last answered one latency later (latency + (requests − 1) / rate, floors.ts; for resolve with the 100 per 5 minutes window too, which 10 requests never reach); the latency is a full request's answer time as measured (the set latency plus the sandbox's time to make 200 or 100 links). " +
			"**Requests' span + one answer**: from the first request's arrival to the last one's (the sandbox's clock), plus one answer: the node's request schedule alone, without the time n8n-core takes before the first request (it resolves the URLs field of every item, and the node reads and checks every item before any request) and after the last answer. " +
			'**One request at a time**: the same requests each waiting for the answer before (latency + (requests − 1) × max(latency, 1 / rate)): what a node with one request in flight cannot beat. ' +
			"**HTTP Request node**: n8n's own node (v4.2) in the real n8n, one request per URL (`ulp={{ $json.url }}`), Batching 1 item every 1000 / rate ms (linkWorkflows.ts); it starts each request on time without waiting for the answer before; its floor is 1,000 requests at the pace. " +
			"**n8n per-item floor**: the same workflow (the same input items, parameters and expressions, through WorkflowExecute) with a node type registered only in the bench's worker (linkFloor.ts: the operation's node description and version, reading exactly the parameters the operation reads for each item through `this.getNodeParameter`, outputting one item per URL), with no check and no request, each run in a fresh process as the node's: what n8n-core takes to give a node its parameters for every item (resolving each item's `{{ $json.url }}`, checking each value against the node's description). " +
			"**The 1.1× target is judged on Node ÷ (floor + n8n per-item floor)**: the target is about what the node adds to the requests it must make; n8n's evaluation of each item's expressions is n8n's, and any node reading a per-item expression pays it. Node ÷ floor stays beside it. " +
			'Deeplinks: ad space 1021, program 6115, the partner service\'s real 600 per minute on, the credential at 10/s. Resolve: URLs of the shops the sandbox covers, the click service\'s real 3 per second and 100 per 5 minutes on, the credential at 3/s and 100 per 5 minutes.',
		'',
		'| Case | Runs | Requests: node (design) | 429: node | Floor | Node (n8n-core) | Node ÷ floor | Requests\' span + one answer (÷ floor) | One request at a time (÷ floor) | HTTP Request node, one request per URL | Its floor | HTTP Request ÷ node | Node peak RSS | n8n per-item floor (no request) | Node ÷ (floor + n8n per-item floor) |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const c of cases) {
		const node = median(c.node.map((m) => m.wallMs));
		lines.push(
			`| ${c.label} | ${c.runs} | ${ints(c.node.map((m) => m.requests))} (${c.requests}) | ${ints(c.node.map((m) => m.throttled))} | ${s(c.floorMs)} | ${s(node)} | ${x(toFloor(c))} | ${s(scheduleMs(c))} (${x(scheduleRatio(c))}) | ${s(c.oneAtATimeFloorMs)} (${x(c.oneAtATimeFloorMs / c.floorMs)}) | ${httpCell(c)} | ${s(c.httpFloorMs)} | ${c.ratios.httpOverNode.length ? x(median(c.ratios.httpOverNode)) : 'n/a'} | ${mb(median(c.node.map((m) => m.peakRss)))} | ${s(perItemMs(c))} | ${x(toFloorAndPerItem(c))} |`,
		);
	}
	lines.push('');
	const profiled = cases.filter((c) => c.cpu);
	if (profiled.length) {
		lines.push(
			"Where the CPU of one more run goes (1 item each, a CPU profile, not among the runs above): each sample given to the nearest code on its stack that owns it, builtins to their caller (linkProfile.ts). The package's reading and checks are its `readItem` (the URLs parsed, the IDs and sub IDs checked), without the getNodeParameter calls in it, which are n8n's.",
			'',
			"| Case | CPU sampled | The package: reading and checks of the items | The package: batching, transport, answer checks, pairing | n8n-core and n8n-workflow | HTTP client and network | GC, harness, other |",
			'|---|---|---|---|---|---|---|',
			...profiled.map((c) => {
				const cpu = c.cpu!;
				const ms = (v: number) => `${v.toFixed(0)} ms`;
				return `| ${c.label} | ${ms(cpu.sampledMs)} | ${ms(cpu.ownChecksMs)} | ${ms(cpu.ownOtherMs)} | ${ms(cpu.n8nMs)} | ${ms(cpu.httpMs)} | ${ms(cpu.otherMs)} |`;
			}),
			'',
		);
	}
	return lines;
}
