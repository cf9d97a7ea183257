// A fuzzer of our own: hostile parameters for every operation (class A) and mutated answers for
// every read (class B), through real n8n-core against the sandbox over HTTP on 127.0.0.1.
//
// The invariant, on every case: the run either succeeds with the output of the undisturbed run of
// the same (or the equivalent) parameters, or, for a valid other value, with an output that keeps
// the value's relation to it (otherOutput.ts), or fails with an n8n error that names the field by
// its display name (a refusal, and then nothing reached the sandbox) or the request; no secret is
// in the output, the error or the logs; no long input is echoed in full; the process neither dies
// nor blocks. A case that did not run (a class B rewrite that changed no answer, the deadline)
// fails the run as a violation does.
//
// Design (files in test/fuzz/):
// - plan.ts: the cases from the seed alone (FUZZ_SEED, default DEFAULT_SEED): a core corpus in every
//   run plus FUZZ_CASES seeded ones, drawn from four catalogues whose order is part of the plan.
//   Class A: hostile.ts, each field kind's hostile values with what a correct node must do with
//   them (hostileValue.ts: what a value and its policy are, and the pieces values are made of;
//   hostileTexts.ts, hostileChoices.ts, hostileNumbers.ts, hostileDates.ts, hostileLinks.ts: the values
//   by family of kinds), and catalogA.ts, each operation's valid base (operation.ts: what an operation is, and
//   the fields several share; operationsPartner.ts: the Affiliate Partner node's and its dropdowns;
//   operationsClickAndTriggers.ts: the Click Report's and the triggers'; operationsStatistics.ts,
//   operationsClickActions.ts, operationsConversions.ts: the reports, the actions, the claims at
//   1.3 and the triggers' conversion events; operationsLinks.ts, operationsCoupons.ts: the links,
//   programs and coupons, the links judged by an oracle of what was sent). Class B: answers.ts, the answer rewrites
//   (answerFamily.ts: what a family is, and its JSON helpers; answersTopLevel.ts, answersCounts.ts,
//   answersRecords.ts, answersEquivalent.ts, answersConversions.ts, answersLinks.ts: the families,
//   by what they change), and catalogB.ts, the read configurations (readConfig.ts: what one is;
//   catalogBConversions.ts, catalogBLinks.ts: the conversion reads' and the links', programs' and coupons'). named.ts: a catalogue's lookup by name.
// - worker.ts: a plain `node -r tsRegister.cjs` process (ts-jest compiles in this process, so the
//   worker transpiles the TypeScript itself, with test/tsconfig.json's options) that runs the cases
//   it is given, many at a time, and reports each (protocol.ts: the lines worker and parent
//   exchange). stage.ts starts three in-process sandboxes behind proxy.ts, the mutating proxy:
//   each case's credential points at its own route `/c/<n>` on it; the proxy counts the case's
//   requests, forwards them, and rewrites the chosen answers, seeded by the case and the request,
//   so that a retry gets the same rewrite unless the case says "once". caseA.ts and caseB.ts run and
//   judge a case of each class, on top of the checks every case gets (invariant.ts: no secret, no
//   long echo, no runaway, an n8n error; outputs compared); baselines are computed once per
//   parameters or configuration. displayNames.ts reads a field's display name from the node's
//   description; otherOutput.ts holds a valid other value's output to its relation. caseLogs.ts
//   gives each case the lines n8n logged during it; coverage.ts checks that the catalogues cover
//   every operation of the node and name only fields the panel shows.
// - supervisor.ts: this test starts the workers and watches them. A worker writes a heartbeat
//   line every 250 ms; one silent for 5 s (3 s in the hazard lane) has a blocked event loop and is
//   killed by its pid; one that exits (V8's "invalid size", or out of memory at its 384 MB heap
//   limit, which a runaway allocation reaches in a second) is noted; either way the case it was
//   running is named (several in flight are run again at an eighth of the concurrency until one
//   is left) and the rest go on in a new worker. The cases that may crash or block a process
//   (huge counts and totals, huge trigger options) run in a lane of their own, one at a time,
//   beside the main lane and with the next worker started in advance, so that a death costs
//   seconds and holds up nothing else. The main lane runs 128 cases at a time: most of a broken
//   answer's time is the transport's retry delays.
//
// Re-run one case: FUZZ_SEED=<seed> FUZZ_ONLY='<case id>' npx jest test/fuzz. More: FUZZ_CASES=<n>
// extra seeded cases, FUZZ_MATCH=<regex> only the matching ids, FUZZ_SKIP=<regex> leave them out
// (e.g. 'hugeCount|1e308' while a crash is being fixed). The full report, every case with its
// outcome: test-output/fuzz/report.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEFAULT_EXTRA, DEFAULT_SEED, planCases, type FuzzCase } from './plan';
import { familyNamed } from './answers';
import { operationNamed } from './catalogA';
import type { CaseReport, Verdict, Violation } from './protocol';
import { supervise } from './supervisor';

const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const extra = Number(process.env.FUZZ_CASES ?? DEFAULT_EXTRA);
/** Most of a broken answer's time is the transport's retry delays: many cases wait at once. */
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 128);
/**
 * A bound on the whole run, within the test's 240 s. Beside three other jest workers on CI's 2 cores
 * the run took 48-80 s; alone, 43 s.
 */
const DEADLINE_MS = Number(process.env.FUZZ_DEADLINE_S ?? 180) * 1000;

function chosenCases(): FuzzCase[] {
	let cases = planCases({ seed, extra });
	if (process.env.FUZZ_ONLY) {
		const only = process.env.FUZZ_ONLY;
		cases = cases.filter((c) => c.id === only);
		if (!cases.length) throw new Error(`No case "${only}" in the plan of seed ${seed} with FUZZ_CASES=${extra}`);
	}
	if (process.env.FUZZ_MATCH) cases = cases.filter((c) => new RegExp(process.env.FUZZ_MATCH!).test(c.id));
	if (process.env.FUZZ_SKIP) cases = cases.filter((c) => !new RegExp(process.env.FUZZ_SKIP!).test(c.id));
	return cases;
}

/** The group a case is counted in: class A by the kind of field, class B by the answer family. */
function kindOf(c: FuzzCase): string {
	if (c.cls === 'B') return c.family;
	const fields = operationNamed(c.operation).fields;
	return c.changes.length > 1 ? 'two changes' : fields.find((field) => field.path === c.changes[0].field)!.kind;
}

/** The table's columns after the count of cases: the verdicts, and the cases that did not run. */
const COLUMNS = [
	['succeeded-equal', 'equal'],
	['succeeded-other', 'other'],
	['failed-loudly', 'loud'],
	['violation', 'violat.'],
	['not-run', 'not run'],
] as const;

/** A case's verdict for the table: a violation wins; a case with no report did not run. */
function verdictFor(c: FuzzCase, reports: Map<string, CaseReport>, violating: Set<string>): Verdict {
	if (violating.has(c.id)) return 'violation';
	return reports.get(c.id)?.verdict ?? 'not-run';
}

function countTable(cases: FuzzCase[], reports: Map<string, CaseReport>, violating: Set<string>): string {
	const rows = new Map<string, number[]>();
	const empty = () => Array.from({ length: COLUMNS.length + 1 }, () => 0);
	for (const c of cases) {
		const row = rows.get(kindOf(c)) ?? empty();
		row[0]++;
		row[COLUMNS.findIndex(([verdict]) => verdict === verdictFor(c, reports, violating)) + 1]++;
		rows.set(kindOf(c), row);
	}
	const total = [...rows.values()].reduce((sum, row) => sum.map((value, index) => value + row[index]), empty());
	const line = (name: string, row: number[]) => `  ${name.padEnd(22)}${row.map((value) => String(value).padStart(8)).join('')}`;
	return [
		`  ${'kind'.padEnd(22)}${['cases', ...COLUMNS.map(([, title]) => title)].map((title) => title.padStart(8)).join('')}`,
		...[...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, row]) => line(name, row)),
		line('all', total),
	].join('\n');
}

function violationReport(violations: Violation[]): string {
	const byKind = new Map<string, Violation[]>();
	for (const violation of violations) byKind.set(violation.kind, [...(byKind.get(violation.kind) ?? []), violation]);
	return [...byKind.entries()]
		.map(([kind, list]) => [`${kind} (${list.length}):`, ...list.map((violation) => `  ${violation.caseId}\n      ${violation.detail}`)].join('\n'))
		.join('\n');
}

test('fuzz: every case keeps the invariant, and no process dies or blocks', async () => {
	const started = Date.now();
	const cases = chosenCases();
	const hazardous = cases.filter((c) => c.hazard).map((c) => c.id);
	// The answers broken on every attempt wait out the retries (about 6 s): they start first.
	const waits = (c: FuzzCase) => c.cls === 'B' && c.mode === 'always' && !familyNamed(c.family).equivalent;
	const main = [...cases.filter((c) => !c.hazard && waits(c)), ...cases.filter((c) => !c.hazard && !waits(c))].map((c) => c.id);
	const outcome = await supervise(
		[
			{ name: 'main', ids: main, concurrency, stallMs: 5000 },
			{ name: 'hazard', ids: hazardous, concurrency: 1, stallMs: 3000 },
		],
		{ seed, extra, startupMs: 60_000, deadline: started + DEADLINE_MS, heapMb: 384 },
	);
	// A case the supervisor could not run (the deadline) is not a violation of the invariant: it is counted, and failed, as not run.
	const violations = [...outcome.violations.filter((violation) => violation.kind !== 'not-run'), ...[...outcome.reports.values()].flatMap((report) => report.violations)];
	const violating = new Set(violations.map((violation) => violation.caseId));
	const unrun = new Map(outcome.violations.filter((violation) => violation.kind === 'not-run').map((violation) => [violation.caseId, violation.detail]));
	const notRun = cases
		.filter((c) => verdictFor(c, outcome.reports, violating) === 'not-run')
		.map((c) => `  ${c.id}\n      ${outcome.reports.get(c.id)?.summary ?? unrun.get(c.id) ?? 'no report'}`);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	const rerun = `FUZZ_SEED=${seed}${extra === DEFAULT_EXTRA ? '' : ` FUZZ_CASES=${extra}`} FUZZ_ONLY='<case id>' npx jest test/fuzz`;
	const byClass = (cls: 'A' | 'B') => cases.filter((c) => c.cls === cls);
	const report = [
		`Fuzz run, FUZZ_SEED=${seed} FUZZ_CASES=${extra}: ${cases.length} cases in ${seconds} s (${hazardous.length} in the hazard lane)`,
		`Class A, hostile parameters (${byClass('A').length} cases; other = a valid other value taken, its relation to the undisturbed run kept):`,
		countTable(byClass('A'), outcome.reports, violating),
		`Class B, mutated answers (${byClass('B').length} cases):`,
		countTable(byClass('B'), outcome.reports, violating),
		...(outcome.events.some((event) => /crashed|blocked/.test(event)) ? ['Workers:', ...outcome.events.map((event) => `  ${event}`)] : []),
		// A case or a few, run on their own (FUZZ_ONLY, FUZZ_MATCH): what each did.
		...(cases.length <= 10 ? cases.map((c) => `${c.id}: ${outcome.reports.get(c.id)?.verdict ?? 'not run'}, ${outcome.reports.get(c.id)?.requests ?? 0} requests: ${outcome.reports.get(c.id)?.summary ?? ''}`) : []),
		violations.length
			? `${violations.length} violations, by kind (re-run one: ${rerun}):\n${violationReport(violations)}`
			: 'No violations.',
		notRun.length ? `${notRun.length} cases did not run, each a failure of the run (re-run one: ${rerun}):\n${notRun.join('\n')}` : 'Every case ran.',
	].join('\n');
	const directory = join(__dirname, '..', '..', 'test-output', 'fuzz');
	mkdirSync(directory, { recursive: true });
	writeFileSync(join(directory, 'report.json'), JSON.stringify({ seed, extra, seconds, violations, events: outcome.events, cases: cases.map((c) => ({ ...c, report: outcome.reports.get(c.id) })) }, null, 1));
	if (violations.length || notRun.length) throw new Error(report);
	console.log(report);
}, 240_000);
