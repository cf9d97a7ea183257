#!/usr/bin/env node
// `npm run test:v1`: the suites that go through n8n-core, run against the last n8n 1.x line
// (n8n-core 1.122.48 with n8n-workflow 1.120.31) instead of 2.x. Those two packages are installed
// with this folder's lockfile into the runtime cache, outside the repository (install.mjs); jest
// then maps `n8n-core` and `n8n-workflow` to them, for the tests and the nodes alike
// (test/jest.v1.config.js). Extra arguments go to jest.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { repoRoot } from '../n8n-runtime/runtime.mjs';
import { ensureV1Modules } from './install.mjs';

const log = (line) => console.log(`[test:v1] ${line}`);

const modules = await ensureV1Modules(log);
const jest = join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
const args = [jest, '-c', join(repoRoot, 'test', 'jest.v1.config.js'), ...process.argv.slice(2)];
const result = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, N8N_V1_MODULES: modules } });
process.exit(result.status ?? 1);
