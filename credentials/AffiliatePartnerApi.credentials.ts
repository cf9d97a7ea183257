import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { partnerCredentialProblem, withBearer } from '../nodes/shared/transport/credentialValues';
import { storedToken, tokenMintedForOtherValues } from '../nodes/shared/transport/boundToken';
import { partnerSessionToken } from '../nodes/shared/transport/partnerToken';

/**
 * Partner interface (Admitad publisher API style).
 *
 * Two ways to authenticate: a ready access token, or OAuth2 client credentials. In the second
 * mode the token is minted at `{baseUrl}/token/` by `preAuthentication` and kept in the hidden,
 * expirable `sessionToken`, bound to the values it was minted for: n8n stores it with the
 * credential, reuses it across executions and calls `preAuthentication` again when a request
 * answers 401, or when those values changed. The service caps the number of
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
			default:
				'lost_orders manage_lost_orders landings public_data statistics websites deeplink_generator advcampaigns_for_website manage_advcampaigns coupons_for_website coupons',
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
	 * refused here with the nodes' own words, so the credential test says it too. A stored token
	 * minted for other values (the secret or the scopes changed since) never leaves: n8n takes the
	 * refusal as a 401 and mints one for the values now in the credential (boundToken.ts).
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		if (credentials.authentication !== 'clientCredentials') {
			return withBearer(requestOptions, credentials.accessToken, partnerCredentialProblem(credentials));
		}
		const stored = storedToken(credentials.sessionToken, credentials);
		if (!stored.current) throw tokenMintedForOtherValues();
		return withBearer(requestOptions, stored.token, undefined);
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
