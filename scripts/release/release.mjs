#!/usr/bin/env node
// `npm run release` (docs/releasing.md).
//
// On a developer's machine: `npm run release -- <version>` prepares a release on a clean main:
// CHANGELOG.md's Unreleased entries move under the version, package.json and the lock take the
// version, and a commit "Release <version>" is tagged v<version>. Nothing is published: pushing the
// tag starts .github/workflows/publish.yml.
//
// In that workflow (GitHub Actions, on the tag): builds, runs n8n's lint, checks the tarball against
// its allow-list and budget, runs n8n's scanner, then `npm publish --provenance`. The guard
// (prepublishOnly) refuses the publish unless all of that holds.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { releaseChangelog } from './changelog.mjs';
import { CHECKED_MARKER, publishRefusals, versionTag } from './rules.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const read = (file) => readFileSync(join(root, file), 'utf8');
const manifest = () => JSON.parse(read('package.json'));

function fail(message) {
	console.error(`release: ${message}`);
	process.exit(1);
}

function run(command, args, { env, capture = false } = {}) {
	console.log(`release: ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: capture ? 'pipe' : 'inherit', encoding: 'utf8' });
	if (result.status !== 0) fail(`${command} ${args.join(' ')} failed${capture ? `:\n${result.stderr}` : ''}`);
	return result.stdout;
}

function publishFromWorkflow() {
	const { version } = manifest();
	// Everything the guard will ask but what this script itself provides, before any work is done.
	const early = publishRefusals({ ...process.env, [CHECKED_MARKER]: version, npm_config_provenance: 'true' }, manifest(), read('CHANGELOG.md'));
	if (early.length > 0) fail(`not publishing ${version}:\n  - ${early.join('\n  - ')}`);
	run('npm', ['run', 'build']);
	run('npm', ['run', 'lint']);
	run('node', ['scripts/package/tarball.mjs']);
	run('node', ['scripts/package/scan.mjs']);
	run('npm', ['publish', '--provenance', '--access', 'public'], { env: { [CHECKED_MARKER]: version } });
}

function prepareLocally(version) {
	if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? '')) fail('give the version to release: npm run release -- 0.2.0');
	if (version === manifest().version) fail(`package.json is at ${version} already`);
	if (run('git', ['status', '--porcelain'], { capture: true }).trim()) fail('the working tree has changes: commit or stash them first');
	const branch = run('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { capture: true }).trim();
	if (branch !== 'main') fail(`releases are made from main, not ${branch}`);
	const today = new Date().toISOString().slice(0, 10);
	let changelog;
	try {
		changelog = releaseChangelog(read('CHANGELOG.md'), version, today);
	} catch (error) {
		fail(error.message);
	}
	writeFileSync(join(root, 'CHANGELOG.md'), changelog);
	run('npm', ['version', version, '--no-git-tag-version', '--ignore-scripts']);
	run('git', ['commit', '--quiet', '-m', `Release ${version}`, '--', 'CHANGELOG.md', 'package.json', 'package-lock.json']);
	run('git', ['tag', '-a', versionTag(version), '-m', `Release ${version}`]);
	console.log(`release: ${version} is committed and tagged ${versionTag(version)}. Push both to publish it from GitHub Actions:`);
	console.log(`  git push origin main ${versionTag(version)}`);
}

if (process.env.GITHUB_ACTIONS === 'true') publishFromWorkflow();
else prepareLocally(process.argv[2]);
