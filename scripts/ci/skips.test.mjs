// `node --test` (npm run test:scripts): the summary of skips .ci/run ends with, and the records it reads.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { parseSkippedTitle, readRecords, recordSkips, summaryLines } from './skipRecords.mjs';

const durable = 'n8n 1.x has no durable poll cursors';
const jest1 = {
	suite: 'jest',
	line: 1,
	sources: {
		'test/triggers/durable.test.ts': { skipped: [{ title: 'Click Report Trigger › two polls', reason: durable }, { title: 'one more', reason: durable }], failed: 0 },
		'test/click/trigger.test.ts': { skipped: [], failed: 0 },
	},
};
const e2e1 = { suite: 'e2e', line: 1, sources: { 'scripts/e2e/run.mjs': { skipped: [{ title: 'the MCP server example', reason: 'it needs version 2.1' }], failed: 1 } } };
const queue = { suite: 'queue', line: 2, sources: { 'npm run test:queue': { skipped: [] } } };

test('every suite of .ci/run is named: with its count, 0 included, or as not run', () => {
	const lines = summaryLines([jest1, e2e1, queue]);
	assert.equal(lines[0], 'Skipped checks, per suite and n8n line (test-output/skips/):');
	assert.ok(lines.includes('  jest, n8n 1.x: 2 skipped'));
	assert.ok(lines.includes('  e2e, n8n 1.x: 1 skipped, 1 failed'));
	assert.ok(lines.includes('  queue, n8n 2.x: 0 skipped'));
	for (const suite of ['jest, n8n 2.x', 'e2e, n8n 2.x', 'install, n8n 2.x', 'chaos, n8n 2.x', 'bench smoke, n8n 2.x']) {
		assert.ok(lines.includes(`  ${suite}: no record (not run, or stopped before it reported)`), suite);
	}
	assert.equal(lines.at(-1), 'Skipped in all: 3');
});

test('each skip is listed under its reason, with its test file where a suite has several', () => {
	const lines = summaryLines([jest1, e2e1]);
	const at = lines.indexOf(`    skipped because ${durable}:`);
	assert.deepEqual(lines.slice(at + 1, at + 3), ['      - test/triggers/durable.test.ts: Click Report Trigger › two polls', '      - test/triggers/durable.test.ts: one more']);
	assert.ok(lines.includes('      - the MCP server example'));
});

test('a record of a suite .ci/run does not list is shown too, and a skip without a reason says so', () => {
	const lines = summaryLines([{ suite: 'jest', line: 3, sources: { 'a.test.ts': { skipped: [{ title: 'bare' }] } } }]);
	assert.ok(lines.includes('  jest, n8n 3.x: 1 skipped'));
	assert.ok(lines.includes('    skipped because NO REASON GIVEN:'));
});

test("a skipped test's reason is read from whichever title carries it", () => {
	assert.deepEqual(parseSkippedTitle(['Trigger (durable) [skipped on n8n 1.x: no cursors (2.x only)]', 'two polls']), { title: 'Trigger (durable) › two polls', reason: 'no cursors (2.x only)' });
	assert.deepEqual(parseSkippedTitle(['plain', 'test.skip']), { title: 'plain › test.skip', reason: undefined });
});

test("a suite's record keeps the sources of its earlier runs and replaces a source run again", () => {
	const dir = mkdtempSync(join(tmpdir(), 'skips-'));
	try {
		recordSkips({ suite: 'jest', line: 2, dir, sources: { 'a.test.ts': { skipped: [{ title: 'x', reason: 'r' }] } } });
		recordSkips({ suite: 'jest', line: 2, dir, sources: { 'b.alone.test.ts': { skipped: [] } } });
		recordSkips({ suite: 'jest', line: 2, dir, sources: { 'a.test.ts': { skipped: [] } } });
		assert.deepEqual(readRecords(dir), [{ suite: 'jest', line: 2, sources: { 'a.test.ts': { skipped: [] }, 'b.alone.test.ts': { skipped: [] } } }]);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
