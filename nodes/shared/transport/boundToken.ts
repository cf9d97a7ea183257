/**
 * The partner interface's client-credentials token as the credential stores it, in its hidden
 * Session Token: bound to what it was minted for (the token URL, the client ID, the scopes and the
 * client secret, by fingerprint). n8n keeps that hidden value when a user edits the credential,
 * and asks for a new token only when it is empty or a request answered 401; without the binding,
 * a token minted for the old secret or wider scopes would go on working after the user changed
 * them (docs/nodes.md, Credentials).
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { fingerprint } from './fingerprint';

/** Marks a bound value; a stored value without it is a token saved before tokens were bound. */
const BOUND_PREFIX = 'bound1:';

export function partnerTokenUrl(credentials: ICredentialDataDecryptedObject): string {
	return `${String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '')}/token/`;
}

export function requestedScopes(credentials: ICredentialDataDecryptedObject): string {
	return String(credentials.scopes ?? '').trim().split(/\s+/).join(' ');
}

/** One name for the token URL, client ID, scopes and secret together; the secret is not in it. */
export function clientBinding(credentials: ICredentialDataDecryptedObject): string {
	return fingerprint(
		[partnerTokenUrl(credentials), String(credentials.clientId ?? ''), requestedScopes(credentials), String(credentials.clientSecret ?? '')].join('\n'),
	);
}

/** What the Session Token stores for a token minted with these credential values. */
export function bindToken(token: string, credentials: ICredentialDataDecryptedObject): string {
	return `${BOUND_PREFIX}${clientBinding(credentials)}:${token}`;
}

/**
 * The token in a stored Session Token, and whether it was minted for the credential's values as
 * they are now. An unbound value (saved by an earlier version) counts as minted for other values.
 */
export function storedToken(value: unknown, credentials: ICredentialDataDecryptedObject): { token: string; current: boolean } {
	const text = typeof value === 'string' ? value : '';
	const bound = text.startsWith(BOUND_PREFIX) ? /^([0-9a-f]+):([\s\S]*)$/.exec(text.slice(BOUND_PREFIX.length)) : null;
	if (!bound) return { token: text, current: false };
	return { token: bound[2], current: text !== '' && bound[1] === clientBinding(credentials) };
}

/**
 * Thrown by the credential's `authenticate` when the stored token belongs to other values. n8n
 * reads it as the service's 401 (its request helpers check `response.status`): it asks the
 * credential for a new token, minted with the values now in it, and sends the request with that
 * one. Nothing reaches the service with the old token.
 */
export function tokenMintedForOtherValues(): Error {
	return Object.assign(
		new Error('The stored access token was minted for other credential values (base URL, client ID, client secret or scopes); n8n gets a new one.'),
		{ response: { status: 401, statusText: 'Unauthorized' } },
	);
}
