import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiName, ApiProfile } from './apis';
import { API_PROFILES, positiveNumber } from './apis';
import { Redactor } from './errors';
import { fingerprint } from './fingerprint';
import type { PaceLimits, RequestPacer } from './rateLimiter';
import { storedToken } from './boundToken';
import { pacerFor } from './pacers';
import type { TransportContext } from './send';
import { recentlyMintedTokens } from './tokenSharing';

/** A credential resolved into what the transport works with: where to send, how fast, what to hide. */
export interface Account {
	profile: ApiProfile;
	/** The Base URL without a trailing slash. */
	baseUrl: string;
	origin: string;
	limits: PaceLimits;
	/** Shared by every node and execution of this n8n instance that uses the same account. */
	pacer: RequestPacer;
	secrets: unknown[];
	/** The credential as read before the request's slot, for a profile that sends with it (apis.ts). */
	loadedCredentials?: ICredentialsDecrypted;
}

/** Reads the node's credential for `api`; refuses one that cannot work before anything is sent. */
export async function resolveAccount(context: TransportContext, api: ApiName, itemIndex?: number): Promise<Account> {
	const profile = API_PROFILES[api];
	const node = context.getNode();
	const credentials: ICredentialDataDecryptedObject = await context.getCredentials(profile.credentialType);

	const problem = profile.checkCredentials?.(credentials);
	if (problem) throw new NodeOperationError(node, problem, { itemIndex });

	const rawBaseUrl = String(credentials.baseUrl ?? '').trim();
	let origin: string | undefined;
	try {
		origin = /^https?:\/\/[^/\s]+/i.test(rawBaseUrl) ? new URL(rawBaseUrl).origin : undefined;
	} catch {
		origin = undefined;
	}
	if (!origin) {
		throw new NodeOperationError(
			node,
			`The Base URL in the ${profile.credentialLabel} credential must start with http:// or https://`,
			{ itemIndex },
		);
	}
	const limits: PaceLimits = {
		requestsPerSecond: positiveNumber(credentials.maxRequestsPerSecond, profile.defaultRequestsPerSecond),
		window: profile.windowLimit?.(credentials),
		countsPerSecond: profile.countsPerSecond,
	};
	const accountKey = `${profile.name}:${origin}:${fingerprint(profile.account(credentials))}`;
	const reference = node.credentials?.[profile.credentialType];
	return {
		profile,
		baseUrl: rawBaseUrl.replace(/\/+$/, ''),
		origin,
		limits,
		pacer: pacerFor(accountKey, limits),
		// The stored Session Token holds the token with its binding (boundToken.ts): both are hidden.
		secrets: [...profile.secretFields.map((field) => (credentials as IDataObject)[field]), storedToken(credentials.sessionToken, credentials).token],
		loadedCredentials:
			profile.sendsLoadedCredentials && reference?.id
				? { id: reference.id, name: reference.name, type: profile.credentialType, data: credentials }
				: undefined,
	};
}

/** Hides the account's secrets and every token minted in this n8n instance. */
export function redactorFor(account: Account): Redactor {
	return new Redactor([...account.secrets, ...recentlyMintedTokens()]);
}
