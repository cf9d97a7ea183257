#!/usr/bin/env node
// `npm run test:e2e`: the package in the real n8n 2.41.1 application, against the sandbox;
// `npm run test:e2e:v1` (N8N_LINE=1): the same in the last 1.x line, n8n 1.123.81.
//
//   1. every example but the trigger and the MCP server runs headless: n8n import:credentials,
//      import:workflow, n8n execute --id … --rawOutput; the run data is checked against the
//      sandbox's own answers;
//   2. the three trigger examples run in a live `n8n start`: published before the start, clicks
//      inserted, claims and conversions decided through the sandbox's control endpoint, the
//      executions n8n recorded read over REST; then n8n is stopped (SIGTERM), changes are made
//      while it is down, and after the start each trigger emits them once and nothing it emitted
//      before (liveTriggers.mjs);
//   3. the MCP server examples in the same n8n: an MCP client lists and calls their tools (mcp.mjs,
//      conversionTools.mjs, linkTools.mjs);
//   4. the editor in Debian's chromium (playwright-core): log in, open each node's panel, check
//      icon, credential and operations, one screenshot per node; then what a new user meets;
//   5. n8n's output of both starts names none of n8n's own servers, nor did its proxy refuse one
//      (callHome.mjs): what an offline `npm start` would have printed as failures.
// What n8n 1.x cannot run is skipped there by name, with its reason (lineSkips.mjs).
//
// Ports differ from `npm start` (n8n 5690, task brokers 5691 and 5692, sandbox 4110/4111), so
// both can run at once. Everything is installed into the cache folder outside the clone
// ($N8N_RUNTIME_CACHE, default ~/.cache/n8n-affiliate-runtime); a fresh n8n user folder per run.
// Output: test-output/e2e/ (1.x: e2e-v1/; screenshots, n8n's log). Keep the user folder with E2E_KEEP=1.
import { appendFileSync, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { checkNoCallHome } from './callHome.mjs';
import { ensureChromium } from './chromium.mjs';
import { checkCredentialTest } from './credentialTest.mjs';
import { checkCredentialEditor } from './editorCredential.mjs';
import { checkEditor } from './editor.mjs';
import { lineSkips, recordE2eSkips } from './lineSkips.mjs';
import { checkMcpTools } from './mcp.mjs';
import { runDocsMcpClient } from './mcpSnippet.mjs';
import { CLI_EXAMPLES } from './examples.mjs';
import { EXAMPLES_WITH_EXTERNAL_NODES, STAND_IN, connectExternalNodes } from './externalNodes.mjs';
import { startOutbound } from './outbound.mjs';
import { CLAIM_TRIGGER_WORKFLOW_ID } from './claimTrigger.mjs';
import { checkConversionTools } from './conversionTools.mjs';
import { checkLinkTools } from './linkTools.mjs';
import { DECLINED_WORKFLOW_ID } from './conversionTrigger.mjs';
import { liveTriggers } from './liveTriggers.mjs';
import { TRIGGER_WORKFLOW_ID } from './trigger.mjs';
import {
	CONVERSIONS_MCP_SERVER,
	LINKS_MCP_SERVER,
	MCP_SERVER,
	cleanupStack,
	importSandboxSetup,
	npmRun,
	ownerEnv,
	parseRunOutput,
	publishWorkflows,
	restSession,
	startN8n,
	startSandbox,
	stopChild,
} from '../n8n-runtime/harness.mjs';
import { ensureRuntime, freshUserFolder, installPackage, n8nEnv, n8nLine, repoRoot, runN8n, seconds } from '../n8n-runtime/runtime.mjs';

const PORTS = { n8n: 5690, broker: 5691, executeBroker: 5692, partner: 4110, click: 4111 };
const line = n8nLine();
const outputDir = join(repoRoot, 'test-output', line.line === 1 ? 'e2e-v1' : 'e2e');
const screenshotsDir = join(outputDir, 'screenshots');

const log = (text) => console.log(`[e2e] ${text}`);
const timings = [];
const results = [];
/** Checks that cannot run on this n8n line, each with its reason: printed and recorded, never silent. */
const { runs, skipped } = lineSkips(line.line);
const started = performance.now();

async function step(name, work) {
	const t = performance.now();
	log(`— ${name}`);
	try {
		const value = await work();
		timings.push([name, performance.now() - t]);
		return value;
	} catch (error) {
		timings.push([`${name} (failed)`, performance.now() - t]);
		throw error;
	}
}

function printSummary(ok) {
	console.log('\n[e2e] timings');
	for (const [name, ms] of timings) console.log(`  ${seconds(ms).padStart(9)}  ${name}`);
	console.log(`  ${seconds(performance.now() - started).padStart(9)}  total`);
	if (results.length) {
		console.log(`\n[e2e] checks on n8n ${line.version}`);
		for (const result of results) console.log(`  ✔ ${result}`);
	}
	for (const { title, reason } of skipped) console.log(`  – skipped on n8n ${line.line}.x: ${title}: ${reason}`);
	console.log(`[e2e] skips kept in ${recordE2eSkips(line.line, skipped, ok)}`);
	console.log(`\n[e2e] output: ${outputDir}`);
	console.log(ok ? '[e2e] PASSED' : '[e2e] FAILED');
	// The plain closing line CI reads: checks that passed, and the step that failed, if any.
	console.log(`e2e (n8n ${line.version}): ${results.length} passed, ${ok ? 0 : 1} failed, ${skipped.length} skipped`);
}

const cleanup = cleanupStack(log);

async function main() {
	rmSync(outputDir, { recursive: true, force: true });
	mkdirSync(outputDir, { recursive: true });

	await step('build the package and the sandbox', () => {
		npmRun('build', { log });
		npmRun('build:sandbox', { log });
	});
	await step('chromium (Debian package)', () => ensureChromium({ log }));
	const runtime = await step(`n8n ${line.version} runtime (install or reuse)`, () => ensureRuntime({ line }));
	if (runtime.installed) results.push(`runtime installed: npm install ${seconds(runtime.steps.npmInstallMs)}, sqlite3 build ${seconds(runtime.steps.sqliteRebuildMs)}`);

	// More click items than the default, so that a day of the report spans several pages.
	const sandbox = await step('start the sandbox', () =>
		startSandbox({
			partnerPort: PORTS.partner,
			clickPort: PORTS.click,
			options: { clickItems: 150_000 },
			quiet: true,
			log,
			onSpawn: (child) => cleanup.push(() => stopChild(child, 'SIGTERM', 5000)),
		}),
	);
	const { client } = sandbox;

	const userFolder = freshUserFolder('e2e-');
	if (!process.env.E2E_KEEP) cleanup.push(() => rmSync(userFolder, { recursive: true, force: true }));
	log(`n8n user folder: ${userFolder}`);
	installPackage(userFolder, { log });
	// Google Sheets and Slack: the real nodes, their HTTPS requests answered by stand-ins (outbound.mjs).
	const outbound = await step('stand-ins for Google Sheets and Slack', () => startOutbound());
	cleanup.push(() => outbound.close());
	const cliEnv = n8nEnv(runtime, { userFolder, port: PORTS.n8n, brokerPort: PORTS.executeBroker, extra: outbound.env });
	await step('import credentials and examples (first CLI run: database migrations)', async () => {
		await importSandboxSetup(runtime, cliEnv, sandbox.state, { log });
		results.push(await connectExternalNodes(runtime, cliEnv, { log }));
	});
	outbound.state.sheet.sheet(STAND_IN.sheetTitle);

	const execute = async (example) => {
		const result = await runN8n(runtime, ['execute', `--id=${example.id}`, '--rawOutput'], cliEnv);
		let run;
		try {
			run = parseRunOutput(result.stdout);
		} catch (error) {
			throw new Error(`${example.file}: ${error.message}\n${result.stderr.slice(-2000)}`);
		}
		const failure = run.data.resultData.error;
		if (failure) throw new Error(`${example.file} failed in n8n: ${failure.message} ${failure.description ?? ''}`);
		return { run, ms: result.ms };
	};
	const capturedFile = join(outputDir, 'captured.md');
	for (const example of CLI_EXAMPLES) {
		await step(`n8n execute ${example.file}`, async () => {
			const prepared = await example.prepare?.({ sandbox: client, outbound });
			await client.clearRequests();
			outbound.state.requests.length = 0;
			outbound.state.messages.length = 0;
			const { run, ms } = await execute(example);
			const outcome = await example.check({ run, sandbox: client, requests: await client.requests(), outbound, prepared, rerun: () => execute(example) });
			const summary = typeof outcome === 'string' ? outcome : outcome.summary;
			if (outcome.capture) appendFileSync(capturedFile, `## ${example.file}\n\n\`\`\`\n${outcome.capture}\n\`\`\`\n\n`);
			results.push(`${example.file}: ${summary} (n8n execute ${seconds(ms)})`);
			log(`${example.file}: ${summary}; n8n execute took ${seconds(ms)}`);
		});
	}

	await step('publish the trigger and MCP server examples', () =>
		publishWorkflows(runtime, cliEnv, [TRIGGER_WORKFLOW_ID, CLAIM_TRIGGER_WORKFLOW_ID, DECLINED_WORKFLOW_ID, CONVERSIONS_MCP_SERVER.workflowId, LINKS_MCP_SERVER.workflowId, ...(runs('mcp') ? [MCP_SERVER.workflowId] : [])]),
	);
	const triggers = await liveTriggers({ runtime, sandbox: client, outbound, capturedFile, results, log });
	await client.clearRequests();

	const n8nLog = createWriteStream(join(outputDir, 'n8n-start.log'));
	const n8nLines = [];
	cleanup.push(() => new Promise((resolve) => n8nLog.end(resolve)));
	const startEnv = { ...n8nEnv(runtime, { userFolder, port: PORTS.n8n, brokerPort: PORTS.broker, extra: outbound.env }), ...ownerEnv(runtime) };
	const startLive = (name) =>
		step(name, () =>
			startN8n(runtime, startEnv, {
				log,
				write: (text) => (n8nLines.push(text), n8nLog.write(`${text}\n`)),
				onSpawn: (child) => cleanup.push(() => stopChild(child, 'SIGTERM', 20_000)),
			}),
		);
	let n8n = await startLive('n8n start');
	results.push(`n8n start: ready (/healthz/readiness) ${seconds(n8n.ms)} after the spawn`);
	let api = await restSession(n8n.url);

	const roundOfTriggers = (round, whileDown) => step(`triggers in the live n8n, ${round} (each waits for its next one-minute poll)`, () => triggers.check(api, round, whileDown));
	await roundOfTriggers('after activation');
	const whileDown = await step('n8n stopped (SIGTERM); clicks inserted, claims and conversions decided while it is down', async () => {
		await n8n.stop();
		await client.clearRequests();
		return triggers.changeWhileDown();
	});
	n8n = await startLive('n8n start again');
	api = await restSession(n8n.url);
	await roundOfTriggers('across a restart', whileDown);

	// Each MCP server example: what its tools answered and the tool errors, kept in captured.md.
	const recordTools = (file, { summary, capture, errors }) => {
		appendFileSync(capturedFile, `## ${file}\n\n\`\`\`\n${capture}\n\`\`\`\n\nTool errors:\n\n\`\`\`\n${errors.join('\n')}\n\`\`\`\n\n`);
		results.push(`${file}: ${summary}`);
		log(summary);
	};
	if (runs('mcp')) await step('AI agent tools: an MCP client against the MCP Server Trigger', async () => {
		recordTools('ai-agent-tools.json', await checkMcpTools({ baseUrl: n8n.url, sandbox: client }));
		results.push(runDocsMcpClient({ baseUrl: n8n.url }));
	});
	const mcp = { baseUrl: n8n.url, sandbox: client, token: MCP_SERVER.token };
	await step('AI agent tools: which sub IDs converted best last week, over MCP', async () => recordTools('ai-agent-conversions.json', await checkConversionTools(mcp)));
	await step('AI agent tools: an affiliate link for a page, over MCP', async () => recordTools('ai-agent-links.json', await checkLinkTools(mcp)));

	await step('credential test in the live n8n (POST /rest/credentials/test)', async () => {
		results.push(`credential test: ${await checkCredentialTest({ api, sandbox: client, line: line.line })}`);
	});

	await step('the client-credentials credential in the editor: its token bound to its values', async () => {
		const { summary } = await checkCredentialEditor({ baseUrl: n8n.url, api, sandbox: client, screenshotsDir, log, line: line.line });
		results.push(`credential in the editor: ${summary}`);
	});

	await step('editor in chromium', async () => {
		const { shots, newUser } = await checkEditor({ baseUrl: n8n.url, api, sandbox: client, screenshotsDir, log, mcpExample: runs('mcp'), searchDescriptions: runs('searchDescriptions') });
		const opened = `the ${EXAMPLES_WITH_EXTERNAL_NODES.length} examples ending in Sheets or Slack and the MCP server examples${runs('mcp') ? '' : ' of conversions and links'} open`;
		results.push(`editor: icons, credentials and operations of the 3 nodes render, ${opened} with their notes; ${shots.length} screenshots in ${screenshotsDir}`);
		results.push(`editor, what a new user meets: ${newUser}`);
	});
	// What `npm start` prints offline: n8n's output after both starts, the editor and every check.
	await step("no call to n8n's own servers (callHome.mjs)", () => results.push(checkNoCallHome({ lines: n8nLines, refused: outbound.state.refused })));
}

main().then(
	async () => {
		await cleanup.run();
		printSummary(true);
	},
	async (error) => {
		console.error(`\n[e2e] ${error.stack ?? error.message}`);
		await cleanup.run();
		printSummary(false);
		process.exitCode = 1;
	},
);
