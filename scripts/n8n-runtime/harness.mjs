// What `npm start` and the end-to-end tests share: the sandbox started by its client, the sandbox
// credentials and the example workflows imported into n8n, `n8n start` with a readiness wait, the
// owner account, and reading the run data that `n8n execute --rawOutput` prints.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { bcryptHash, repoRoot, runN8n, seconds, spawnN8n } from './runtime.mjs';

export const examplesDir = join(repoRoot, 'examples');

/** Fixed credential IDs: the example workflows refer to them, so they open ready to run. */
export const CREDENTIAL_IDS = {
	partner: 'AffPartnerSandbx',
	partnerClient: 'AffPartnerClient',
	click: 'ClickStatsSandbx',
	mcpClients: 'McpClientsSandbx',
};

/**
 * The example MCP server (examples/ai-agent-tools.json): its address under n8n, and the Bearer
 * token MCP clients send. Not a secret: n8n listens on 127.0.0.1 only.
 */
export const MCP_SERVER = { workflowId: 'AffExMcpTools001', path: '/mcp/affiliate-tools', token: 'sandbox-mcp-clients-token' };
/** The MCP server of examples/ai-agent-conversions.json, behind the same token; its trigger runs on n8n 1.x too. */
export const CONVERSIONS_MCP_SERVER = { workflowId: 'AffExMcpConvs001', path: '/mcp/affiliate-conversions' };
/** The MCP server of examples/ai-agent-links.json (affiliate links for any page), behind the same token; on n8n 1.x too. */
export const LINKS_MCP_SERVER = { workflowId: 'AffExMcpLinks001', path: '/mcp/affiliate-links' };

/** The owner account of a local instance. Not a secret: n8n listens on 127.0.0.1 only. */
export const OWNER = {
	email: 'owner@example.com',
	password: 'Sandbox-Owner-1',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs an npm script of the repository with the npm that runs us, output shown. */
export function npmRun(script, { log }) {
	const started = now();
	const npm = process.env.npm_execpath;
	const [command, args] = npm && npm.endsWith('.js') ? [process.execPath, [npm, 'run', script]] : ['npm', ['run', script]];
	const result = spawnSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
	if (result.status !== 0) throw new Error(`npm run ${script} failed`);
	const ms = now() - started;
	log(`npm run ${script}: ${seconds(ms)}`);
	return ms;
}

/** Builds the package (dist/) and the sandbox, as every end-to-end run starts. */
export function buildPackageAndSandbox({ log }) {
	npmRun('build', { log });
	npmRun('build:sandbox', { log });
}

/** Prints a child's output line by line with a prefix; lines matching `skip` are counted, not shown. */
export function prefixLines(stream, prefix, { skip, write = (line) => console.log(line), onLine } = {}) {
	let buffer = '';
	stream.setEncoding('utf8');
	stream.on('data', (chunk) => {
		buffer += chunk;
		let index;
		while ((index = buffer.indexOf('\n')) >= 0) {
			const line = buffer.slice(0, index);
			buffer = buffer.slice(index + 1);
			onLine?.(line);
			if (line.trim() === '' || skip?.test(line)) continue;
			write(`${prefix} ${line}`);
		}
	});
}

/**
 * Starts the sandbox with its one client (`sandbox/client.ts`, built beforehand by
 * `npm run build:sandbox`): its output prefixed with [sandbox] (or kept back when `quiet`, and
 * shown if it fails to start). `options` are the sandbox's own (e.g. `{ clickItems: 150000 }`).
 * Resolves with `{ child, state, client, stop }`.
 */
export async function startSandbox({ partnerPort = 4010, clickPort = 4011, options = {}, quiet = false, log, onSpawn }) {
	const started = now();
	const { spawnSandbox } = await import(pathToFileURL(join(repoRoot, 'sandbox', 'dist', 'client.js')).href);
	const sandbox = await spawnSandbox({
		...options,
		partnerPort,
		clickPort,
		onSpawn,
		onOutput: quiet ? undefined : (line) => line.trim() && process.stdout.write(`[sandbox] ${line}\n`),
	});
	log(`sandbox ready in ${seconds(now() - started)}: partner ${sandbox.state.partnerUrl}, clicks ${sandbox.state.clickUrl}`);
	return sandbox;
}

/** Credentials for the sandbox's values, as `n8n import:credentials` takes them (plain `data`). */
export function sandboxCredentials(state) {
	return [
		{
			id: CREDENTIAL_IDS.partner,
			name: 'Affiliate Partner sandbox',
			type: 'affiliatePartnerApi',
			data: {
				baseUrl: state.partnerUrl,
				authentication: 'accessToken',
				accessToken: state.accessToken,
				maxRequestsPerSecond: 10,
			},
		},
		{
			id: CREDENTIAL_IDS.partnerClient,
			name: 'Affiliate Partner sandbox (client credentials)',
			type: 'affiliatePartnerApi',
			data: {
				baseUrl: state.partnerUrl,
				authentication: 'clientCredentials',
				clientId: state.clientId,
				clientSecret: state.clientSecret,
				scopes: 'lost_orders manage_lost_orders landings public_data statistics websites deeplink_generator advcampaigns_for_website manage_advcampaigns coupons_for_website coupons',
				maxRequestsPerSecond: 10,
			},
		},
		{
			id: CREDENTIAL_IDS.click,
			name: 'Click Statistics sandbox',
			type: 'clickStatisticsApi',
			data: { baseUrl: state.clickUrl, publicKey: state.publicKey, maxRequestsPerSecond: 3 },
		},
		{
			id: CREDENTIAL_IDS.mcpClients,
			name: 'MCP clients (sandbox)',
			type: 'httpBearerAuth',
			data: { token: MCP_SERVER.token },
		},
	];
}

/**
 * Imports credentials (plain `data`, encrypted by n8n with the instance's key) and workflows
 * (objects, or a folder of workflow files) into the user folder's database. The credentials file
 * lives only for the import, readable by its owner alone.
 */
export async function importIntoN8n(runtime, env, { credentials = [], workflows, log }) {
	const timings = {};
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-import-'));
	try {
		if (credentials.length) {
			const file = join(scratch, 'credentials.json');
			writeFileSync(file, JSON.stringify(credentials));
			chmodSync(file, 0o600);
			const result = await runN8n(runtime, ['import:credentials', `--input=${file}`], env);
			assertCli(result, 'import:credentials', new RegExp(`Successfully imported ${credentials.length} credentials`));
			timings.importCredentialsMs = result.ms;
			log(`credentials imported (${seconds(result.ms)}): ${credentials.map((c) => `"${c.name}"`).join(', ')}`);
		}
		let folder = workflows;
		if (Array.isArray(workflows)) {
			folder = join(scratch, 'workflows');
			mkdirSync(folder);
			for (const workflow of workflows) writeFileSync(join(folder, `${workflow.id}.json`), JSON.stringify(workflow));
		}
		if (folder) {
			const count = readdirSync(folder).filter((name) => name.endsWith('.json')).length;
			const result = await runN8n(runtime, ['import:workflow', '--separate', `--input=${folder}`], env);
			assertCli(result, 'import:workflow', new RegExp(`Successfully imported ${count} workflows`));
			timings.importWorkflowsMs = result.ms;
			log(`${count} workflows imported (${seconds(result.ms)})${Array.isArray(workflows) ? '' : ` from ${folder}`}`);
		}
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
	return timings;
}

/** Imports the sandbox credentials and every example workflow into the user folder's database. */
export function importSandboxSetup(runtime, env, state, { log }) {
	return importIntoN8n(runtime, env, { credentials: sandboxCredentials(state), workflows: examplesDir, log });
}

/**
 * Publishes imported workflows, so that `n8n start` activates them: importing leaves a workflow
 * unpublished, and n8n reads what is published only when it starts.
 */
export async function publishWorkflows(runtime, env, ids) {
	for (const id of ids) {
		// n8n 1.x has no publishing: a workflow is activated instead.
		const [args, expected] = runtime.line === 1 ? [['update:workflow', `--id=${id}`, '--active=true'], /Activating workflow/] : [['publish:workflow', `--id=${id}`], /Publishing workflow/];
		const result = await runN8n(runtime, args, env);
		assertCli(result, `${args.join(' ')}`, expected);
	}
}

function assertCli(result, what, expected) {
	const output = `${result.stdout}\n${result.stderr}`;
	if (result.code !== 0 || !expected.test(output)) {
		throw new Error(`n8n ${what} failed (${result.signal ?? `exit ${result.code}`}):\n${output.trim().split('\n').slice(-30).join('\n')}`);
	}
}

/**
 * The environment that makes n8n create (or update) the owner account at start. n8n 1.x reads no
 * owner from its environment: `restSession` sets the owner up there.
 */
export function ownerEnv(runtime, owner = OWNER) {
	if (runtime.line === 1) return {};
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: owner.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcryptHash(runtime, owner.password),
	};
}

/**
 * Starts `n8n start` (or the command `args` give, such as `worker`, whose health server listens on
 * `healthPort`) and waits until it answers `/healthz/readiness`. `detached` gives it a process group
 * of its own, which a test can kill whole (n8n and its task runner). Output goes to `write` line by
 * line (default: printed with an `[n8n]` prefix, database migrations left out); `onLine` sees
 * every line.
 */
export async function startN8n(runtime, env, { log, write, onSpawn, onLine, timeoutMs = 180_000, args = ['start'], healthPort = env.N8N_PORT, label = 'n8n', detached = false }) {
	const started = now();
	const child = spawnN8n(runtime, args, env, { stdio: ['ignore', 'pipe', 'pipe'], detached });
	onSpawn?.(child);
	const lines = [];
	const options = { skip: /^(Starting|Finished) migration /, write, onLine: (line) => (lines.push(line), onLine?.(line)) };
	prefixLines(child.stdout, `[${label}]`, options);
	prefixLines(child.stderr, `[${label}]`, options);
	let exited;
	child.on('exit', (code, signal) => (exited = signal ?? `exit ${code}`));
	const url = `http://127.0.0.1:${env.N8N_PORT}`;
	for (;;) {
		if (exited) throw new Error(`${label} stopped while starting (${exited}):\n${lines.slice(-30).join('\n')}`);
		try {
			const response = await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`);
			// n8n 1.x is ready before its REST routes are mounted: the editor's settings say when they are.
			if (response.ok && (args[0] !== 'start' || (await fetch(`${url}/rest/settings`)).ok)) break;
		} catch {
			// not listening yet
		}
		if (now() - started > timeoutMs) {
			await stopChild(child, 'SIGTERM', 10_000);
			throw new Error(`${label} did not become ready within ${seconds(timeoutMs)}:\n${lines.slice(-30).join('\n')}`);
		}
		await sleep(250);
	}
	const ms = now() - started;
	log(`${label} ready in ${seconds(ms)}${args[0] === 'start' ? ` at ${url}` : ''}`);
	return { child, url, ms, lines, stop: () => stopChild(child, 'SIGTERM', 20_000) };
}

/**
 * What a test run started, stopped in reverse order by `run()`, also on SIGINT or SIGTERM (then
 * the run exits with 130). `push(stop)` adds one.
 */
export function cleanupStack(log) {
	const stops = [];
	const run = async () => {
		for (const stop of stops.splice(0).reverse()) {
			try {
				await stop();
			} catch (error) {
				log(`cleanup: ${error.message}`);
			}
		}
	};
	let interrupted = false;
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.on(signal, async () => {
			if (interrupted) return;
			interrupted = true;
			log(`${signal}: stopping`);
			await run();
			process.exit(130);
		});
	}
	return { push: (stop) => stops.push(stop), run };
}

/** Sends `signal`, waits up to `timeoutMs` for the exit, then kills the child's process group. */
export function stopChild(child, signal = 'SIGTERM', timeoutMs = 10_000) {
	return new Promise((resolvePromise) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolvePromise(true);
		const timer = setTimeout(() => {
			try {
				child.kill('SIGKILL');
			} catch {
				// gone already
			}
		}, timeoutMs);
		child.once('exit', () => {
			clearTimeout(timer);
			resolvePromise(true);
		});
		try {
			child.kill(signal);
		} catch {
			clearTimeout(timer);
			resolvePromise(true);
		}
	});
}

/**
 * The run data of `n8n execute --rawOutput`: the logger prints the result as pretty JSON (a line
 * `{` to a line `}`) among other log lines.
 */
export function parseRunOutput(stdout) {
	const lines = stdout.split('\n');
	for (let start = lines.indexOf('{'); start >= 0; start = lines.indexOf('{', start + 1)) {
		for (let end = start + 1; end < lines.length; end++) {
			if (lines[end] !== '}') continue;
			try {
				const run = JSON.parse(lines.slice(start, end + 1).join('\n'));
				if (run?.data?.resultData) return run;
			} catch {
				// a nested `}` line: keep looking
			}
		}
	}
	throw new Error(`no run data in the output of n8n execute:\n${stdout.split('\n').slice(-20).join('\n')}`);
}

/** Items of a node's first output in a run (the `json` of each). */
export function nodeOutput(run, nodeName) {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs) throw new Error(`node "${nodeName}" did not run`);
	const first = runs[0];
	if (first.error) throw new Error(`node "${nodeName}" failed: ${first.error.message}`);
	return (first.data?.main?.[0] ?? []).map((item) => item);
}

/**
 * Logs in over REST and returns a fetch that carries the session cookie. `headers` go with the
 * login and every request (the editor sends a `browser-id`, which n8n then binds the session to).
 */
export async function restSession(baseUrl, owner = OWNER, { headers = {} } = {}) {
	const post = (path, body) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
	const login = () => post('/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
	let response = await login();
	// An instance without an owner (n8n 1.x takes none from its environment): set it up, once.
	if (response.status === 401) {
		const setup = await post('/rest/owner/setup', { email: owner.email, firstName: owner.firstName, lastName: owner.lastName, password: owner.password });
		if (setup.ok) response = await login();
	}
	if (!response.ok) throw new Error(`login failed: HTTP ${response.status} ${await response.text()}`);
	const cookie = response.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ');
	return async (path, init = {}) => {
		const r = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}), cookie, 'content-type': 'application/json' } });
		const text = await r.text();
		if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${r.status} ${text.slice(0, 500)}`);
		return text ? JSON.parse(text) : undefined;
	};
}
