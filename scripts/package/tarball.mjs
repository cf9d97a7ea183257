#!/usr/bin/env node
// The tarball holds what n8n loads and what a user reads, nothing else:
//   - for every .ts of nodes/ and credentials/, its compiled .js under dist/;
//   - the codex files (*.node.json) and the icons (*.svg, *.png), under dist/ as in the sources;
//   - package.json, README.md, LICENSE, CHANGELOG.md.
// The allow-list is derived from the sources, so a file left in dist/ by an earlier build (a
// deleted node, a source map, a declaration file, tsc's build info) fails the check. The unpacked
// size has a budget.
//
//   node scripts/package/tarball.mjs [--dir <package folder>] [--json]
// --dir packs another folder (a copy with a planted file, in the tests) against this repository's
// sources. Exits 1 with the reasons when the tarball is not exactly the allow-list or over budget.
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { filesUnder, packReport, readJson, repoRoot } from './pack.mjs';

export const UNPACKED_BUDGET_BYTES = 640_000;
const TOP_LEVEL = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
const SHIPPED_SOURCE = /\.(ts|node\.json|svg|png)$/;

/** The exact list of files the tarball must hold, from the sources of `root`. */
export function allowList(root = repoRoot) {
	const shipped = ['nodes', 'credentials'].flatMap((folder) =>
		filesUnder(join(root, folder))
			.filter((file) => SHIPPED_SOURCE.test(file) && !file.endsWith('.d.ts'))
			.map((file) => `dist/${folder}/${file.replace(/\.ts$/, '.js')}`),
	);
	return [...TOP_LEVEL, ...shipped].sort();
}

/** What is wrong with a pack report against the allow-list: an empty list when nothing is. */
export function tarballProblems(report, expected, manifest) {
	const shipped = new Set(report.files.map((file) => file.path));
	const allowed = new Set(expected);
	const problems = [];
	for (const file of [...shipped].sort()) {
		if (!allowed.has(file)) problems.push(`ships ${file}, which is not in the allow-list (a stale build output, a source map or a development file)`);
	}
	for (const file of expected) {
		if (!shipped.has(file)) problems.push(`does not ship ${file}`);
	}
	for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
		if (!shipped.has(file)) problems.push(`package.json's n8n block names ${file}, which the tarball lacks`);
	}
	if (report.unpackedSize > UNPACKED_BUDGET_BYTES) {
		problems.push(`unpacks to ${report.unpackedSize} bytes, over the budget of ${UNPACKED_BUDGET_BYTES}`);
	}
	return problems;
}

export function checkTarball(dir = repoRoot) {
	const report = packReport(dir);
	const problems = tarballProblems(report, allowList(repoRoot), readJson(join(dir, 'package.json')));
	return { files: report.files.length, unpackedSize: report.unpackedSize, packedSize: report.size, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({ options: { dir: { type: 'string' }, json: { type: 'boolean' } } });
	const result = checkTarball(values.dir ?? repoRoot);
	if (values.json) console.log(JSON.stringify(result));
	else {
		console.log(`tarball: ${result.files} files, ${result.unpackedSize} bytes unpacked (budget ${UNPACKED_BUDGET_BYTES}), ${result.packedSize} bytes packed`);
		for (const problem of result.problems) console.log(`  ✗ ${problem}`);
		if (result.problems.length === 0) console.log('  ✓ exactly the allow-list, within the budget');
	}
	process.exitCode = result.problems.length === 0 ? 0 : 1;
}
