// `npm run bench` (and `npm run bench:smoke`): Return All of the Click Report and of the Affiliate
// Partner node against the physical floor, a sequential loop and n8n's own HTTP Request node; a
// 200-page click Return All at both of the service's limits (windowCase.ts); the trigger's poll
// costs, a backlog drained at both limits and a simulated day at five skews of the service's
// clock; the claim trigger's requests per poll; the node's own CPU; Return All of the conversion
// lists (partner actions, every report, the click service's actions) and the triggers' idle polls
// by event group; 1,000 URLs to affiliate links (linkCases.ts) and Return All of the coupon and
// merchant lists (couponCases.ts). Writes BENCHMARKS.md. The parts: scenarios.ts (what), returnAll.ts,
// conversionCases.ts, windowCase.ts, trigger.ts, claimTrigger.ts, idlePolls.ts, sharedKey.ts,
// overhead.ts (measuring), floors.ts (the floors' model), report.ts and the *Report.ts files (the tables).
//
//   node bench/dist/bench/main.js [--smoke] [--runs=3] [--slow-runs=1] [--cold-runs=5] [--trigger-days-at-once=3] [--only=click,partner,window,trigger,claimTrigger,sharedKey,overhead,actions,reports,clickActions,idlePolls,links,coupons]
//                                 [--no-n8n] [--with-n8n (smoke)] [--install-n8n] [--out=BENCHMARKS.md]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

import { startBenchSandbox } from './benchSandbox';
import type { ClaimTriggerResult } from './claimTrigger';
import { claimTriggerTables } from './claimTriggerReport';
import { log, mb, s } from './common';
import { clickActionCases, conversionWorkflows, partnerConversionCases } from './conversionCases';
import { conversionSections, conversionTargets, type ConversionResults } from './conversionReport';
import { couponCases, couponWorkflows } from './couponCases';
import { couponSections, couponTargets } from './couponReport';
import { startN8nRuntime } from './httpRequestNode';
import { clickWorkflow } from './httpRequestWorkflows';
import { linkCases, linkWorkflows, type LinkCase } from './linkCases';
import { linkSection, linkTargets } from './linkReport';
import { overheadCase, overheadTable, type OverheadResult } from './overhead';
import { returnAllTables, targetsTable } from './report';
import { allWorkflows, clickCases, httpNodeColumn, imported, partnerCases, refusals, type ReturnAllCase } from './returnAll';
import { runClaimTrigger, runIdlePolls, runTrigger, runTriggerDays } from './runs';
import { runSharedKey, type SharedKeyResult } from './sharedKey';
import { sharedKeyTables } from './sharedKeyReport';
import { recordBenchSkips } from './skipRecord';
import {
	claimTriggerTask,
	coldRuns,
	conversionSizes,
	flag,
	NO_WINDOW,
	only,
	outFile,
	resultsDir,
	runs,
	sizes,
	slowRuns,
	smoke,
	TRIGGER_SKEWS_MINUTES,
	triggerBacklog,
	triggerDay,
	triggerDaysAtOnce,
	triggerTask,
	useN8n,
	windowsOf,
} from './scenarios';
import { triggerTables, type TriggerReport } from './triggerReport';
import { windowCase, windowSection, type WindowResult } from './windowCase';


async function main() {
	const started = performance.now();
	mkdirSync(resultsDir, { recursive: true });
	log(`${smoke ? 'smoke run' : 'full run'}: ${cpus().length} cores, runs ${runs}${smoke ? '' : `, rate-3 click cases ${slowRuns}`}, parts: ${[...only].join(', ')}`);
	const listParts = ['click', 'partner', 'actions', 'reports', 'clickActions', 'links', 'coupons'];
	if (useN8n && listParts.some((part) => only.has(part))) {
		const started = await startN8nRuntime(log, flag('install-n8n'));
		if ('skipped' in started) {
			httpNodeColumn.skipped = started.skipped;
			log(`HTTP Request node column skipped: ${started.skipped}`);
		} else {
			const n8n = (httpNodeColumn.n8n = started);
			// The resident memory of `n8n execute` for a run that fetches one empty page.
			const idle = await startBenchSandbox({ clickItems: 10, clickDays: 1, seed: 1 });
			try {
				const workflow = clickWorkflow(`bidle${smoke ? 's' : 'f'}`.padEnd(16, '0'), {
					clickUrl: idle.state.clickUrl,
					publicKey: idle.state.publicKey,
					rate: 20,
					windows: [{ from: '2001-01-01', to: '2001-01-02' }],
				});
				const workflows = [workflow as { id: string }, ...(await allWorkflows(idle.state)), ...(await conversionWorkflows(idle.state))];
				if (only.has('links')) workflows.push(...(await linkWorkflows(idle.state)));
				if (only.has('coupons')) workflows.push(...(await couponWorkflows(idle.state)));
				await n8n.importWorkflows(workflows);
				for (const w of workflows) imported.set(w.id, JSON.stringify(w));
				const run = await n8n.execute((workflow as { id: string }).id);
				if (run.error) throw new Error(`n8n could not run the HTTP Request node: ${run.error}`);
				httpNodeColumn.baselineRss = run.peakRss;
				log(`n8n ${n8n.version} ready: an idle run peaks at ${mb(run.peakRss)}, the process takes ${s(run.processMs)}`);
			} finally {
				await idle.stop();
			}
		}
	} else if (!useN8n) {
		httpNodeColumn.skipped = smoke ? 'skipped in the smoke run (add --with-n8n to include it)' : 'skipped (--no-n8n)';
	}
	const why = smoke && !useN8n ? 'the smoke run leaves the real n8n out (--with-n8n adds it)' : httpNodeColumn.skipped;
	const skipped = httpNodeColumn.skipped ? [{ title: "the HTTP Request node column: n8n's own node in the real n8n, beside ours", reason: why ?? '' }] : [];
	log(`skips kept in ${await recordBenchSkips(smoke, skipped)}`);

	const results: Record<string, unknown> = { smoke, runs, slowRuns, cores: cpus().length };
	let click: ReturnAllCase[] = [];
	let partner: ReturnAllCase[] = [];
	let trigger: TriggerReport | undefined;
	let overhead: OverheadResult | undefined;
	let window: WindowResult | undefined;
	let claimTrigger: ClaimTriggerResult[] | undefined;
	const sharedKey: SharedKeyResult[] = [];
	const conversions: ConversionResults = { actions: [], reports: [], clickActions: [] };
	let links: LinkCase[] = [];
	let coupons: ReturnAllCase[] = [];
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
		if (only.has('claimTrigger')) {
			log('claim trigger: requests per poll against watched and open claims');
			results.claimTrigger = claimTrigger = await runClaimTrigger(claimTriggerTask);
		}
		if (only.has('actions') || only.has('reports')) Object.assign(conversions, await partnerConversionCases());
		if (only.has('clickActions')) conversions.clickActions = await clickActionCases();
		if (only.has('idlePolls')) {
			log('triggers: requests per idle poll by event group');
			conversions.idlePolls = await runIdlePolls({ kind: 'idlePolls', polls: conversionSizes.idlePolls });
		}
		results.conversions = conversions;
		if (only.has('links')) results.links = links = await linkCases();
		if (only.has('coupons')) results.coupons = coupons = await couponCases();
		if (only.has('sharedKey')) {
			for (const instances of sizes.sharedKey.instances) {
				log(`shared key: ${instances} instance(s) on one click key at 3/s for ${sizes.sharedKey.durationMs / 1000} s`);
				sharedKey.push(await runSharedKey({ instances, durationMs: sizes.sharedKey.durationMs }));
			}
			results.sharedKey = sharedKey;
		}
	} finally {
		httpNodeColumn.n8n?.close();
		writeFileSync(join(resultsDir, `results-${smoke ? 'smoke' : 'full'}.json`), JSON.stringify(results, null, 2));
	}

	const minutes = (performance.now() - started) / 60_000;
	const md: string[] = [
		smoke ? '# Benchmarks (smoke run: tiny sizes, not the real figures)' : '# Benchmarks',
		'',
		`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.versions.node}; n8n-core 2.41.1 for this package's nodes${httpNodeColumn.n8n ? `, n8n ${httpNodeColumn.n8n.version} (its own Node 24) for the HTTP Request node` : ''}. The whole bench took ${minutes.toFixed(1)} minutes. The machine is shared: read the ratios (measured in the same run, back to back), not the absolute times.`,
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
		`- **Conversion lists** (conversionCases.ts): one sandbox with its seeded conversions, its clock run 31 minutes ahead so that every change it seeds for the near future has happened (no list moves while it is measured), and ${conversionSizes.partnerActions.toLocaleString('en-US')} more partner actions, each with sub IDs 0–4 and a keyword of its own and a day of its own (i + 1 days ago): the reports by day, sub ID and keyword hold about that many rows; those by month, ad space, program and traffic source hold what the seeded ad spaces, programs and the two sources give. ${conversionSizes.clickActions.toLocaleString('en-US')} more click actions. Partner lists run with the service's real 600 per minute on and the credential at 10/s, the server capping pages at P (500, its real cap; 100 too for actions); the sequential loop and the HTTP Request node read them as they read lost orders; the cursor list with \`next\` from the page before until it is null (the HTTP Request node: its pagination setting \`next\` = \`{{ $response.body.meta.next }}\`, complete when it is empty). Action → Get Many and Report → Get (each Group By) of the Affiliate Partner node 1.2, Action → Get Many of the Click Report 1.2, each with Return All and no filter. Their floors are those above; a cursor list's is its own (below).`,
		`- Cold first executions: ${coldRuns} runs of the node in a fresh process without the warm-up (a first execution after n8n starts), on a report of about 10 pages at the real 3/s limit, counting 429s.`,
		`- Medians of ${runs} runs; the rate-3 click cases (pacing-bound, 34–70 s per run for each column) ${slowRuns === 1 && !smoke ? 'run once each to keep the bench under about 40 minutes' : `run ${smoke ? runs : slowRuns} time(s)`}, and the case with both limits (about 5.6 minutes) once. Ratios are medians of per-run ratios.`,
		'',
	];
	if (httpNodeColumn.skipped) md.push(`**HTTP Request node column: ${httpNodeColumn.skipped}.**`, '');
	md.push(...targetsTable(click, partner, trigger, window), '');
	const conversionRows = conversionTargets(conversions);
	if (conversionRows.length > 2) md.push('## Targets (conversions and earnings)', '', ...conversionRows, '');
	if (click.length) md.push('## Click Report, Return All', '', ...returnAllTables(click), '');
	if (partner.length) md.push('## Affiliate Partner, Return All (lost orders)', '', ...returnAllTables(partner), '');
	if (window) md.push('## Click Report, Return All with both limits (3 per second and 100 per 5 minutes)', '', ...windowSection(window, smoke));
	if (refusals.length) md.push('Every 429/503 answer of these runs, with the arrival times (sandbox clock) of the requests before it:', '', ...refusals.map((r) => `- ${r}`), '');
	if (trigger) md.push('## Click Report Trigger', '', ...triggerTables(trigger), '');
	if (claimTrigger) md.push('## Affiliate Partner Trigger', '', ...claimTriggerTables(claimTrigger), '');
	md.push(...conversionSections(conversions));
	const linkRows = [...linkTargets(links), ...couponTargets(coupons)];
	if (linkRows.length) md.push('## Targets (links and coupons)', '', '| Target | Measured | |', '|---|---|---|', ...linkRows, '');
	md.push(...linkSection(links), ...couponSections(coupons));
	if (sharedKey.length) md.push('## Several n8n instances on one key (queue mode)', '', ...sharedKeyTables(sharedKey), '');
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
