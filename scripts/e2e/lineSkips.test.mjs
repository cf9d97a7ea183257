// `node --test` (npm run test:scripts): the end-to-end checks are skipped by the n8n line alone,
// each with a title and a reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { lineSkips } from './lineSkips.mjs';

test('n8n 2.x skips no check', () => {
	const { runs, skipped } = lineSkips(2);
	assert.deepEqual(skipped, []);
	assert.ok(runs('mcp') && runs('searchDescriptions'));
});

test('n8n 1.x skips the MCP server example and the node search descriptions, each with its reason', () => {
	const { runs, skipped } = lineSkips(1);
	assert.ok(!runs('mcp') && !runs('searchDescriptions'));
	assert.equal(skipped.length, 2);
	for (const { title, reason } of skipped) assert.ok(title.length > 20 && reason.length > 20, `${title}: ${reason}`);
});
