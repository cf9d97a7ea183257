#!/usr/bin/env node
// `npm run test:queue`: the package in n8n 2.41.1's queue mode (docs/scaling.md): Postgres and
// Redis from Debian's packages, the sandbox with the services' real rate limits, one main and two
// workers, each with the package installed as a community package.
//
//   1. 20 reads at once through two webhooks (click Return Alls of 3 pages, lost-order Return Alls
//      with one client-credentials credential): both workers take some, every answer complete, at
//      most one token minted per worker, no request refused for rate;
//   2. the token a worker minted is used by the other; a refused token is renewed once per worker;
//   3. the Click Report Trigger and the Affiliate Partner Trigger, with changes made before, while
//      and after the main is stopped and started again: every change emitted exactly once.
//
// All of it in two modes, one after the other, each on fresh servers: n8n's defaults, and durable
// poll cursors (docs/scaling.md). QUEUE_MODES (defaults,durable) picks them.
// Ports: main 5790, its task broker 5791, CLI broker 5792, workers 5793-5796, sandbox 4210/4211,
// Postgres 5439, Redis 6390. Output: test-output/queue/<mode>/ (each process's log). Keep the user
// folders with QUEUE_KEEP=1.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { clickPeriods, lostOrderCount, readAtOnce, serviceCounts } from './burst.mjs';
import { createCluster } from './cluster.mjs';
import { ensureServerPackages, startPostgres, startRedis } from './services.mjs';
import { IDS, PROCESSES_SHARING_A_KEY, queueCredentials, queueWorkflows } from './setup.mjs';
import { checkTokenRenewal, checkTokenReuse } from './tokens.mjs';
import { checkTriggersAcrossRestart } from './triggers.mjs';
import { DURABLE_POLL_CURSORS_ENV } from '../chaos/setup.mjs';
import { cleanupStack, importIntoN8n, npmRun, publishWorkflows, restSession, startSandbox, stopChild } from '../n8n-runtime/harness.mjs';
import { ensureRuntime, repoRoot, requireFromRuntime, seconds } from '../n8n-runtime/runtime.mjs';

const PORTS = {
	main: 5790,
	mainBroker: 5791,
	cliBroker: 5792,
	workers: [
		[5793, 5794],
		[5795, 5796],
	],
	partner: 4210,
	click: 4211,
	postgres: 5439,
	redis: 6390,
};
const outputDir = join(repoRoot, 'test-output', 'queue');
const MODES = {
	defaults: { label: "n8n's defaults", env: {} },
	durable: { label: 'durable poll cursors', env: DURABLE_POLL_CURSORS_ENV, pollerState: true },
};
const modes = (process.env.QUEUE_MODES ?? 'defaults,durable').split(',').map((name) => name.trim());
const log = (line) => console.log(`[queue] ${line}`);
const results = [];
const failures = [];
const figures = [];
const cleanup = cleanupStack(log);
const started = performance.now();

/** One check: its failure is counted and reported, and the next checks still run. */
async function check(mode, what, work) {
	const name = `${mode.label}: ${what}`;
	const t = performance.now();
	log(`— ${name}`);
	try {
		const summary = await work();
		results.push(`${name}: ${summary} (${seconds(performance.now() - t)})`);
		log(`✔ ${summary}`);
	} catch (error) {
		failures.push(`${name}: ${error.message}`);
		log(`✘ ${name}: ${error.stack ?? error.message}`);
	}
}

async function main() {
	rmSync(outputDir, { recursive: true, force: true });
	npmRun('build', { log });
	npmRun('build:sandbox', { log });
	const installed = ensureServerPackages({ log });
	if (installed.length) figures.push(`installed from Debian's packages: ${installed.join(', ')}`);
	const runtime = await ensureRuntime();
	for (const name of modes) {
		if (!MODES[name]) throw new Error(`QUEUE_MODES: no mode ${name} (${Object.keys(MODES).join(', ')})`);
		const t = performance.now();
		log(`==== ${MODES[name].label}`);
		try {
			await runMode(MODES[name], join(outputDir, name), runtime);
		} finally {
			// The next mode takes the same ports.
			await cleanup.run();
		}
		figures.push(`${MODES[name].label}: ${seconds(performance.now() - t)}`);
	}
}

/** Every check on fresh servers, with the mode's settings on the main, the workers and the CLI. */
async function runMode(mode, modeDir, runtime) {
	mkdirSync(modeDir, { recursive: true });
	const figure = (line) => figures.push(`${mode.label}: ${line}`);
	const onSpawn = (child) => cleanup.push(() => stopChild(child, 'SIGTERM', 10_000));
	const postgres = await startPostgres({ port: PORTS.postgres, log });
	cleanup.push(() => postgres.stop());
	const redis = await startRedis({ port: PORTS.redis, log, onSpawn });
	const sandbox = await startSandbox({ partnerPort: PORTS.partner, clickPort: PORTS.click, options: { rateLimits: true }, quiet: true, log, onSpawn });
	const { client } = sandbox;

	const cluster = createCluster({ runtime, ports: PORTS, servicesEnv: { ...postgres.env, ...redis.env, ...mode.env }, logDir: modeDir, log, cleanup });
	if (!process.env.QUEUE_KEEP) cleanup.push(() => cluster.folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
	await importIntoN8n(runtime, cluster.cliEnv, { credentials: queueCredentials(sandbox.state), workflows: queueWorkflows(), log });
	// The webhooks are published before the start; the triggers are activated later, over REST.
	await publishWorkflows(runtime, cluster.cliEnv, [IDS.clickReadWorkflow, IDS.partnerReadWorkflow]);
	await client.clearRequests();

	let main = await cluster.startMain();
	const workers = [await cluster.startWorker(1), await cluster.startWorker(2)];
	figure(`processes sharing each key: ${PROCESSES_SHARING_A_KEY} (main and 2 workers), credentials at a third of each limit`);

	const periods = await clickPeriods(client, 10);
	const lostOrders = await lostOrderCount(client);

	await check(mode, '20 reads at once, spread over both workers', async () => {
		const before = workers.map((w) => w.executions.length);
		const { results: reads, ms } = await readAtOnce({ baseUrl: main.url, periods, lostOrders, partnerReads: 10 });
		const perWorker = workers.map((w, i) => w.executions.length - before[i]);
		const counts = await serviceCounts(client);
		figure(`20 reads at once: ${seconds(ms)}; executions per worker ${perWorker.join(' and ')}; ${counts.clickRequests} click and ${counts.partnerRequests} partner requests; ${counts.tokensMinted} tokens minted; ${counts.refused} refused for rate`);
		if (perWorker.some((n) => n === 0)) throw new Error(`a worker took no execution: ${perWorker.join(', ')}`);
		if (counts.tokensMinted > workers.length) throw new Error(`${counts.tokensMinted} tokens minted for ${workers.length} workers`);
		if (counts.refused > 0) throw new Error(`${counts.refused} requests refused for rate: ${counts.refusedDetail}`);
		return `${reads.length} complete answers (${reads.filter((r) => r.kind === 'click').length} click Return Alls of 3 pages, ${reads.filter((r) => r.kind === 'partner').length} of ${lostOrders} lost orders); executions per worker ${perWorker.join(' and ')}; ${counts.tokensMinted} token(s) minted; 0 refused`;
	});

	const readLostOrders = async (count) => {
		const before = workers.map((w) => w.executions.length);
		await client.clearRequests();
		await readAtOnce({ baseUrl: main.url, periods: [], lostOrders, partnerReads: count });
		return { perWorker: workers.map((w, i) => w.executions.length - before[i]), counts: await serviceCounts(client) };
	};
	const tokenContext = { sandbox: client, workers, readLostOrders, figure };
	await check(mode, 'a token minted by one worker is used by the other', () => checkTokenReuse(tokenContext));
	await check(mode, 'a refused token is renewed once per worker', () => checkTokenRenewal(tokenContext));

	await check(mode, 'both triggers across a restart of the main', async () => {
		const flatted = requireFromRuntime(runtime, 'flatted');
		const restartMain = {
			stop: () => main.stop(),
			start: async () => {
				main = await cluster.startMain();
				return restSession(main.url);
			},
		};
		const outcome = await checkTriggersAcrossRestart({ api: await restSession(main.url), sandbox: client, flatted, restartMain, log });
		const counts = await serviceCounts(client);
		figure(`triggers across a restart: ${outcome.expected} changes made, ${outcome.emitted} emitted, in ${outcome.executions} executions; ${counts.refused} requests refused for rate`);
		if (counts.refused > 0) throw new Error(`${counts.refused} requests refused for rate: ${counts.refusedDetail}`);
		return `${outcome.expected} changes (inserts, an update, claim decisions) before, during and after the restart: each emitted exactly once`;
	});

	// The claim is measured only if n8n did keep the triggers' state as durable cursors.
	if (mode.pollerState) await check(mode, "the triggers' state in n8n's poller_state table", () => checkPollerState(postgres, figure));
}

/** Each trigger's state is in `poller_state`, as committed by its polls (`seq`), and n8n logged no refusal of durable cursors. */
function checkPollerState(postgres, figure) {
	const rows = postgres.query('SELECT "workflowId", "cursor"::text FROM poller_state');
	const seqs = [IDS.clickTriggerWorkflow, IDS.claimTriggerWorkflow].map((id) => {
		const row = rows.find(([workflowId]) => workflowId === id);
		const cursor = row ? JSON.parse(row[1]) : {};
		const seq = Object.values(cursor).find((state) => typeof state?.seq === 'number')?.seq;
		if (seq === undefined) throw new Error(`no state of workflow ${id} in poller_state: ${JSON.stringify(rows).slice(0, 300)}`);
		return seq;
	});
	figure(`poller_state: ${rows.length} rows; the click trigger's state at seq ${seqs[0]}, the claim trigger's at seq ${seqs[1]}`);
	return `both triggers' states are durable cursors (seq ${seqs.join(' and ')})`;
}


function printSummary() {
	console.log('\n[queue] figures');
	for (const line of figures) console.log(`  ${line}`);
	console.log('\n[queue] checks');
	for (const line of results) console.log(`  ✔ ${line}`);
	for (const line of failures) console.log(`  ✘ ${line}`);
	console.log(`\n[queue] output: ${outputDir}; ${seconds(performance.now() - started)} in all`);
	console.log(`queue: ${results.length} passed, ${failures.length} failed`);
}

main().then(
	async () => {
		await cleanup.run();
		printSummary();
		if (failures.length) process.exitCode = 1;
	},
	async (error) => {
		failures.push(`setup: ${error.message}`);
		console.error(`\n[queue] ${error.stack ?? error.message}`);
		await cleanup.run();
		printSummary();
		process.exitCode = 1;
	},
);
