/**
 * The partner interface's OAuth2 client-credentials token, minted at `{baseUrl}/token/` for the
 * credential's `preAuthentication` (credentials/AffiliatePartnerApi.credentials.ts) and shared by
 * every execution of this n8n instance that uses the same client.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { describeBody, readServerProblems } from './answers';
import { Redactor } from './errors';
import { bindToken, clientBinding, partnerTokenUrl, requestedScopes, storedToken } from './boundToken';
import { sharedToken } from './tokenSharing';

// In words: n8n replaces a message that holds one of these codes with a generic sentence of its own.
const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	ETIMEDOUT: 'it did not answer in time',
	ECONNRESET: 'the connection was reset',
	CERT_HAS_EXPIRED: 'its certificate has expired',
};

interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/**
 * The client-credentials token of the partner interface, shared by every execution of this n8n
 * instance that uses the same client (see tokenSharing.ts), bound to the values it is minted for
 * (boundToken.ts). `credentials.sessionToken` is what the caller holds: empty, one the service has
 * just refused, or one minted for other values.
 */
export async function partnerSessionToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	// A token minted for other values was never refused for these: to them, nothing is stored yet.
	const stored = storedToken(credentials.sessionToken, credentials);
	const presented = stored.current ? stored.token : '';
	const token = await sharedToken(clientBinding(credentials), presented, async () => await mintAccessToken(helper, credentials));
	return bindToken(token, credentials);
}

/**
 * One OAuth2 client-credentials request to `{baseUrl}/token/` (Basic client authentication). A
 * redirect is never followed: it would carry the client secret to wherever it points. What goes
 * wrong is said in words, with the secrets hidden.
 */
async function mintAccessToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<string> {
	const outcome = await requestToken(helper, credentials);
	if ('token' in outcome) return outcome.token;
	throw new Error(
		new Redactor([credentials.clientSecret, credentials.sessionToken, storedToken(credentials.sessionToken, credentials).token]).text(outcome.problem),
	);
}

/**
 * The token endpoint's answer, or the code of the network failure: the original error carries
 * the request, Basic header included, so nothing else of it is kept.
 */
async function postTokenRequest(
	helper: IHttpRequestHelper,
	tokenUrl: string,
	credentials: ICredentialDataDecryptedObject,
): Promise<FullResponse | { networkCode: string }> {
	const clientId = String(credentials.clientId ?? '');
	const form = new URLSearchParams({
		grant_type: 'client_credentials',
		client_id: clientId,
		scope: requestedScopes(credentials),
	});
	return await helper.helpers
		.httpRequest({
			method: 'POST',
			url: tokenUrl,
			auth: { username: clientId, password: String(credentials.clientSecret ?? '') },
			body: form,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 60_000,
		})
		.then(
			(response) => response as FullResponse,
			(error: unknown) => ({ networkCode: String((error as { code?: unknown })?.code) }),
		);
}

async function requestToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<{ token: string } | { problem: string }> {
	const tokenUrl = partnerTokenUrl(credentials);
	const response = await postTokenRequest(helper, tokenUrl, credentials);
	if ('networkCode' in response) {
		return {
			problem: `Could not reach the token endpoint ${tokenUrl}: ${NETWORK_FAILURES[response.networkCode] ?? 'no answer'}. Check the Base URL of the credential, and that n8n can reach the service.`,
		};
	}
	const { statusCode: status, body } = response;
	if (status >= 300 && status < 400) {
		let target = 'elsewhere';
		try {
			target = new URL(String(response.headers.location ?? ''), tokenUrl).origin;
		} catch {
			// An unreadable Location is reported as "elsewhere".
		}
		return {
			problem: `The token endpoint ${tokenUrl} redirected to ${target} (HTTP ${status}). The client secret is never sent on a redirect: check the Base URL of the credential.`,
		};
	}
	// Quoted inside a sentence of ours: without its own full stop ("(Client authentication failed)").
	const said = readServerProblems(body)
		.map((problem) => problem.message.trim().replace(/\.+$/, ''))
		.join('; ');
	if (status === 401 || (body as IDataObject | undefined)?.error === 'invalid_client') {
		return {
			problem: `Could not get an access token from ${tokenUrl}: the client ID or client secret was refused (${said || 'HTTP 401'}). Check both in the credential.`,
		};
	}
	if (status < 200 || status >= 300) {
		return { problem: `Could not get an access token from ${tokenUrl}: ${said || describeBody(body)} (HTTP ${status})` };
	}
	const token = (body as IDataObject | undefined)?.access_token;
	if (typeof token !== 'string' || token === '') {
		return { problem: `The token endpoint ${tokenUrl} answered without an access_token: ${describeBody(body)}` };
	}
	return { token };
}
