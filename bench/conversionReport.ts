// The conversion lists' sections of the report (conversionCases.ts) and the triggers' idle polls by
// event group (idlePolls.ts): their targets against what the run measured, and the tables.
import { ints, median, x } from './common';
import type { IdlePollGroup } from './idlePolls';
import { returnAllTables } from './report';
import type { ReturnAllCase } from './returnAll';

export interface ConversionResults {
	actions: ReturnAllCase[];
	reports: ReturnAllCase[];
	clickActions: ReturnAllCase[];
	idlePolls?: IdlePollGroup[];
}

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const toFloor = (c: ReturnAllCase) => median(c.ratios.toFloor);
const short = (c: ReturnAllCase) => c.label.replace(/ \(\/statistics\/[^)]*\)/, '').replace(/: [\d,]+ rows, page (\d+), (\d+) ms \(answers in \d+ ms\), \d+\/s/, ' (P = $1, $2 ms)');

function ratioRow(title: string, cases: ReturnAllCase[]): string {
	const worst = Math.max(...cases.map(toFloor));
	const each = cases.map((c) => `${short(c)} ${x(toFloor(c))} (schedule floor ${x(c.scheduleFloorMs / c.floorMs)})`).join('; ');
	return `| ${title} | ${x(worst)} at worst: ${each} | ${mark(worst <= 1.1)} |`;
}

const budget = (g: IdlePollGroup) => `${g.budget.requests} request${g.budget.requests > 1 ? 's' : ''} (${g.budget.why})`;
const idleRequests = (g: IdlePollGroup) => (g.idle ?? []).filter((poll) => poll.emitted === 0).map((poll) => poll.requests);

export function conversionTargets(results: ConversionResults): string[] {
	const all = [...results.actions, ...results.reports, ...results.clickActions];
	const rows = ['| Target | Measured | |', '|---|---|---|'];
	if (results.actions.length) rows.push(ratioRow('Return All of actions within 1.1× of the floor', results.actions));
	if (results.reports.length) rows.push(ratioRow('Return All of every report within 1.1× of the floor', results.reports));
	if (results.clickActions.length) rows.push(ratioRow("Return All of the click service's actions within 1.1× of the cursor floor", results.clickActions));
	if (all.length) {
		const extra = all.flatMap((c) => c.node.map((m) => m.requests - c.nodePages));
		rows.push(
			`| The node sends the requests of its design, no more | node requests − (partner lists: 1 + ceil((n − P)/(P − 1)) pages overlapping by one record; cursor: ceil(n/500)): ${ints(extra)} in every run | ${mark(extra.every((e) => e === 0))} |`,
		);
		const refused = all.filter((c) => c.realLimits !== 'off').flatMap((c) => c.node.map((m) => m.throttled));
		rows.push(`| Zero 429s at the real rate limits | ${refused.reduce((a, b) => a + b, 0)} in ${refused.length} runs with real limits | ${mark(refused.every((r) => r === 0))} |`);
		const overSeq = all.map((c) => median(c.ratios.overSeq));
		const overHttp = all.filter((c) => c.ratios.overHttp.length).map((c) => median(c.ratios.overHttp));
		rows.push(
			`| Against sequential reading and the HTTP Request node (no target) | sequential ÷ node ${x(Math.min(...overSeq))}–${x(Math.max(...overSeq))}${overHttp.length ? `; HTTP Request ÷ node ${x(Math.min(...overHttp))}–${x(Math.max(...overHttp))}` : ''} | |`,
		);
	}
	for (const g of results.idlePolls ?? []) {
		if (g.missing) {
			rows.push(`| Idle poll, ${g.trigger}, ${g.group}: ${budget(g)} | ${g.missing} | not measured |`);
			continue;
		}
		const requests = idleRequests(g);
		rows.push(`| Idle poll, ${g.trigger}, ${g.group}: ${budget(g)} | ${ints(requests)} | ${requests.length ? mark(requests.every((r) => r <= g.budget.requests)) : 'no idle poll'} |`);
	}
	return rows;
}

export function idlePollTable(groups: IdlePollGroup[]): string[] {
	const polls = Math.max(0, ...groups.map((g) => g.idle?.length ?? 0));
	const lines = [
		`| Trigger | Event group | Events | Version | First poll | ${Array.from({ length: polls }, (_, i) => `Idle poll ${i + 1}`).join(' | ')} |`,
		`|---|---|---|---|---|${'---|'.repeat(polls)}`,
	];
	for (const g of groups) {
		const cells = g.missing ? [g.missing, ...Array(polls).fill('')] : [`${g.firstPoll}`, ...(g.idle ?? []).map((p) => `${p.requests}${p.emitted ? ` (emitted ${p.emitted}: not idle)` : ''}`)];
		lines.push(`| ${g.trigger} | ${g.group} | ${g.events.length ? g.events.join(', ') : '(click items)'} | ${g.typeVersion} | ${cells.join(' | ')} |`);
	}
	return lines;
}

export function conversionSections(results: ConversionResults): string[] {
	const md: string[] = [];
	if (results.actions.length) md.push('## Affiliate Partner, Return All (actions)', '', ...returnAllTables(results.actions), '');
	if (results.reports.length) md.push('## Affiliate Partner, Return All (every report)', '', ...returnAllTables(results.reports), '');
	if (results.clickActions.length) {
		md.push(
			"## Click Report, Return All (the click service's actions, a cursor list)",
			'',
			"A cursor list is sequential by nature: a page can be asked for only with the `meta.next` of the answer before it. Its floor is one round trip per page, with request starts at least one pace apart: latency + (pages − 1) × max(latency, 1 / rate); the schedule floor is the same.",
			'',
			...returnAllTables(results.clickActions),
			'',
		);
	}
	if (results.idlePolls?.length) md.push('## Triggers: requests per idle poll, by event group', '', ...idlePollTable(results.idlePolls), '');
	return md;
}
