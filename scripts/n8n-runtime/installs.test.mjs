// `node --test` (npm run test:scripts): a newer n8n install of a line removes the older ones, but
// never one a live process runs from.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { markInUse, removeStaleInstalls, usersOf } from './installs.mjs';

test('older installs of the line go, except one a live process runs from; other lines stay', () => {
	const root = mkdtempSync(join(tmpdir(), 'n8n-installs-'));
	try {
		const install = (name) => {
			mkdirSync(join(root, name, 'node_modules'), { recursive: true });
			return join(root, name);
		};
		const current = install('n8n-2.41.3-cccccccccccc');
		const running = install('n8n-2.41.1-aaaaaaaaaaaa');
		const ended = install('n8n-2.41.1-bbbbbbbbbbbb');
		const unmarked = install('n8n-2.40.0-dddddddddddd');
		install('n8n-1.123.81-eeeeeeeeeeee');
		markInUse(running);
		const endedPid = spawnSync(process.execPath, ['-e', '']).pid;
		markInUse(ended, endedPid);
		const said = [];

		removeStaleInstalls(root, current, { line: 2 }, (line) => said.push(line));

		assert.deepEqual(readdirSync(root).sort(), ['n8n-1.123.81-eeeeeeeeeeee', 'n8n-2.41.1-aaaaaaaaaaaa', 'n8n-2.41.3-cccccccccccc']);
		assert.deepEqual(usersOf(running), [process.pid]);
		assert.ok(!existsSync(ended) && !existsSync(unmarked));
		assert.ok(said.some((line) => line.startsWith(`keeping an older runtime that pid ${process.pid} still runs from: ${running}`)), said.join('\n'));
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
});
