import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = resolve(__dirname, '..', '..');

/**
 * The environment of a developer's shell: without what `npm test` and GitHub Actions put there
 * (npm_*, GITHUB_*, RUNNER_*, ACTIONS_*), so that the release rules see a local run wherever the
 * tests run.
 */
export function localEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (!/^(npm_|GITHUB_|RUNNER_|ACTIONS_)/i.test(key)) env[key] = value;
	}
	return { ...env, ...extra };
}

export interface ScriptRun {
	status: number | null;
	stdout: string;
	stderr: string;
}

/** Runs a command to completion; its output apart. */
export function runCommand(command: string, args: string[], { cwd = repoRoot, env = localEnv() } = {}): ScriptRun {
	const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs one of the repository's node scripts (scripts/...) and parses its --json output. */
export function runJsonScript<T>(script: string, args: string[] = []): T {
	const run = runCommand(process.execPath, [join(repoRoot, script), ...args, '--json']);
	if (!run.stdout.trim()) throw new Error(`${script} printed nothing (exit ${run.status}):\n${run.stderr}`);
	return JSON.parse(run.stdout) as T;
}

/** A temp folder holding copies of the given entries of the repository. */
export function copyOfRepo(entries: string[]): string {
	const folder = mkdtempSync(join(tmpdir(), 'affiliate-package-test-'));
	for (const entry of entries) cpSync(join(repoRoot, entry), join(folder, entry), { recursive: true });
	return folder;
}

/**
 * Calls an exported function of one of the repository's ES modules (scripts/...) on each list of
 * arguments, in one node process (jest runs CommonJS), and returns the results as JSON gives them.
 */
export function callExport<T>(script: string, name: string, argumentLists: unknown[][]): T[] {
	const code = `const module = await import(${JSON.stringify(pathToFileURL(join(repoRoot, script)).href)});
		console.log(JSON.stringify(JSON.parse(process.argv[1]).map((args) => module[${JSON.stringify(name)}](...args) ?? null)));`;
	const run = runCommand(process.execPath, ['--input-type=module', '-e', code, JSON.stringify(argumentLists)]);
	if (run.status !== 0) throw new Error(`${script} ${name} failed (exit ${run.status}):\n${run.stderr}`);
	return JSON.parse(run.stdout) as T[];
}

/**
 * npm as the publish tests run it: offline, against a registry nobody listens on, with its own cache,
 * so `npm publish --dry-run` makes every check npm makes before it would upload and reaches nothing.
 */
export const offlineNpmEnv = (folder: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv =>
	localEnv({ npm_config_offline: 'true', npm_config_registry: 'http://127.0.0.1:9/', npm_config_cache: join(folder, 'npm-cache'), npm_config_update_notifier: 'false', ...extra });

/** Packs a package.json-only package of this package's name into `folder` (source in `folder/package`): the tarball's path. */
export function packTinyPackage(folder: string, fields: { version: string; scripts?: Record<string, string> }, destination = folder): string {
	const source = join(folder, 'package');
	mkdirSync(source, { recursive: true });
	writeFileSync(join(source, 'package.json'), JSON.stringify({ name: 'n8n-nodes-affiliate-partner', ...fields }));
	mkdirSync(destination, { recursive: true });
	const run = runCommand('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], { cwd: source, env: offlineNpmEnv(folder) });
	if (run.status !== 0) throw new Error(`npm pack failed:\n${run.stderr}`);
	const [report] = JSON.parse(run.stdout) as Array<{ filename: string }>;
	return join(destination, report.filename);
}
