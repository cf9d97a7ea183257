// The package as npm ships it: `npm pack` in the clone (the `files` field of package.json decides
// what is in it, not this test), a copy of that tarball at another version for the update, and the
// files of a tarball or a folder as a map of path → content hash, to compare what n8n put on disk
// with what was published.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { filesUnder, packInto, repoRoot, unpack } from '../package/pack.mjs';

/** n8n strips these from the installed package.json before its `npm install`. */
export const STRIPPED_FIELDS = ['devDependencies', 'peerDependencies', 'optionalDependencies'];

/** `npm pack` of `folder` into `dest`: the tarball's path, version, integrity and file list. */
function pack(folder, dest, env) {
	const report = packInto(folder, dest, env);
	return { file: report.file, name: report.name, version: report.version, integrity: report.integrity, files: report.files.map((f) => f.path).sort() };
}

/** The clone's package, packed as `npm publish` would send it. */
export const packRepository = (dest, env) => pack(repoRoot, dest, env);

/** The same tarball at another version: unpacked, `version` changed in its package.json, packed again. */
export function repackAtVersion(tarball, version, scratch, env) {
	const folder = unpack(tarball, join(scratch, `package-${version}`));
	const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
	writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
	return pack(folder, scratch, env);
}

/** Every file under `folder` as path → sha256 (paths relative, sorted). */
export function treeOf(folder) {
	return Object.fromEntries(filesUnder(folder).sort().map((path) => [path, createHash('sha256').update(readFileSync(join(folder, path))).digest('hex')]));
}

/**
 * Compares what n8n installed with the tarball unpacked in `expectedFolder`: the same files with the
 * same bytes, except package.json, which must equal the tarball's without the fields n8n strips.
 * Returns a list of differences (empty when they match).
 */
export function diffInstalled(installedFolder, expectedFolder) {
	const installed = treeOf(installedFolder);
	const expected = treeOf(expectedFolder);
	const differences = [];
	for (const path of Object.keys(expected)) {
		if (!(path in installed)) differences.push(`missing ${path}`);
		else if (path !== 'package.json' && installed[path] !== expected[path]) differences.push(`changed ${path}`);
	}
	for (const path of Object.keys(installed)) if (!(path in expected)) differences.push(`extra ${path}`);
	const manifest = (folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
	const want = manifest(expectedFolder);
	for (const field of STRIPPED_FIELDS) delete want[field];
	if (JSON.stringify(manifest(installedFolder)) !== JSON.stringify(want)) differences.push('package.json is not the published one less its dev, peer and optional dependencies');
	return { differences, files: Object.keys(installed).length };
}
