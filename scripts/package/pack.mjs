// Packs a package folder the way `npm publish` would, into a temp folder, and unpacks it: what the
// tarball checks and the scanner read is exactly what npm ships, never a hand-picked list.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

function npm(args, cwd) {
	const result = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
	if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${result.stderr}`);
	return result.stdout;
}

/** npm's own report of what `npm pack` would ship from `dir`: files, sizes, unpacked size. */
export function packReport(dir = repoRoot) {
	const [report] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], dir));
	return report;
}

/** Packs `dir` into a new temp folder and unpacks it there: `{ tarball, unpacked, folder }`. */
export function packAndUnpack(dir = repoRoot) {
	const folder = mkdtempSync(join(tmpdir(), 'affiliate-pack-'));
	const [report] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', folder], dir));
	const tarball = join(folder, report.filename);
	const unpacked = join(folder, 'package');
	mkdirSync(unpacked);
	const tar = spawnSync('tar', ['xzf', tarball, '-C', unpacked, '--strip-components=1'], { encoding: 'utf8' });
	if (tar.status !== 0) throw new Error(`tar failed on ${tarball}: ${tar.stderr}`);
	return { tarball, unpacked, folder, report };
}

/** Every file under `dir`, relative to it, with forward slashes. */
export function filesUnder(dir) {
	return readdirSync(dir, { recursive: true })
		.map((name) => join(dir, name))
		.filter((path) => statSync(path).isFile())
		.map((path) => relative(dir, path).split('\\').join('/'));
}

export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
