import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { describeBody, readServerProblems } from '../nodes/shared/transport/answers';
import { partnerCredentialProblem, withBearer } from '../nodes/shared/transport/credentialValues';
import { Redactor } from '../nodes/shared/transport/errors';
import { fingerprint } from '../nodes/shared/transport/fingerprint';
import { sharedToken } from '../nodes/shared/transport/tokenSharing';

/**
 * Partner interface (Admitad publisher API style).
 *
 * Two ways to authenticate: a ready access token, or OAuth2 client credentials. In the second
 * mode the token is minted at `{baseUrl}/token/` by `preAuthentication` and kept in the hidden,
 * expirable `sessionToken`: n8n stores it with the credential, reuses it across executions and
 * calls `preAuthentication` again when a request answers 401. The service caps the number of
 * tokens per application, so minting per request is not an option, and concurrent executions
 * share one mint (nodes/shared/transport/tokenSharing.ts).
 */
export class AffiliatePartnerApi implements ICredentialType {
	name = 'affiliatePartnerApi';

	displayName = 'Admitad Affiliate Partner API';

	icon = {
		light: 'file:../nodes/AffiliatePartner/affiliatePartner.svg',
		dark: 'file:../nodes/AffiliatePartner/affiliatePartner.dark.svg',
	} as const;

	documentationUrl = 'https://developers.admitad.com/knowledge-base/article/client-authorization_1';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.admitad.com',
			placeholder: 'https://api.admitad.com',
			description: 'Root URL of the partner API. A trailing slash or a path prefix is fine.',
			required: true,
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Access Token',
					value: 'accessToken',
					description: 'Use a token you already have',
				},
				{
					name: 'Client Credentials',
					value: 'clientCredentials',
					description: 'Let n8n get and renew the token with your client ID and secret',
				},
			],
			default: 'accessToken',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A bearer token with the rights your workflows need: lost_orders, manage_lost_orders, landings, public_data',
			displayOptions: { show: { authentication: ['accessToken'] } },
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: 'Shown in your publisher account under API access',
			displayOptions: { show: { authentication: ['clientCredentials'] } },
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['clientCredentials'] } },
		},
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'string',
			default: 'lost_orders manage_lost_orders landings public_data',
			description: 'Space-separated rights to request for the token',
			displayOptions: { show: { authentication: ['clientCredentials'] } },
		},
		{
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Max Requests per Second',
			name: 'maxRequestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: 10,
			description:
				'Client-side pace shared by every node and execution that uses this credential. The service allows 600 requests per minute.',
		},
	];

	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		if (credentials.authentication !== 'clientCredentials') return {};
		return { sessionToken: await partnerSessionToken(this, credentials) };
	}

	/**
	 * The token as a Bearer header. A token pasted with its "Bearer" prefix or cut by a space is
	 * refused here with the nodes' own words, so the credential test says it too.
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const token = credentials.authentication === 'clientCredentials' ? credentials.sessionToken : credentials.accessToken;
		return withBearer(requestOptions, token, partnerCredentialProblem(credentials));
	};

	// Reading lost orders needs the right most operations need (lost_orders) and, for the service,
	// the accepted lost-orders agreement: a token made for reference data alone does not pass.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/lost_orders/',
			qs: { limit: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'The access token was refused (HTTP 401). Check that it is complete and current.' },
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The token works, but cannot read lost orders (HTTP 403): it lacks the lost_orders right, or the account has not accepted the lost-orders agreement. The Lost Order and Appeal operations need both; reference data needs public_data and landing pages need landings.',
				},
			},
		],
	};
}

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

function partnerTokenUrl(credentials: ICredentialDataDecryptedObject): string {
	return `${String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '')}/token/`;
}

function requestedScopes(credentials: ICredentialDataDecryptedObject): string {
	return String(credentials.scopes ?? '').trim().split(/\s+/).join(' ');
}

/**
 * The client-credentials token of the partner interface, shared by every execution of this n8n
 * process that uses the same client (see tokenSharing.ts). `credentials.sessionToken` is the token
 * the caller holds: empty, or one the service has just refused.
 */
async function partnerSessionToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const clientKey = [
		partnerTokenUrl(credentials),
		String(credentials.clientId ?? ''),
		requestedScopes(credentials),
		fingerprint(String(credentials.clientSecret ?? '')),
	].join('\n');
	const presented = typeof credentials.sessionToken === 'string' ? credentials.sessionToken : '';
	return await sharedToken(clientKey, presented, async () => await mintAccessToken(helper, credentials));
}

/**
 * One OAuth2 client-credentials request to `{baseUrl}/token/` (Basic client authentication). A
 * redirect is never followed: it would carry the client secret to wherever it points.
 */
async function mintAccessToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<string> {
	const redactor = new Redactor([credentials.clientSecret, credentials.sessionToken]);
	try {
		return await requestToken(helper, credentials);
	} catch (error) {
		throw new Error(redactor.text((error as Error).message));
	}
}

async function requestToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<string> {
	const tokenUrl = partnerTokenUrl(credentials);
	const clientId = String(credentials.clientId ?? '');
	const clientSecret = String(credentials.clientSecret ?? '');
	const form = new URLSearchParams({
		grant_type: 'client_credentials',
		client_id: clientId,
		scope: requestedScopes(credentials),
	});
	let response: FullResponse;
	try {
		response = (await helper.helpers.httpRequest({
			method: 'POST',
			url: tokenUrl,
			auth: { username: clientId, password: clientSecret },
			body: form,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 60_000,
		})) as FullResponse;
	} catch (error) {
		// The original error carries the request, Basic header included: report only its kind.
		const code = (error as { code?: unknown })?.code;
		throw new Error(
			`Could not reach the token endpoint ${tokenUrl}: ${NETWORK_FAILURES[String(code)] ?? 'no answer'}. Check the Base URL of the credential, and that n8n can reach the service.`,
		);
	}
	const { statusCode: status, body } = response;
	if (status >= 300 && status < 400) {
		const location = String(response.headers.location ?? '');
		let target = 'elsewhere';
		try {
			target = new URL(location, tokenUrl).origin;
		} catch {
			// An unreadable Location is reported as "elsewhere".
		}
		throw new Error(
			`The token endpoint ${tokenUrl} redirected to ${target} (HTTP ${status}). The client secret is never sent on a redirect: check the Base URL of the credential.`,
		);
	}
	const said = readServerProblems(body)
		.map((problem) => problem.message)
		.join('; ');
	if (status === 401 || (body as IDataObject | undefined)?.error === 'invalid_client') {
		throw new Error(
			`Could not get an access token from ${tokenUrl}: the client ID or client secret was refused (${said || 'HTTP 401'}). Check both in the credential.`,
		);
	}
	if (status < 200 || status >= 300) {
		throw new Error(`Could not get an access token from ${tokenUrl}: ${said || describeBody(body)} (HTTP ${status})`);
	}
	const token = (body as IDataObject | undefined)?.access_token;
	if (typeof token !== 'string' || token === '') {
		throw new Error(`The token endpoint ${tokenUrl} answered without an access_token: ${describeBody(body)}`);
	}
	return token;
}
