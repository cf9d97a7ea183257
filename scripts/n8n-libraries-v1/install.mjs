// The last n8n 1.x line's n8n-core 1.122.48 and n8n-workflow 1.120.31, installed with this
// folder's lockfile into the runtime cache, outside the repository (about 15 s the first time).
// Shared by test.mjs (`npm run test:v1`) and typecheck.mjs.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { cacheRoot, npmCli, run, seconds, withLock } from '../n8n-runtime/runtime.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LOCK_FILES = ['package.json', 'package-lock.json'];

/** The install's node_modules folder, installed first if the lockfile changed or it is missing. */
export async function ensureV1Modules(log) {
	const hash = createHash('sha256');
	for (const file of LOCK_FILES) hash.update(readFileSync(join(here, file)));
	const dir = join(cacheRoot(), `n8n-core-v1-${hash.digest('hex').slice(0, 12)}`);
	const modules = join(dir, 'node_modules');
	if (existsSync(join(dir, '.installed'))) return modules;
	return await withLock(cacheRoot(), log, async () => {
		if (existsSync(join(dir, '.installed'))) return modules;
		const started = performance.now();
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		for (const file of LOCK_FILES) cpSync(join(here, file), join(dir, file));
		await run(process.execPath, [npmCli(), 'ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, env: process.env, logFile: join(dir, 'install.log') });
		writeFileSync(join(dir, '.installed'), new Date().toISOString());
		log(`n8n-core 1.122.48 and n8n-workflow 1.120.31 installed in ${seconds(performance.now() - started)}: ${dir}`);
		return modules;
	});
}
