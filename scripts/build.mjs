#!/usr/bin/env node
// `npm run build`: the package exactly as n8n loads it, from an empty dist/. A file left from an
// earlier build (a deleted node, a source map) would otherwise ship in the tarball.
//   1. dist/ removed;
//   2. tsc compiles nodes/ and credentials/, and copies the codex files (*.node.json);
//   3. the icons (*.svg, *.png) are copied next to what refers to them.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const ICON = /\.(svg|png)$/;

rmSync(dist, { recursive: true, force: true });

const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], {
	cwd: root,
	stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

let icons = 0;
for (const folder of ['nodes', 'credentials']) {
	for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
		if (!entry.isFile() || !ICON.test(entry.name)) continue;
		const source = join(entry.parentPath, entry.name);
		cpSync(source, join(dist, relative(root, source)));
		icons++;
	}
}
console.log(`build: dist/ compiled from nodes/ and credentials/, ${icons} icons copied`);
