import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
