#!/usr/bin/env node
// Runs n8n's own community-node lint (`n8n-node lint`) on the package as it is published:
// package.json, the eslint and TypeScript configs, nodes/ and credentials/. Tests, the sandbox
// and scripts are development tools, not part of the package n8n's scanner reviews, and they
// need what community nodes may not use (process, timers, n8n-core), so they stay out.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const stage = mkdtempSync(join(tmpdir(), 'n8n-package-lint-'));
try {
	for (const entry of ['package.json', 'eslint.config.mjs', 'tsconfig.json', 'README.md', 'nodes', 'credentials']) {
		cpSync(join(root, entry), join(stage, entry), { recursive: true });
	}
	symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'), 'dir');
	const result = spawnSync(join(root, 'node_modules', '.bin', 'n8n-node'), ['lint'], {
		cwd: stage,
		stdio: 'inherit',
		env: { ...process.env, CI: 'true' },
	});
	process.exitCode = result.status ?? 1;
} finally {
	rmSync(stage, { recursive: true, force: true });
}
