#!/usr/bin/env node
// `npm start`: build the package, start the sandbox, install (or reuse) n8n 2.41.1, load the package
// into it as a community package, import the sandbox credentials and the example workflows, create
// the owner account, publish the MCP server examples, start n8n on http://127.0.0.1:5678. Ctrl-C
// stops n8n and the sandbox. `N8N_LINE=1 npm start` runs the last 1.x line, n8n 1.123.81, instead
// (without the first MCP server example, which needs 2.x).
//
// Options:  --fresh  start from an empty n8n user folder (drops executions and your own workflows);
//                    the folder is in the runtime cache, outside the clone, and outlives it
// Env:      N8N_PORT (5678), N8N_RUNNERS_BROKER_PORT (5679), SANDBOX_PARTNER_PORT (4010),
//           SANDBOX_CLICK_PORT (4011), N8N_RUNTIME_CACHE (~/.cache/n8n-affiliate-runtime)
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import {
	CONVERSIONS_MCP_SERVER,
	LINKS_MCP_SERVER,
	MCP_SERVER,
	importSandboxSetup,
	npmRun,
	ownerEnv,
	publishWorkflows,
	restSession,
	startN8n,
	startSandbox,
	stopChild,
} from './n8n-runtime/harness.mjs';
import { cacheRoot, ensureRuntime, installPackage, n8nEnv, n8nLine, seconds } from './n8n-runtime/runtime.mjs';
import { startSummary } from './startSummary.mjs';

const log = (line) => console.log(`[start] ${line}`);
const started = performance.now();
const port = Number(process.env.N8N_PORT || 5678);
const brokerPort = Number(process.env.N8N_RUNNERS_BROKER_PORT || 5679);
const partnerPort = Number(process.env.SANDBOX_PARTNER_PORT || 4010);
const clickPort = Number(process.env.SANDBOX_CLICK_PORT || 4011);
// Each line keeps its own: n8n 1.x cannot open a database that n8n 2.x has migrated.
const userFolder = join(cacheRoot(), n8nLine().line === 1 ? 'user-v1' : 'user');

const children = [];
let stopping = false;

async function stopAll(reason, code) {
	if (stopping) return;
	stopping = true;
	log(`${reason}: stopping n8n and the sandbox`);
	// n8n first (it may still be finishing an execution against the sandbox), then the sandbox.
	for (const { name, child, timeoutMs } of [...children].reverse()) {
		await stopChild(child, 'SIGTERM', timeoutMs);
		log(`${name} stopped`);
	}
	process.exit(code);
}

// Ctrl-C reaches the children too (same process group); stopChild waits for them either way.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal, 0));

async function main() {
	if (process.argv.includes('--fresh')) {
		log(`--fresh: removing the n8n user folder ${userFolder}`);
		rmSync(userFolder, { recursive: true, force: true });
	}
	npmRun('build', { log });
	npmRun('build:sandbox', { log });

	const sandbox = await startSandbox({
		partnerPort,
		clickPort,
		log,
		onSpawn: (child) => children.push({ name: 'sandbox', child, timeoutMs: 5000 }),
	});
	sandbox.child.on('exit', (code, signal) => stopAll(`the sandbox stopped (${signal ?? `exit ${code}`})`, 1));

	const runtime = await ensureRuntime();
	installPackage(userFolder);
	const env = n8nEnv(runtime, { userFolder, port, brokerPort });
	await importSandboxSetup(runtime, env, sandbox.state, { log });
	// The MCP server examples are published, so that MCP clients can connect as soon as n8n is up.
	const withMcp = runtime.line !== 1;
	await publishWorkflows(runtime, env, [CONVERSIONS_MCP_SERVER.workflowId, LINKS_MCP_SERVER.workflowId, ...(withMcp ? [MCP_SERVER.workflowId] : [])]);

	const n8n = await startN8n(runtime, { ...env, ...ownerEnv(runtime) }, {
		log,
		onSpawn: (child) => children.push({ name: 'n8n', child, timeoutMs: 30_000 }),
	});
	n8n.child.on('exit', (code, signal) => stopAll(`n8n stopped (${signal ?? `exit ${code}`})`, code ?? 1));

	const url = `http://127.0.0.1:${port}`;
	// n8n 1.x takes no owner from its environment: the first login sets it up.
	if (runtime.line === 1) await restSession(url);
	const timing = `all set up in ${seconds(performance.now() - started)}; n8n started in ${seconds(n8n.ms)}`;
	console.log(startSummary({ url, n8nVersion: runtime.n8nVersion, timing, withMcp, sandbox: sandbox.state, userFolder }));
}

main().catch(async (error) => {
	console.error(`[start] ${error.message}`);
	await stopAll('error', 1);
});
