// The MCP client example of docs/ai-agents.md, run as a reader would run it: the first `js` block
// of the page, written to a file inside the clone (so that it finds the MCP SDK), pointed at the
// test's n8n, and run with Node. Its output must list the tools and carry the day's rate.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { repoRoot } from '../n8n-runtime/runtime.mjs';

const DOCS = join(repoRoot, 'docs', 'ai-agents.md');

export function runDocsMcpClient({ baseUrl }) {
	const block = /```js\n([\s\S]*?)```/.exec(readFileSync(DOCS, 'utf8'))?.[1];
	assert.ok(block, 'docs/ai-agents.md has a js block');
	assert.ok(block.includes('http://127.0.0.1:5678/'), "the example uses npm start's address");
	const file = join(repoRoot, 'test-output', 'docs-mcp-client.mjs');
	writeFileSync(file, block.replace('http://127.0.0.1:5678/', `${baseUrl}/`));
	try {
		const result = spawnSync(process.execPath, [file], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
		assert.equal(result.status, 0, `the docs' MCP client ran: ${result.stderr.slice(-1000)}`);
		const [names, rate] = result.stdout.trim().split('\n');
		assert.equal(names.split(', ').sort().join(', '), 'get_click_report, get_exchange_rate, get_lost_orders, get_order_status');
		assert.equal(typeof JSON.parse(rate)[0].rate, 'number', `the rate came back as a number: ${rate}`);
		return `the MCP client of docs/ai-agents.md ran as written: ${names}; ${rate.slice(0, 60)}`;
	} finally {
		rmSync(file, { force: true });
	}
}
