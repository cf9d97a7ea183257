import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Partner interface (Admitad publisher API style).
 *
 * Two ways to authenticate: a ready access token, or OAuth2 client credentials. In the second
 * mode the token is minted at `{baseUrl}/token/` by `preAuthentication` and kept in the hidden,
 * expirable `sessionToken`: n8n stores it with the credential, reuses it across executions and
 * calls `preAuthentication` again when a request answers 401. The service caps the number of
 * tokens per application, so minting per request is not an option.
 */
export class AffiliatePartnerApi implements ICredentialType {
	name = 'affiliatePartnerApi';

	displayName = 'Affiliate Partner API';

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
		return { sessionToken: await mintAccessToken(this, credentials) };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization:
					'=Bearer {{$credentials.authentication === "clientCredentials" ? $credentials.sessionToken : $credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/websites/kinds/',
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'The access token was refused. Check it, or the client ID and secret.' },
			},
			{
				type: 'responseCode',
				properties: { value: 403, message: 'The token lacks the public_data right needed for this test.' },
			},
		],
	};
}

interface TokenResponse {
	access_token?: string;
}

async function mintAccessToken(
	context: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const tokenUrl = `${String(credentials.baseUrl).replace(/\/+$/, '')}/token/`;
	const clientId = String(credentials.clientId ?? '');
	const form = new URLSearchParams({
		grant_type: 'client_credentials',
		client_id: clientId,
		scope: String(credentials.scopes ?? '').trim().split(/\s+/).join(' '),
	});
	let response: TokenResponse;
	try {
		response = (await context.helpers.httpRequest({
			method: 'POST',
			url: tokenUrl,
			auth: { username: clientId, password: String(credentials.clientSecret ?? '') },
			body: form,
			json: true,
		})) as TokenResponse;
	} catch (error) {
		// The original error carries the request, Basic header included: report only what the server said.
		throw new Error(`Could not get an access token from ${tokenUrl}: ${describeTokenError(error)}`);
	}
	if (typeof response?.access_token !== 'string' || response.access_token === '') {
		throw new Error(`The token endpoint ${tokenUrl} answered without an access_token`);
	}
	return response.access_token;
}

function describeTokenError(error: unknown): string {
	const failure = error as {
		httpCode?: string;
		response?: { status?: number; data?: { error?: string; error_description?: string } };
		cause?: { response?: { status?: number; data?: { error?: string; error_description?: string } } };
	};
	const response = failure.response ?? failure.cause?.response;
	const status = response?.status ?? failure.httpCode;
	const body = response?.data;
	const said = [body?.error, body?.error_description].filter(Boolean).join(': ');
	if (status === 401 || status === '401' || body?.error === 'invalid_client') {
		return `the client ID or client secret was refused (${said || 'HTTP 401'}). Check both in the credential.`;
	}
	return said ? `${said} (HTTP ${status ?? '?'})` : `HTTP ${status ?? 'error, no response'}`;
}
