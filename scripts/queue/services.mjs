// Postgres and Redis for the queue-mode test, from Debian's packages: installed with apt-get when
// missing (CI runs as root on a fresh machine), then run as throw-away servers on loopback, in a
// folder of their own, stopped and removed at the end. Nothing here touches a system cluster.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';

import { prefixLines, stopChild } from '../n8n-runtime/harness.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const isRoot = () => process.getuid?.() === 0;

/** The newest installed PostgreSQL's bin folder (Debian keeps them in /usr/lib/postgresql/<major>/bin). */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const majors = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
	return majors.length ? join(root, majors[0], 'bin') : undefined;
}

function redisBin() {
	return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
}

/** Installs what is missing of PostgreSQL and Redis with apt-get; returns what it installed. */
export function ensureServerPackages({ log }) {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!redisBin()) missing.push('redis-server');
	if (missing.length === 0) return [];
	if (!isRoot()) throw new Error(`${missing.join(' and ')} missing: install them (apt-get install ${missing.join(' ')}) or run as root`);
	const started = performance.now();
	log(`installing ${missing.join(', ')} from Debian's packages`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...missing]]) {
		const result = spawnSync('apt-get', args, { env, encoding: 'utf8' });
		if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${`${result.stdout}\n${result.stderr}`.trim().slice(-3000)}`);
	}
	log(`installed ${missing.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
	if (!postgresBin() || !redisBin()) throw new Error('apt-get finished, yet postgres or redis-server is still missing');
	return missing;
}

/** Resolves when something accepts TCP connections on 127.0.0.1:port. */
async function waitForPort(port, what, child, timeoutMs = 30_000) {
	const started = Date.now();
	while (Date.now() - started < timeoutMs) {
		if (child.exitCode !== null) throw new Error(`${what} exited while starting (exit ${child.exitCode})`);
		const open = await new Promise((resolve) => {
			const socket = connect(port, '127.0.0.1');
			socket.once('connect', () => (socket.destroy(), resolve(true)));
			socket.once('error', () => resolve(false));
		});
		if (open) return;
		await sleep(200);
	}
	throw new Error(`${what} did not listen on ${port} within ${timeoutMs / 1000} s`);
}

/**
 * PostgreSQL refuses to run as root: as root, its folder belongs to the `postgres` user the
 * Debian package creates, and its programs run as that user.
 */
function asServerUser(command, args) {
	return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** The uid and gid of the `postgres` user. */
function serverUserIds() {
	return ['-u', '-g'].map((flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim()));
}

/** A fresh PostgreSQL cluster with trust authentication on 127.0.0.1:port; database `postgres`. */
export async function startPostgres({ port, log }) {
	const bin = postgresBin();
	const dataDir = mkdtempSync(join(tmpdir(), 'n8n-queue-postgres-'));
	if (isRoot()) chownSync(dataDir, ...serverUserIds());
	const [initCommand, initArgs] = asServerUser(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
	const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
	if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
	const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=200'];
	const [command, args] = asServerUser(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...settings]);
	const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	const lines = [];
	prefixLines(child.stderr, '[postgres]', { write: () => {}, onLine: (line) => lines.push(line) });
	prefixLines(child.stdout, '[postgres]', { write: () => {}, onLine: (line) => lines.push(line) });
	// A signal to runuser does not always reach the server: pg_ctl stops it by its data folder.
	const stop = async () => {
		const [stopCommand, stopArgs] = asServerUser(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '20']);
		spawnSync(stopCommand, stopArgs, { encoding: 'utf8' });
		await stopChild(child, 'SIGTERM', 5000);
		rmSync(dataDir, { recursive: true, force: true });
	};
	try {
		await waitForPort(port, 'postgres', child);
	} catch (error) {
		await stop();
		throw new Error(`${error.message}\n${lines.slice(-20).join('\n')}`);
	}
	log(`postgres ${bin.split('/').at(-2)} on 127.0.0.1:${port} (${dataDir})`);
	/** The rows `sql` returns, each as its columns (psql's unaligned output). */
	const query = (sql) => {
		const result = spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-F', '\t', '-c', sql], { encoding: 'utf8' });
		if (result.status !== 0) throw new Error(`psql: ${result.stderr.trim()}`);
		return result.stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
	};
	return {
		env: { DB_TYPE: 'postgresdb', DB_POSTGRESDB_HOST: '127.0.0.1', DB_POSTGRESDB_PORT: String(port), DB_POSTGRESDB_DATABASE: 'postgres', DB_POSTGRESDB_USER: 'postgres', DB_POSTGRESDB_PASSWORD: '' },
		query,
		stop,
	};
}

/** A Redis server on 127.0.0.1:port that keeps nothing on disk. */
export async function startRedis({ port, log, onSpawn }) {
	const bin = redisBin();
	const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] });
	onSpawn?.(child);
	const lines = [];
	prefixLines(child.stdout, '[redis]', { write: () => {}, onLine: (line) => lines.push(line) });
	prefixLines(child.stderr, '[redis]', { write: () => {}, onLine: (line) => lines.push(line) });
	try {
		await waitForPort(port, 'redis-server', child);
	} catch (error) {
		throw new Error(`${error.message}\n${lines.slice(-20).join('\n')}`);
	}
	log(`redis on 127.0.0.1:${port}`);
	return { env: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) }, stop: () => stopChild(child, 'SIGTERM', 10_000) };
}
