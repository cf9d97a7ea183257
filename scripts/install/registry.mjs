// The local npm registry of `npm run test:install`: Verdaccio, installed like the n8n runtime (a
// private wrapper package in registry/ with its committed lock, `npm ci --ignore-scripts` into the
// runtime's cache folder, keyed on the wrapper files, reused across runs) and started per run with
// its storage in a scratch folder, no uplinks (nothing is proxied: the package has no runtime
// dependencies, and nothing may leak to a public registry) and one user added through the
// registry's own adduser endpoint, whose token publishes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { prefixLines, stopChild } from '../n8n-runtime/harness.mjs';
import { cacheRoot, npmCli, run, seconds, withLock } from '../n8n-runtime/runtime.mjs';

export const VERDACCIO_VERSION = '6.10.4';
const wrapperDir = join(dirname(fileURLToPath(import.meta.url)), 'registry');
const wrapperFiles = ['package.json', 'package-lock.json'];
const prefix = `verdaccio-${VERDACCIO_VERSION}-`;

/** Verdaccio 6.10 needs Node ≥ 22: it runs on the runtime's Node, which the key includes. */
function installDirFor(node) {
	const hash = createHash('sha256');
	for (const file of wrapperFiles) hash.update(readFileSync(join(wrapperDir, file)));
	hash.update(`node ${node.version}`);
	return join(cacheRoot(), `${prefix}${hash.digest('hex').slice(0, 12)}`);
}

/** Installs Verdaccio into the cache, or finds it there. `node` is what `ensureNode()` returns. */
export async function ensureRegistry(node, { log }) {
	const dir = installDirFor(node);
	const result = (ms) => ({ dir, bin: join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), installMs: ms });
	if (existsSync(join(dir, '.installed'))) return result(0);
	return await withLock(cacheRoot(), log, async () => {
		if (existsSync(join(dir, '.installed'))) return result(0);
		const started = performance.now();
		const stage = `${dir}.stage`;
		rmSync(stage, { recursive: true, force: true });
		mkdirSync(stage, { recursive: true });
		for (const file of wrapperFiles) cpSync(join(wrapperDir, file), join(stage, file));
		const logFile = join(cacheRoot(), 'logs', 'verdaccio-install.log');
		rmSync(logFile, { force: true });
		log(`installing Verdaccio ${VERDACCIO_VERSION} with the committed lock (log: ${logFile})`);
		const env = { ...process.env, npm_config_update_notifier: 'false' };
		await run(node.nodeBin, [npmCli(), 'ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: stage, env, logFile });
		const installed = JSON.parse(readFileSync(join(stage, 'node_modules', 'verdaccio', 'package.json'), 'utf8')).version;
		if (installed !== VERDACCIO_VERSION) throw new Error(`the lock installed Verdaccio ${installed}`);
		const ms = performance.now() - started;
		writeFileSync(join(stage, '.installed'), `${JSON.stringify({ verdaccio: installed, node: node.version, ms, at: new Date().toISOString() })}\n`);
		rmSync(dir, { recursive: true, force: true });
		renameSync(stage, dir);
		// Installs of an older wrapper are of no further use.
		for (const name of readdirSync(cacheRoot())) {
			if (name.startsWith('verdaccio-') && join(cacheRoot(), name) !== dir) rmSync(join(cacheRoot(), name), { recursive: true, force: true });
		}
		log(`Verdaccio ${VERDACCIO_VERSION} installed in ${seconds(ms)}: ${dir}`);
		return result(ms);
	});
}

/** JSON is YAML: Verdaccio reads this as its config file. */
function config(folder) {
	return {
		storage: join(folder, 'storage'),
		// max_users 1: the test's one user, added below; nobody else can sign up.
		auth: { htpasswd: { file: join(folder, 'htpasswd'), max_users: 1 } },
		uplinks: {},
		packages: { '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' } },
		web: { enable: false },
		log: { type: 'stdout', format: 'json', level: 'http' },
	};
}

async function waitForPing(url, child, lines) {
	const started = performance.now();
	for (;;) {
		if (child.exitCode !== null) throw new Error(`Verdaccio stopped while starting:\n${lines.slice(-20).join('\n')}`);
		try {
			if ((await fetch(`${url}/-/ping`)).ok) return performance.now() - started;
		} catch {
			// not listening yet
		}
		if (performance.now() - started > 30_000) throw new Error(`Verdaccio did not answer within 30 s:\n${lines.slice(-20).join('\n')}`);
		await new Promise((r) => setTimeout(r, 200));
	}
}

/**
 * Starts Verdaccio on 127.0.0.1:`port` with its files in `folder`. Resolves with its `url`, the npm
 * environment that publishes to it (`npmEnv`: a user config with the token, and an npm cache of
 * its own, so that a tarball cached from an earlier run is never reused), `publish(tarball)`,
 * `served()` (the requests it got), and `stop()`.
 */
export async function startRegistry({ registry, node, port, folder, write, log, onSpawn }) {
	mkdirSync(folder, { recursive: true });
	const configFile = join(folder, 'config.yaml');
	writeFileSync(configFile, JSON.stringify(config(folder), null, 2));
	const url = `http://127.0.0.1:${port}`;
	const child = spawn(node.nodeBin, [registry.bin, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
		cwd: folder,
		env: { ...process.env, PATH: `${dirname(node.nodeBin)}:${process.env.PATH}` },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	onSpawn?.(child);
	const lines = [];
	const served = [];
	const onLine = (line) => {
		lines.push(line);
		try {
			// One `req` entry per incoming request (the `request` entries after it are per response chunk).
			const { req } = JSON.parse(line);
			if (req?.url) served.push({ method: req.method, path: req.url, userAgent: req.headers?.['user-agent'] });
		} catch {
			// a plain warning line
		}
	};
	prefixLines(child.stdout, '[registry]', { write, onLine });
	prefixLines(child.stderr, '[registry]', { write, onLine });
	const readyMs = await waitForPing(url, child, lines);

	// What `npm adduser` sends: the registry creates the user and answers with a token.
	const user = { name: 'install-test', password: `install-test-${process.pid}-${Date.now()}` };
	const response = await fetch(`${url}/-/user/org.couchdb.user:${user.name}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ _id: `org.couchdb.user:${user.name}`, name: user.name, password: user.password, type: 'user', roles: [] }),
	});
	const body = await response.json();
	if (!response.ok || !body.token) throw new Error(`adduser on the local registry failed: HTTP ${response.status} ${JSON.stringify(body)}`);
	const userconfig = join(folder, 'npmrc');
	writeFileSync(userconfig, `registry=${url}/\n//127.0.0.1:${port}/:_authToken=${body.token}\n`, { mode: 0o600 });
	const npmEnv = { npm_config_userconfig: userconfig, npm_config_cache: join(folder, 'npm-cache'), npm_config_update_notifier: 'false' };
	log(`local registry ready in ${seconds(readyMs)} at ${url} (user ${user.name} added)`);

	return {
		url,
		npmEnv,
		served: () => served.slice(),
		/** `npm publish <tarball>` to this registry alone, with the system npm. */
		publish: (tarball, logFile) =>
			run(process.execPath, [npmCli(), 'publish', tarball, `--registry=${url}/`, '--ignore-scripts', '--tag=latest'], {
				cwd: folder,
				env: { ...process.env, ...npmEnv },
				logFile,
			}),
		/** The metadata the registry gives npm for a package (its versions, dist-tags and integrity). */
		packument: async (name) => (await fetch(`${url}/${encodeURIComponent(name)}`)).json(),
		stop: () => stopChild(child, 'SIGTERM', 10_000),
	};
}
