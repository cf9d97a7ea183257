// A stored client-credentials token belongs to the values it was minted with (boundToken.ts): when
// the user changes the client secret, the client ID, the scopes or the base URL, the next request
// and the credential test get a token for the new values first. Through n8n-core against the
// sandbox, with n8n's credential tester as it runs in n8n 1.123 and 2.41 (test/harness/credentialTest.ts).
import type { INodeCredentials, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import { storedToken } from '../../nodes/shared/transport/boundToken';
import { testSavedCredential } from '../harness/credentialTest';
import { credentialsHelper, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';
import { everythingVisible, partnerCredential } from './helpers';

const sandboxOf = useSandbox({ clickItems: 10, clickDays: 1 }, { latencyMs: 0, tokenLatencyMs: 0 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

const TYPE = 'affiliatePartnerApi';
const lostOrders: INodeParameters = { resource: 'lostOrder', operation: 'getMany', returnAll: true };
const currencies: INodeParameters = { resource: 'currency', operation: 'getMany', returnAll: true };

/** A saved client-credentials credential, with a token stored by a first run. */
async function savedWithToken(): Promise<{ credentials: INodeCredentials; id: string; token: string }> {
	const credentials = partnerCredential(sandbox, {
		authentication: 'clientCredentials',
		accessToken: '',
		clientId: sandbox.clientId,
		clientSecret: sandbox.clientSecret,
		scopes: 'lost_orders manage_lost_orders landings public_data',
		sessionToken: '',
	});
	const first = await partner(credentials, lostOrders);
	expect(first.error).toBeUndefined();
	const id = String(credentials[TYPE].id);
	return { credentials, id, token: credentialsHelper.storedAccessToken(id) };
}

const partner = (credentials: INodeCredentials, parameters: INodeParameters) => runNode({ type: 'affiliatePartner', parameters, credentials });

/** What a user does when they edit the credential and save it: the hidden stored token stays. */
function saveEdits(id: string, edits: Record<string, string>) {
	Object.assign(credentialsHelper.stored(id), edits);
}

describe('a stored token is bound to the values it was minted with', () => {
	test('the credential test with the stored values passes; like every credential test in n8n, it mints a token to check them', async () => {
		const { credentials, id } = await savedWithToken();
		const minted = sandbox.tokensMinted;
		sandbox.resetRequests();
		const result = await testSavedCredential(TYPE, credentials, {});
		expect(result.status).toBe('OK');
		expect(sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['POST /token/ 200', 'GET /lost_orders/ 200']);
		expect(sandbox.tokensMinted).toBe(minted + 1);
		// The token the test minted is saved, bound to the saved values: the next run uses it.
		const tested = credentialsHelper.storedAccessToken(id);
		sandbox.resetRequests();
		expect((await partner(credentials, currencies)).error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${tested}`]);
	});

	test('the credential test with a wrong client secret typed over a stored token fails with the service refusal', async () => {
		const { credentials, id, token } = await savedWithToken();
		sandbox.resetRequests();
		const result = await testSavedCredential(TYPE, credentials, { clientSecret: 'wrong-secret-typed-by-the-user' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/the client ID or client secret was refused/);
		expect(everythingVisible(result)).not.toContain(token);
		expect(everythingVisible(result)).not.toContain('wrong-secret-typed-by-the-user');
		// The old token never left: the one request was the mint with the typed secret.
		expect(sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['POST /token/ 401']);
		// The unsaved secret is not saved, and the stored token is the one the saved values minted.
		expect(credentialsHelper.stored(id).clientSecret).toBe(sandbox.clientSecret);
	});

	test('scopes narrowed to public_data and saved: the next run mints for them, and lost orders are refused', async () => {
		const { credentials, id, token } = await savedWithToken();
		saveEdits(id, { scopes: 'public_data' });
		const minted = sandbox.tokensMinted;
		const refused = await partner(credentials, lostOrders);
		expect(sandbox.tokensMinted).toBe(minted + 1);
		expect(refused.error?.message).toMatch(/403|lost_orders/);
		expect(credentialsHelper.storedAccessToken(id)).not.toBe(token);
		// What the narrowed token may do, it does, on the same new token.
		const allowed = await partner(credentials, currencies);
		expect(allowed.error).toBeUndefined();
		expect(allowed.items.length).toBe(sandbox.data.currencies.length);
		expect(sandbox.tokensMinted).toBe(minted + 1);
		// And the credential test says so too.
		const tested = await testSavedCredential(TYPE, credentials, {});
		expect(tested.status).toBe('Error');
	});

	test('a wrong client secret saved: the next run fails naming the secret, and no request carries the old token', async () => {
		const { credentials, id, token } = await savedWithToken();
		saveEdits(id, { clientSecret: 'a-wrong-secret-saved' });
		sandbox.resetRequests();
		const result = await partner(credentials, currencies);
		expect(result.error?.message).toMatch(/the client ID or client secret was refused/);
		expect(sandbox.requests.some((request) => request.headers.authorization === `Bearer ${token}`)).toBe(false);
		expect(everythingVisible(result.error)).not.toContain('a-wrong-secret-saved');
	});

	test('a token saved before tokens were bound (no binding) is never sent; the values get a bound one, then it is reused', async () => {
		const { credentials, id, token } = await savedWithToken();
		saveEdits(id, { sessionToken: token });
		const minted = sandbox.tokensMinted;
		sandbox.resetRequests();
		expect((await partner(credentials, currencies)).error).toBeUndefined();
		expect((await partner(credentials, currencies)).error).toBeUndefined();
		expect(storedToken(credentialsHelper.stored(id).sessionToken, credentialsHelper.stored(id)).current).toBe(true);
		expect(sandbox.tokensMinted - minted).toBeLessThanOrEqual(1);
		const sent = sandbox.requests.filter((request) => request.path !== '/token/').map((request) => request.headers.authorization);
		expect(new Set(sent)).toEqual(new Set([`Bearer ${credentialsHelper.storedAccessToken(id)}`]));
	});
});
