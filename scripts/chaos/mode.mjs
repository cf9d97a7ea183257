// One mode of the crash test: a fresh n8n with both triggers, changes about once a second, the
// seeded kills each followed by a restart, a quiet end, and every execution read back. With
// durable poll cursors the first kill lands between the activation and the first committed poll
// (firstCommit.mjs).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { Rng } from '../../sandbox/dist/prng.js';
import { sleep } from '../e2e/executions.mjs';
import { importIntoN8n, publishWorkflows, restSession, startSandbox } from '../n8n-runtime/harness.mjs';
import { freshUserFolder, installPackage, n8nEnv, requireFromRuntime } from '../n8n-runtime/runtime.mjs';
import { changeMaker } from './changes.mjs';
import { killBeforeFirstCommit } from './firstCommit.mjs';
import { countDeliveries, readExecutions } from './ledger.mjs';
import { killAtMoment, killPlan, n8nLives } from './lifecycle.mjs';
import { readHolder, startProxy } from './proxy.mjs';
import { COMMON_ENV, MODES, TRIGGERS, chaosCredentials, chaosWorkflows } from './setup.mjs';

/** Changes go on this long after the last restart, then none for the quiet end (four polls or more). */
const AFTER_LAST_RESTART_MS = 20_000;
const QUIET_END_MS = 45_000;

/** Waits until both triggers have read from the sandbox, then for 3 s of no request: activated. */
async function waitForActivation(lives, timeoutMs = 120_000) {
	const seen = new Set();
	const started = Date.now();
	while (seen.size < 2) {
		const event = await lives.next((e) => e.kind === 'answer', Math.max(1, timeoutMs - (Date.now() - started)));
		if (!event) throw new Error('the triggers did not poll after activation');
		seen.add(event.api);
	}
	while (await lives.next((e) => e.kind === 'request', 3000));
}

export async function runMode({ modeName, runtime, ports, seed, kills, outputDir, cleanup, log }) {
	const mode = MODES[modeName];
	const rng = new Rng(seed);
	const dir = join(outputDir, modeName);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	const sandbox = await startSandbox({ partnerPort: ports.partner, clickPort: ports.click, quiet: true, log, onSpawn: () => {} });
	cleanup.push(() => sandbox.stop());
	const held = readHolder();
	let lives;
	const proxy = await startProxy({
		partnerTarget: sandbox.state.partnerUrl,
		clickTarget: sandbox.state.clickUrl,
		partnerPort: ports.proxyPartner,
		clickPort: ports.proxyClick,
		hold: (info) => (lives?.request(info), held.hold(info)),
		answered: (info) => lives?.answer(info),
	});
	cleanup.push(() => proxy.stop());

	const folder = freshUserFolder(`chaos-${modeName}-`);
	if (!process.env.CHAOS_KEEP) cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
	installPackage(folder, { log: () => {} });
	const env = n8nEnv(runtime, { userFolder: folder, port: ports.n8n, brokerPort: ports.broker, logLevel: 'debug', extra: { ...COMMON_ENV, ...mode.env } });
	const credentials = chaosCredentials(sandbox.state, proxy);
	await importIntoN8n(runtime, env, { credentials, workflows: chaosWorkflows(credentials), log: () => {} });
	// Activated before the start, or by killBeforeFirstCommit at a moment of its choosing.
	if (!mode.killBeforeFirstCommit) await publishWorkflows(runtime, env, TRIGGERS.map((trigger) => trigger.workflowId));

	const workflowNames = Object.fromEntries(chaosWorkflows(credentials).map((workflow, index) => [workflow.name, TRIGGERS[index].name]));
	lives = n8nLives({ runtime, env, logFile: join(dir, 'n8n.log'), workflowNames, log });
	cleanup.push(() => lives.current?.child && lives.kill(lives.current, 'cleanup'));
	const first = await lives.start();
	await first.ready;
	const changes = changeMaker({ sandbox: sandbox.client, seed, log });
	let firstCommit;
	if (mode.killBeforeFirstCommit) {
		const api = await restSession(`http://127.0.0.1:${ports.n8n}`);
		firstCommit = await killBeforeFirstCommit({ lives, api, held, changes, workflowIds: TRIGGERS.map((trigger) => trigger.workflowId) });
		log(`${mode.label}: activated, a change made for each trigger and killed ${firstCommit.killMsAfterActivation} ms after the activation began, ${firstCommit.scheduledPollsBeforeKill} scheduled polls done; starting again`);
		await (await lives.start()).ready;
	}
	await waitForActivation(lives);
	await changes.watchConversions(lives.lives);
	log(`${mode.label}: n8n ready in ${((first.readyAt - first.spawnedAt) / 1000).toFixed(1)} s, both triggers activated`);

	changes.start();
	const startedAt = Date.now();
	await sleep(15_000);
	for (const [index, kind] of killPlan(rng, kills).entries()) {
		const life = await killAtMoment(lives, kind, rng, held);
		const pause = rng.int(0, 5000);
		log(`${mode.label}: kill ${index + 1}/${kills} (${kind}${life.timedOut ? ', moment not met in 30 s' : ''}${life.msSinceEmit !== undefined ? `, ${life.msSinceEmit} ms after the last emit` : ''}); restart in ${pause} ms`);
		await sleep(pause);
		await lives.start();
	}
	await lives.current.ready;
	await sleep(AFTER_LAST_RESTART_MS);
	const readBack = await changes.stop();
	log(`${mode.label}: ${changes.truth.size} changes made (${changes.failures.length} requests without an answer, ${readBack} found applied at the end); quiet end of ${QUIET_END_MS / 1000} s`);
	await sleep(QUIET_END_MS);

	const endAt = Date.now();
	const api = await restSession(`http://127.0.0.1:${ports.n8n}`);
	const { executions, unfinished } = await readExecutions(api, requireFromRuntime(runtime, 'flatted'), { sleep });
	await lives.stopCleanly();
	await changes.finish(endAt);
	const deliveries = countDeliveries(changes.truth, executions);
	return { mode, modeName, lives: lives.lives, truth: changes.truth, changeFailures: changes.failures, executions, unfinished, deliveries, firstCommit, ms: Date.now() - startedAt };
}
