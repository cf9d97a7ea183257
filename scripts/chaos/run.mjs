#!/usr/bin/env node
// `npm run test:chaos`: both triggers in the real n8n (the runtime the e2e uses) killed with
// SIGKILL at seeded moments and started again, in two modes: n8n's defaults and durable poll
// cursors (docs/guarantees.md, "When n8n crashes"). Changes are made in the sandbox about once a
// second (click items, claims, and conversions, which the Affiliate Partner Trigger watches beside
// the claims; the sandbox moves its seeded conversions too); at the end every execution is read
// back and each change counted by stream (setup.mjs): delivered once, twice, never, or held only
// by an execution n8n marked crashed (visible, retryable). A change never delivered is put down
// to n8n's emit window only when the poll whose emit a kill lost had read it (analysis.mjs). With
// durable cursors one more kill lands between the activation and the first committed poll
// (firstCommit.mjs).
//
//   CHAOS_SEED (27)  the kill moments, pauses and changes    CHAOS_KILLS (21)  kills per mode
//   CHAOS_MODES (defaults,durable)                           CHAOS_KEEP=1  keep the user folders
//   CHAOS_TYPE_VERSION (1.1)  the triggers' node version   CHAOS_SKIP_BUILD=1  use dist/ as it is
// The two modes run at the same time. Ports: defaults n8n 5870/5871, sandbox 4320/4321, proxy 4322/4323; durable 5880/5881, 4330-4333.
// Output: test-output/chaos/report.json, and per mode n8n.log and result.json (the lives, the
// ground truth and every execution read back).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanupStack, npmRun } from '../n8n-runtime/harness.mjs';
import { ensureRuntime, repoRoot, seconds } from '../n8n-runtime/runtime.mjs';
import { emitsWithoutExecution, explainLosses, killSummary, unexplainedDuplicates } from './analysis.mjs';
import { DUE_BEFORE_END_MS } from './conversions.mjs';
import { CONVERSION_SOURCES } from './keys.mjs';
import { runMode } from './mode.mjs';
import { STREAMS, TRIGGERS } from './setup.mjs';

const MIN_KILLS = 20;
const PORTS = {
	defaults: { n8n: 5870, broker: 5871, partner: 4320, click: 4321, proxyPartner: 4322, proxyClick: 4323 },
	durable: { n8n: 5880, broker: 5881, partner: 4330, click: 4331, proxyPartner: 4332, proxyClick: 4333 },
};
const seed = Number(process.env.CHAOS_SEED ?? 27);
const kills = Number(process.env.CHAOS_KILLS ?? 21);
const modes = (process.env.CHAOS_MODES ?? 'defaults,durable').split(',').map((mode) => mode.trim());
const outputDir = join(repoRoot, 'test-output', 'chaos');
const log = (line) => console.log(`[chaos] ${line}`);
const cleanup = cleanupStack(log);
const passed = [];
const failed = [];
const rows = [];
const notes = [];
const started = performance.now();

const check = (name, ok, detail) => (ok ? passed : failed).push(`${name}: ${detail}`);
const list = (entries, limit = 8) => entries.slice(0, limit).map((entry) => entry.key).join('; ') + (entries.length > limit ? ` … (${entries.length})` : '');

function judge(result) {
	const { mode, modeName, lives, truth, executions, deliveries } = result;
	const killed = killSummary(lives);
	const moments = Object.entries(killed.byMoment).map(([moment, n]) => `${moment} ${n}`).join(', ');
	check(`${mode.label}: kills`, killed.count >= MIN_KILLS, `${killed.count} SIGKILLs (${moments}); ${killed.withinMsOfEmit} within 300 ms of an emit; ${killed.timedOut} after waiting 30 s for their moment`);
	const failures = [...new Set(result.changeFailures)];
	if (failures.length) notes.push(`${mode.label}: ${result.changeFailures.length} change requests got no answer (${failures.slice(0, 3).join('; ')}); the sandbox was read back for them`);
	for (const failure of killed.startFailures) notes.push(`${mode.label}: n8n stopped while starting after a kill, and was started again: ${failure}`);
	if (result.firstCommit) {
		const { killMsAfterActivation, scheduledPollsBeforeKill, activationsDone } = result.firstCommit;
		const met = activationsDone === TRIGGERS.length && scheduledPollsBeforeKill === 0 && !lives[0].timedOut;
		check(`${mode.label}: a kill between the activation and the first committed poll`, met, `${killMsAfterActivation} ms after the activation began, ${activationsDone} of ${TRIGGERS.length} activations done, ${scheduledPollsBeforeKill} scheduled polls done before it`);
	}
	const lostEmits = emitsWithoutExecution(lives, executions);
	const rebuilt = executions.filter((e) => e.rebuilt).map((e) => e.id);
	if (rebuilt.length) notes.push(`${mode.label}: n8n rebuilt the run of crashed execution(s) ${rebuilt.join(', ')} from its event log; their items were read from the execution's start`);
	for (const e of executions.filter((e) => e.status === 'error')) notes.push(`${mode.label}: execution ${e.id} (${e.trigger}) is a failed poll: ${e.error ?? 'no message'}`);
	for (const stream of STREAMS) {
		const counts = deliveries.perTrigger[stream.name];
		const losses = explainLosses(counts, stream.workflow, lives, lostEmits, truth, CONVERSION_SOURCES[stream.conversions]?.path);
		const duplicates = modeName === 'durable' ? counts.twice : unexplainedDuplicates(counts, lives);
		const crashedIds = [...new Set(counts.crashedOnly.flatMap((entry) => entry.executions.map((e) => e.id)))];
		rows.push([mode.label, stream.label, killed.count, counts.promised, counts.once.length, counts.twice.length, counts.never.length, losses.emitWindow.length, counts.crashedOnly.length]);
		const lostWindows = [...new Set(losses.emitWindow.map((entry) => `${entry.window.killMsAfter} ms`))];
		if (losses.emitWindow.length) notes.push(`${mode.label}, ${stream.label}: ${losses.emitWindow.length} changes lost in n8n's emit window, at ${lostWindows.length} kill(s) ${lostWindows.join(', ')} after the emit: ${list(losses.emitWindow)}`);
		if (counts.crashedOnly.length) notes.push(`${mode.label}, ${stream.label}: ${counts.crashedOnly.length} changes held only by executions n8n marked crashed (${crashedIds.join(', ')}), each among that execution's items`);
		if (losses.coalesced.length) notes.push(`${mode.label}, ${stream.label}: ${losses.coalesced.length} versions superseded while n8n was down: ${list(losses.coalesced)}`);
		if (counts.notDue.length) notes.push(`${mode.label}, ${stream.label}: ${counts.notDue.length} changes seen within ${DUE_BEFORE_END_MS / 1000} s of the end and not delivered, not yet due: ${list(counts.notDue)}`);
		const allowedLoss = modeName === 'defaults' ? losses.emitWindow.length : 0;
		const silent = counts.never.length - losses.coalesced.length - allowedLoss;
		check(`${mode.label}, ${stream.label}: no change silently lost`, silent === 0, silent === 0 ? `${counts.once.length + counts.twice.length} of ${counts.promised} delivered, ${counts.crashedOnly.length} held by crashed executions, ${losses.emitWindow.length} lost in n8n's emit window` : `${silent} never delivered: ${list(losses.unexplained.concat(modeName === 'durable' ? losses.emitWindow : []))}`);
		const dupWhat = modeName === 'durable' ? 'no duplicate' : 'a duplicate only across a kill';
		check(`${mode.label}, ${stream.label}: ${dupWhat}`, duplicates.length === 0, duplicates.length === 0 ? `${counts.twice.length} delivered twice or more` : `${duplicates.length}: ${duplicates.slice(0, 6).map((entry) => `${entry.key} in ${entry.executions.map((e) => e.id).join(', ')}`).join('; ')}`);
	}
	check(`${mode.label}: nothing emitted that was not changed`, deliveries.unexpected.length === 0, deliveries.unexpected.length ? deliveries.unexpected.slice(0, 6).join('; ') : `${executions.length} executions read`);
	check(`${mode.label}: every item carries its event key`, deliveries.withoutKey.length === 0, deliveries.withoutKey.length ? deliveries.withoutKey.slice(0, 6).join('; ') : 'yes');
	if (result.unfinished) check(`${mode.label}: executions finished`, false, `${result.unfinished} still running at the end`);
	return { mode: modeName, kills: killed, lostEmits, ms: result.ms };
}

function printTable() {
	console.log('\n| mode | trigger | kills | changes promised | once | twice or more | never | of which in n8n\'s emit window | held by crashed executions |');
	console.log('|---|---|---|---|---|---|---|---|---|');
	for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

async function main() {
	mkdirSync(outputDir, { recursive: true });
	if (!process.env.CHAOS_SKIP_BUILD) {
		npmRun('build', { log });
		npmRun('build:sandbox', { log });
	}
	const runtime = await ensureRuntime();
	// The modes run side by side, each with its own n8n, sandbox and proxy.
	const results = await Promise.all(
		modes.map(async (modeName) => {
			const t = performance.now();
			const result = await runMode({ modeName, runtime, ports: PORTS[modeName], seed, kills, outputDir, cleanup, log });
			log(`${result.mode.label}: ${seconds(performance.now() - t)}`);
			return result;
		}),
	);
	await cleanup.run();
	for (const result of results) {
		const lives = result.lives.map(({ child, ready, ...life }) => life);
		writeFileSync(join(outputDir, result.modeName, 'result.json'), JSON.stringify({ lives, truth: [...result.truth], executions: result.executions }, null, 1));
	}
	const report = results.map(judge);
	writeFileSync(join(outputDir, 'report.json'), JSON.stringify({ seed, kills, report, rows, notes }, null, 2));
}

main().then(
	() => {
		printTable();
		for (const note of notes) console.log(`  · ${note}`);
		console.log('');
		for (const line of passed) console.log(`  ✔ ${line}`);
		for (const line of failed) console.log(`  ✘ ${line}`);
		console.log(`\n[chaos] seed ${seed}; ${seconds(performance.now() - started)} in all`);
		console.log(`chaos: ${passed.length} passed, ${failed.length} failed`);
		if (failed.length) process.exitCode = 1;
	},
	async (error) => {
		console.error(`\n[chaos] ${error.stack ?? error.message}`);
		await cleanup.run();
		console.log(`chaos: ${passed.length} passed, ${failed.length + 1} failed`);
		process.exitCode = 1;
	},
);
