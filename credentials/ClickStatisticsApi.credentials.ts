import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { clickCredentialProblem, withBearer } from '../nodes/shared/transport/credentialValues';

// Despite its name, the public key is the bearer secret of the account: anyone holding it reads
// the statistics. So it is masked like a password.
const MASKED = { password: true };

/** Click statistics interface (Takeads style): a public key sent as a bearer token. */
export class ClickStatisticsApi implements ICredentialType {
	name = 'clickStatisticsApi';

	displayName = 'Takeads Click Statistics API';

	icon = {
		light: 'file:../nodes/ClickReport/clickReport.svg',
		dark: 'file:../nodes/ClickReport/clickReport.dark.svg',
	} as const;

	documentationUrl = 'https://developers.takeads.com/knowledge-base/article/authorization';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.takeads.com',
			placeholder: 'https://api.takeads.com',
			description:
				'Root URL of the Takeads API. The click report (/v2/api/stats/click), the actions (/v3/api/stats/action) and the merchants, links and coupons (/v1/product/monetize-api/…) are all read below it, with the same key. For a proxy or the sandbox, give its root (such as http://127.0.0.1:4011); a trailing slash or a path prefix is fine.',
			required: true,
		},
		{
			displayName: 'Public Key',
			name: 'publicKey',
			type: 'string',
			typeOptions: MASKED,
			default: '',
			required: true,
			description: 'The account public key: letters and digits only, without the word Bearer',
		},
		{
			displayName: 'Max Requests per Second',
			name: 'maxRequestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: 3,
			description:
				'Client-side pace shared by every node and execution in this n8n that uses the same public key. The service allows 3 requests per second.',
		},
		{
			displayName: 'Max Requests per 5 Minutes',
			name: 'maxRequestsPer5Minutes',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 100,
			description:
				'The second limit of the service: at most this many requests in any 5 minutes, shared like the pace above. A Return All of more pages waits for the window instead of being refused.',
		},
	];

	/** The key as a Bearer header; a key pasted with "Bearer" is refused in the nodes' own words. */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => withBearer(requestOptions, credentials.publicKey, clickCredentialProblem(credentials));

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/v2/api/stats/click',
			qs: { limit: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'The public key was refused. Check it in your account settings.' },
			},
		],
	};
}
