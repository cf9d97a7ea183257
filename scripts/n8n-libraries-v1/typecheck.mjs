#!/usr/bin/env node
// Type-checks nodes/ and credentials/ against the last n8n 1.x line's types (n8n-workflow
// 1.120.31, n8n-core 1.122.48), as `npm run build` does against 2.x. A temporary tsconfig outside
// the repository extends tsconfig.json, emits nothing and maps `n8n-workflow`/`n8n-core` to the
// 1.x install (install.mjs). tsc lists the files it read; the check fails unless the 1.x
// declarations are among them and the repository's 2.x ones are not. Extra arguments go to tsc
// (e.g. --traceResolution).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

import { repoRoot, seconds } from '../n8n-runtime/runtime.mjs';
import { ensureV1Modules } from './install.mjs';

const TITLE = 'typecheck (n8n 1.x types)';
const PACKAGES = ['n8n-workflow', 'n8n-core'];
const slash = (path) => path.split(sep).join('/');
const started = performance.now();

const modules = await ensureV1Modules((line) => console.log(`[typecheck:v1] ${line}`));
const paths = {};
for (const name of PACKAGES) {
	paths[name] = [join(modules, name)];
	paths[`${name}/*`] = [join(modules, name, '*')];
}
const config = {
	extends: join(repoRoot, 'tsconfig.json'),
	compilerOptions: {
		noEmit: true,
		paths,
		// Default type roots are looked up from this file's folder, which is outside the repository.
		typeRoots: [join(repoRoot, 'node_modules', '@types')],
	},
};

const dir = mkdtempSync(join(tmpdir(), 'n8n-affiliate-typecheck-v1-'));
let result;
try {
	const tsconfig = join(dir, 'tsconfig.json');
	writeFileSync(tsconfig, JSON.stringify(config, null, '\t'));
	const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
	const args = [tsc, '-p', tsconfig, '--pretty', 'false', '--listFiles', ...process.argv.slice(2)];
	result = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
} finally {
	rmSync(dir, { recursive: true, force: true });
}
if (result.error) throw result.error;

// --listFiles prints absolute paths; diagnostics name files relative to the repository.
const lines = result.stdout.split('\n');
const listed = lines.filter((line) => /^(\/|[A-Za-z]:[\\/])/.test(line) && !/\(\d+,\d+\): /.test(line));
const rest = lines.filter((line) => !listed.includes(line)).join('\n').trim();
const v1Root = `${slash(modules)}/`;
const repoModules = `${slash(repoRoot)}/node_modules/`;
const problems = [];
const v1Workflow = JSON.parse(readFileSync(join(modules, 'n8n-workflow', 'package.json'), 'utf8')).version;
if (!listed.some((file) => file.startsWith(`${v1Root}n8n-workflow/`))) problems.push(`no declaration read from ${v1Root}n8n-workflow`);
for (const name of PACKAGES) {
	if (listed.some((file) => file.startsWith(`${repoModules}${name}/`))) problems.push(`the repository's ${name} (2.x) was read instead of the 1.x one`);
}

if (rest) console.log(rest);
if (result.stderr.trim()) console.error(result.stderr.trim());
for (const problem of problems) console.error(`${TITLE}: ${problem}`);
const took = seconds(performance.now() - started);
if (result.status !== 0 || problems.length > 0) {
	console.error(`${TITLE}: FAILED (tsc exit ${result.status}, ${took})`);
	process.exit(result.status || 1);
}
console.log(`${TITLE}: ok (n8n-workflow ${v1Workflow} from ${join(modules, 'n8n-workflow')}, ${listed.length} files, ${took})`);
