// `node --test` (part of `npm test` through test:scripts): how the end-to-end test finds, in n8n's
// output, a call n8n made to its own servers. The samples are n8n 2.41.1's own lines: offline
// (`npm start` with the editor open, before N8N_VERIFIED_PACKAGES_ENABLED=false), behind the
// end-to-end test's proxy, and lines that are not about n8n's servers.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { callHomeLines, checkNoCallHome } from './callHome.mjs';

const n8n = '/root/.cache/n8n-affiliate-runtime/n8n-2.41.1-25e81f080b61/node_modules';
const OFFLINE = [
	'[n8n] getaddrinfo ENOTFOUND api-staging.n8n.io',
	'[n8n] Error: getaddrinfo ENOTFOUND api-staging.n8n.io',
	`[n8n]     at AxiosError.from (${n8n}/@n8n/backend-network/node_modules/axios/dist/node/axios.cjs:1355:24)`,
	`[n8n]     at paginatedRequest (${n8n}/n8n/src/utils/strapi-utils.ts:90:15)`,
	'[n8n] Error: getaddrinfo ENOTFOUND api-staging.n8n.io',
	'[n8n]     at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:112:26)',
	'[n8n] Error fetching from Strapi API (https://api-staging.n8n.io/api/community-nodes): getaddrinfo ENOTFOUND api-staging.n8n.io',
];
const BEHIND_PROXY = [
	'[n8n] Request failed with status code 403',
	'[n8n] AxiosError: Request failed with status code 403',
	`[n8n]     at settle (${n8n}/@n8n/backend-network/node_modules/axios/dist/node/axios.cjs:2199:12)`,
	`[n8n]     at getCommunityNodeTypes (${n8n}/n8n/src/modules/community-packages/community-node-types-utils.ts:56:9)`,
	`[n8n]     at CommunityNodeTypesService.fetchNodeTypes (${n8n}/n8n/src/modules/community-packages/community-node-types.service.ts:94:13)`,
];
const NOT_N8N_SERVERS = [
	'[n8n] Failed to start Python task runner in internal mode. See: https://docs.n8n.io/hosting/configuration/task-runners/#setting-up-external-mode',
	'[n8n] Forbidden - perhaps check your credentials?',
	'[n8n] AxiosError: Request failed with status code 403',
	`[n8n]     at RoutingNode.makeRequest (${n8n}/n8n-core/src/execution-engine/routing-node.ts:787:19)`,
	`[n8n]     at CredentialsTester.runRequestTest (${n8n}/n8n/src/services/credentials-tester.service.ts:529:15)`,
	'[n8n] Editor is now accessible via:',
];

test('every line of a failed call to n8n offline is found, the stack traces whole', () => {
	assert.deepEqual(callHomeLines([...NOT_N8N_SERVERS, ...OFFLINE]), OFFLINE);
});

test("behind the end-to-end test's proxy, a refused call is found by its frames", () => {
	assert.deepEqual(callHomeLines([...BEHIND_PROXY, ...NOT_N8N_SERVERS]), BEHIND_PROXY.slice(1));
});

test("a docs link, a credential test's stack trace and n8n's other lines are not n8n's servers", () => {
	assert.deepEqual(callHomeLines(NOT_N8N_SERVERS), []);
	assert.match(checkNoCallHome({ lines: NOT_N8N_SERVERS, refused: ['CONNECT www.googleapis.com:443'] }), /none of its own servers: 0 of 6 lines/);
});

test('a request to an n8n host refused by the proxy fails the check, as do the lines', () => {
	assert.throws(() => checkNoCallHome({ lines: [], refused: ['CONNECT api-staging.n8n.io:443'] }), /1 request\(s\) refused by the proxy \(CONNECT api-staging\.n8n\.io:443\)/);
	assert.throws(() => checkNoCallHome({ lines: OFFLINE, refused: [] }), /7 line\(s\) of its output/);
});

