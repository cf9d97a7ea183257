// POST /token/: OAuth2 client_credentials grant, Admitad style (Basic client auth, form body).

import { json, Reply } from '../reply';
import type { RequestContext } from '../state';
import { SCOPES } from '../tokens';

const oauthError = (status: number, error: string, description: string, code: number): Reply =>
	json(status, { error, error_description: description, error_code: code });

const invalidClient = () => oauthError(401, 'invalid_client', 'Client authentication failed.', 2);

export function token(ctx: RequestContext): Reply {
	const { state } = ctx;
	const contentType = String(ctx.headers['content-type'] ?? '');
	if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
		return oauthError(400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded.', 6);
	}
	const form = new URLSearchParams(ctx.body.toString('utf8'));

	// Client authentication first: Basic base64(client_id:client_secret); a body client_id must agree.
	const auth = String(ctx.headers.authorization ?? '');
	const m = /^Basic\s+(\S+)$/i.exec(auth);
	if (!m) return invalidClient();
	const decoded = Buffer.from(m[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	const [id, secret] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
	if (id !== state.clientId || secret !== state.clientSecret) return invalidClient();
	const bodyClientId = form.get('client_id');
	if (bodyClientId !== null && bodyClientId !== state.clientId) return invalidClient();

	const grantType = form.get('grant_type');
	if (!grantType) return oauthError(400, 'invalid_request', 'The grant type was not specified in the request.', 6);
	if (grantType !== 'client_credentials') {
		return oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.', 5);
	}
	const requested = (form.get('scope') ?? '').split(/\s+/).filter(Boolean);
	const granted = SCOPES.filter((s) => requested.includes(s));
	if (!granted.length) return oauthError(400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed.', 7);

	const ttl = state.config.tokenTtlSeconds;
	const minted = state.tokens.mint(granted, state.now().getTime(), ttl);
	return json(200, {
		access_token: minted.accessToken,
		token_type: 'bearer',
		expires_in: ttl,
		refresh_token: minted.refreshToken,
		scope: granted.join(' '),
	});
}
