// The link cases' section of the report (linkCases.ts): their targets against what the run
// measured, and the table.
import { ints, mb, median, s, x } from './common';
import type { LinkCase } from './linkCases';
import { httpNodeColumn } from './returnAll';

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const toFloor = (c: LinkCase) => median(c.ratios.toFloor);
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
		const worst = Math.max(...own.map(toFloor));
		const each = own.map((c) => `${Math.round(c.latencyMs)} ms answers, ${c.inOneItem ? 'all in 1 item' : '1 item each'} ${x(toFloor(c))} (requests' span ${x(scheduleRatio(c))})`).join('; ');
		rows.push(`| ${NAMES[operation]} within 1.1× of the floor | ${x(worst)} at worst: ${each} | ${mark(worst <= 1.1)} |`);
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
			'Deeplinks: ad space 1021, program 6115, the partner service\'s real 600 per minute on, the credential at 10/s. Resolve: URLs of the shops the sandbox covers, the click service\'s real 3 per second and 100 per 5 minutes on, the credential at 3/s and 100 per 5 minutes.',
		'',
		'| Case | Runs | Requests: node (design) | 429: node | Floor | Node (n8n-core) | Node ÷ floor | Requests\' span + one answer (÷ floor) | One request at a time (÷ floor) | HTTP Request node, one request per URL | Its floor | HTTP Request ÷ node | Node peak RSS |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const c of cases) {
		const node = median(c.node.map((m) => m.wallMs));
		lines.push(
			`| ${c.label} | ${c.runs} | ${ints(c.node.map((m) => m.requests))} (${c.requests}) | ${ints(c.node.map((m) => m.throttled))} | ${s(c.floorMs)} | ${s(node)} | ${x(toFloor(c))} | ${s(scheduleMs(c))} (${x(scheduleRatio(c))}) | ${s(c.oneAtATimeFloorMs)} (${x(c.oneAtATimeFloorMs / c.floorMs)}) | ${httpCell(c)} | ${s(c.httpFloorMs)} | ${c.ratios.httpOverNode.length ? x(median(c.ratios.httpOverNode)) : 'n/a'} | ${mb(median(c.node.map((m) => m.peakRss)))} |`,
		);
	}
	lines.push('');
	return lines;
}
