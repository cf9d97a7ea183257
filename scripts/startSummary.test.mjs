// `node --test` (part of `npm test`): what `npm start` prints once n8n is ready.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { startSummary } from './startSummary.mjs';

const sandbox = { partnerUrl: 'http://127.0.0.1:4010', clickUrl: 'http://127.0.0.1:4011', accessToken: 'tok123', clientId: 'cid456', clientSecret: 'sec789', publicKey: 'key000' };
const summary = (withMcp) => startSummary({ url: 'http://127.0.0.1:5678', n8nVersion: '2.41.1', timing: 'all set up in 20.0 s', withMcp, sandbox, userFolder: '/tmp/user' });

test("the sandbox's keys, for a credential created by hand, are in the closing summary", () => {
	const lines = summary(true).split('\n');
	assert.ok(lines.includes('  sandbox keys: access token tok123   client ID cid456   client secret sec789'));
	assert.ok(lines.includes('                click public key key000'));
	assert.match(summary(true), /^n8n 2\.41\.1 is ready: http:\/\/127\.0\.0\.1:5678/m);
});

test('the MCP server is named only where it runs (n8n 2.x)', () => {
	assert.match(summary(true), /MCP server: {3}http:\/\/127\.0\.0\.1:5678\/mcp\/affiliate-tools {3}header {2}Authorization: Bearer /);
	assert.match(summary(false), /MCP server: {3}needs n8n 2\.x/);
});

test('the user folder is named, said to outlive the clone, with how to start clean', () => {
	const text = summary(true);
	const at = text.indexOf('  user folder:  /tmp/user\n');
	assert.ok(at >= 0, 'the user folder is not named');
	const lines = text.slice(at).split('\n').slice(0, 3).join('\n');
	assert.match(lines, /outside the clone and outlives it/);
	assert.match(lines, /npm start -- --fresh/);
	assert.match(lines, /remove that folder/);
});
