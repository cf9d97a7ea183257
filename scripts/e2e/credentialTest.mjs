// The partner credential's test as the live n8n runs it (POST /rest/credentials/test): the real
// CredentialsTester, its RoutingNode request and its error messages, not the package's harness.
// n8n tests a saved credential with the values the editor sends, so each case is sent as the
// sandbox's partner credential with other values, as a user editing it would.
import assert from 'node:assert/strict';

import { CREDENTIAL_IDS } from '../n8n-runtime/harness.mjs';

async function test(api, state, data) {
	const { data: result } = await api('/rest/credentials/test', {
		method: 'POST',
		body: JSON.stringify({
			credentials: { id: CREDENTIAL_IDS.partner, name: 'Affiliate Partner sandbox', type: 'affiliatePartnerApi', data: { baseUrl: state.partnerUrl, ...data } },
		}),
	});
	return result;
}

/**
 * n8n 1.x's credential tester shows its own text for a refused status instead of the credential
 * test's (README, Compatibility).
 */
const N8N_1X_FORBIDDEN = 'Forbidden - perhaps check your credentials?';

export async function checkCredentialTest({ api, sandbox, line = 2 }) {
	const state = await sandbox.state();
	const good = await test(api, state, { authentication: 'accessToken', accessToken: state.accessToken });
	assert.equal(good.status, 'OK', `a full token passes (${good.message})`);

	const publicDataOnly = await test(api, state, { authentication: 'accessToken', accessToken: state.tokens.publicDataOnly });
	assert.equal(publicDataOnly.status, 'Error');
	if (line === 1) assert.equal(publicDataOnly.message, N8N_1X_FORBIDDEN);
	else assert.match(publicDataOnly.message, /^The token works, but cannot read lost orders \(HTTP 403\)/);

	const prefixed = await test(api, state, { authentication: 'accessToken', accessToken: `Bearer ${state.accessToken}` });
	assert.equal(prefixed.status, 'Error');
	assert.match(prefixed.message, /^The Access Token starts with "Bearer": paste the access token alone/);
	assert.ok(!prefixed.message.includes(state.accessToken), 'the token is not shown');

	const client = await test(api, state, { authentication: 'clientCredentials', clientId: state.clientId, clientSecret: state.clientSecret, scopes: 'lost_orders public_data' });
	assert.equal(client.status, 'OK', `client credentials pass (${client.message})`);
	return `a full token passes; a public-data-only token fails with "${publicDataOnly.message.slice(0, 60)}…"; a "Bearer "-prefixed token is named; client credentials pass`;
}
