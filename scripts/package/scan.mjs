#!/usr/bin/env node
// n8n's community-package scanner (`@n8n/scan-community-package`), run here before a release.
// Its CLI reads only the public registry and the provenance-attested GitHub source, so this runs
// its exported rule set (`buildScanConfig`, the same ESLint options as its `analyzePackage`) over
// the two things the CLI lints:
//   - source:  the repository's package.json, nodes/ and credentials/ (its SOURCE_FILE_PATTERNS);
//   - tarball: the packed tarball, unpacked: every .js and package.json.
// Unlike the CLI, warnings count too: a release needs 0 errors and 0 warnings.
//
//   node scripts/package/scan.mjs [--source <dir>] [--tarball <dir>] [--no-tarball] [--json]
// Without --tarball, this repository is packed into a temp folder first (`npm run build` before).
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ESLint } from 'eslint';

import { packAndUnpack, repoRoot } from './pack.mjs';

// eslint-plugin-n8n-nodes-base reads file names differently when NODE_ENV is "test" (as under jest),
// and then reports every node file as misnamed. n8n runs its scanner without it.
if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV;

const scannerEntry = createRequire(import.meta.url).resolve('@n8n/scan-community-package/scanner/scanner.mjs');
const { buildScanConfig, SOURCE_FILE_PATTERNS } = await import(scannerEntry);
const glob = createRequire(scannerEntry)('fast-glob');

export const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

/** Lints `dir` as the scanner does and counts what it finds, rule by rule. */
export async function scanFolder(dir, patterns) {
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: await buildScanConfig() });
	const files = glob.sync(patterns, { cwd: dir, absolute: true, ignore: ['node_modules/**', '**/package-lock.json'] });
	const results = files.length > 0 ? await eslint.lintFiles(files) : [];
	const messages = results.flatMap((result) =>
		result.messages.map((message) => ({
			file: result.filePath.slice(dir.length + 1),
			line: message.line,
			rule: message.ruleId,
			severity: message.severity === 2 ? 'error' : 'warning',
			text: message.message,
		})),
	);
	return {
		files: files.length,
		errors: messages.filter((message) => message.severity === 'error').length,
		warnings: messages.filter((message) => message.severity === 'warning').length,
		messages,
	};
}

export async function scan({ source = repoRoot, tarball, withTarball = true } = {}) {
	const legs = { source: await scanFolder(source, SOURCE_FILE_PATTERNS) };
	if (withTarball) {
		const packed = tarball ? undefined : packAndUnpack(repoRoot);
		try {
			legs.tarball = await scanFolder(tarball ?? packed.unpacked, TARBALL_FILE_PATTERNS);
		} finally {
			if (packed) rmSync(packed.folder, { recursive: true, force: true });
		}
	}
	return legs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({
		options: { source: { type: 'string' }, tarball: { type: 'string' }, 'no-tarball': { type: 'boolean' }, json: { type: 'boolean' } },
	});
	const legs = await scan({ source: values.source, tarball: values.tarball, withTarball: !values['no-tarball'] });
	if (values.json) console.log(JSON.stringify(legs));
	else {
		for (const [leg, result] of Object.entries(legs)) {
			console.log(`scanner, ${leg}: ${result.files} files, ${result.errors} errors, ${result.warnings} warnings`);
			for (const m of result.messages) console.log(`  ${m.severity} ${m.file}:${m.line} ${m.rule}: ${m.text}`);
		}
	}
	process.exitCode = Object.values(legs).every((result) => result.errors + result.warnings === 0) ? 0 : 1;
}
