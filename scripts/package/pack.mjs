// Packs a package folder the way `npm publish` would, and unpacks a tarball: what the tarball
// checks, the scanner and the install test read is exactly what npm ships, never a hand-picked list.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

function npm(args, cwd, env = {}) {
	const result = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false', ...env } });
	if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${result.stderr}`);
	return result.stdout;
}

/** npm's own report of what `npm pack` would ship from `dir`: files, sizes, unpacked size. */
export function packReport(dir = repoRoot) {
	const [report] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], dir));
	return report;
}

/** `npm pack` of `dir` into `destination`: npm's report, and the tarball's path as `file`. */
export function packInto(dir, destination, env) {
	mkdirSync(destination, { recursive: true });
	const [report] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination], dir, env));
	return { ...report, file: join(destination, report.filename) };
}

/** Unpacks a tarball into `folder` (npm's `package/` prefix dropped). */
export function unpack(tarball, folder) {
	mkdirSync(folder, { recursive: true });
	const tar = spawnSync('tar', ['xzf', tarball, '-C', folder, '--strip-components=1'], { encoding: 'utf8' });
	if (tar.status !== 0) throw new Error(`tar failed on ${tarball}: ${tar.stderr}`);
	return folder;
}

/** Packs `dir` into a new temp folder and unpacks it there: `{ folder, unpacked }`. */
export function packAndUnpack(dir = repoRoot) {
	const folder = mkdtempSync(join(tmpdir(), 'affiliate-pack-'));
	const { file } = packInto(dir, folder);
	return { folder, unpacked: unpack(file, join(folder, 'package')) };
}

/** Every file under `dir`, relative to it, with forward slashes. */
export function filesUnder(dir) {
	return readdirSync(dir, { recursive: true })
		.map((name) => join(dir, name))
		.filter((path) => statSync(path).isFile())
		.map((path) => relative(dir, path).split('\\').join('/'));
}

export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
