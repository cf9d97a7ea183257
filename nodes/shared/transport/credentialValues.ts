import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * What is wrong with a credential's secret as pasted, in the words the nodes and the credential
 * test both use, or undefined. A token copied with its "Bearer " prefix is the usual slip.
 */
function pastedSecretProblem(label: string, value: unknown, pattern: RegExp, rule: string): string | undefined {
	const text = String(value ?? '');
	if (/^\s*bearer\b/i.test(text)) return `The ${label} starts with "Bearer": paste the ${label.toLowerCase()} alone, without "Bearer".`;
	return pattern.test(text) ? undefined : `The ${label} ${rule}.`;
}

/** The partner credential's access token, in Access Token mode. */
export function partnerCredentialProblem(credentials: ICredentialDataDecryptedObject): string | undefined {
	if (credentials.authentication === 'clientCredentials') return undefined;
	return pastedSecretProblem('Access Token', credentials.accessToken, /^\S+$/, 'in the Affiliate Partner API credential must be one word, without spaces or line breaks');
}

/** The click credential's public key. */
export function clickCredentialProblem(credentials: ICredentialDataDecryptedObject): string | undefined {
	return pastedSecretProblem('Public Key', credentials.publicKey, /^[A-Za-z0-9]+$/, 'in the Click Statistics API credential must contain only letters and digits');
}

/** The request with the secret as a Bearer header, or an error saying why it cannot be sent. */
export function withBearer(requestOptions: IHttpRequestOptions, secret: unknown, problem: string | undefined): IHttpRequestOptions {
	if (problem) throw new Error(problem);
	requestOptions.headers = { ...requestOptions.headers, Authorization: `Bearer ${String(secret ?? '')}` };
	return requestOptions;
}
