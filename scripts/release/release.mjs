#!/usr/bin/env node
// `npm run release` (docs/releasing.md).
//
// On a developer's machine: `npm run release -- <version>` prepares a release on a clean main:
// CHANGELOG.md's Unreleased entries move under the version, package.json and the lock take the
// version, and a commit "Release <version>" is tagged v<version>. Nothing is published: pushing the
// tag starts .github/workflows/publish.yml.
//
// In that workflow's pack job (GitHub Actions, on the tag, without an OIDC token): builds, runs
// n8n's lint, packs the tarball, checks it against its allow-list and budget, runs n8n's scanner over
// it, and hands its path and its npm dist-tag on to the publish job, which publishes that tarball.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { releaseChangelog } from './changelog.mjs';
import { packJobOutputs, packJobRefusals, versionTag } from './rules.mjs';
import { distTag, isPrerelease, releaseVersionProblem } from './versions.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const read = (file) => readFileSync(join(root, file), 'utf8');
const manifest = () => JSON.parse(read('package.json'));

function fail(message) {
	console.error(`release: ${message}`);
	process.exit(1);
}

function run(command, args, { capture = false } = {}) {
	console.log(`release: ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { cwd: root, stdio: capture ? 'pipe' : 'inherit', encoding: 'utf8' });
	if (result.status !== 0) fail(`${command} ${args.join(' ')} failed${capture ? `:\n${result.stderr}` : ''}`);
	return result.stdout;
}

/** Hands values on to the workflow's later steps and, through the job's outputs, to the publish job. */
function handOn(outputs) {
	const lines = Object.entries(outputs).map(([key, value]) => `${key}=${value}\n`);
	if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, lines.join(''));
	for (const line of lines) process.stdout.write(`release: ${line}`);
}

async function packForPublishJob() {
	const { version } = manifest();
	const refusals = packJobRefusals(process.env, manifest(), read('CHANGELOG.md'));
	if (refusals.length > 0) fail(`not packing ${version} for publishing:\n  - ${refusals.join('\n  - ')}`);
	run('npm', ['run', 'build']);
	run('npm', ['run', 'lint']);
	// Imported here: a developer's `npm run release -- <version>` needs none of it.
	const { packInto, unpack } = await import('../package/pack.mjs');
	const { allowList, tarballProblems } = await import('../package/tarball.mjs');
	const folder = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'release-'));
	// The very file the publish job publishes is the one checked and scanned.
	const packed = packInto(root, join(folder, 'tarball'));
	const problems = tarballProblems(packed, allowList(root), manifest());
	if (problems.length > 0) fail(`the tarball ${packed.filename} is refused:\n  - ${problems.join('\n  - ')}`);
	console.log(`release: ${packed.filename} holds exactly the allow-list, ${packed.unpackedSize} bytes unpacked`);
	run('node', ['scripts/package/scan.mjs', '--tarball', unpack(packed.file, join(folder, 'unpacked'))]);
	handOn(packJobOutputs(packed, version));
}

function prepareLocally(version) {
	const problem = releaseVersionProblem(version, manifest().version);
	if (problem) fail(problem);
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
	const prerelease = isPrerelease(version) ? ', as a prerelease never goes under latest' : '';
	console.log(`release: ${version} is committed and tagged ${versionTag(version)}, to be published under the npm dist-tag ${distTag(version)}${prerelease}.`);
	console.log('release: push both to publish it from GitHub Actions:');
	console.log(`  git push origin main ${versionTag(version)}`);
}

if (process.env.GITHUB_ACTIONS === 'true') await packForPublishJob();
else prepareLocally(process.argv[2]);
