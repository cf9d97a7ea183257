#!/usr/bin/env node
// `npm run test:v1`: the suites that go through n8n-core, run against the last n8n 1.x line
// (n8n-core 1.122.48 with n8n-workflow 1.120.31) instead of 2.x. Those two packages are installed
// with this folder's lockfile into the runtime cache, outside the repository (about 15 s the first
// time); jest then maps `n8n-core` and `n8n-workflow` to them, for the tests and the nodes alike
// (test/jest.v1.config.js). Extra arguments go to jest.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { cacheRoot, npmCli, repoRoot, run, seconds, withLock } from '../n8n-runtime/runtime.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const log = (line) => console.log(`[test:v1] ${line}`);

async function ensureV1Modules() {
	const hash = createHash('sha256');
	for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(here, file)));
	const dir = join(cacheRoot(), `n8n-core-v1-${hash.digest('hex').slice(0, 12)}`);
	if (existsSync(join(dir, '.installed'))) return dir;
	return await withLock(cacheRoot(), log, async () => {
		if (existsSync(join(dir, '.installed'))) return dir;
		const started = performance.now();
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		for (const file of ['package.json', 'package-lock.json']) cpSync(join(here, file), join(dir, file));
		await run(process.execPath, [npmCli(), 'ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, env: process.env, logFile: join(dir, 'install.log') });
		writeFileSync(join(dir, '.installed'), new Date().toISOString());
		log(`n8n-core 1.122.48 and n8n-workflow 1.120.31 installed in ${seconds(performance.now() - started)}: ${dir}`);
		return dir;
	});
}

const modules = join(await ensureV1Modules(), 'node_modules');
const jest = join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
const args = [jest, '-c', join(repoRoot, 'test', 'jest.v1.config.js'), ...process.argv.slice(2)];
const result = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, N8N_V1_MODULES: modules } });
process.exit(result.status ?? 1);
