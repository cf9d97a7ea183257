/**
 * One minted access token for many executions. n8n asks a credential for a new token whenever
 * the stored one is empty or was refused, once per request that noticed; twenty executions that
 * start together, or twelve pages in flight when the token expires, would each mint their own.
 * The service caps the tokens an application may hold (README, Credentials), so within this
 * instance every mint for the same client is shared: callers that arrive while a mint is in
 * flight wait for it, and callers that present a token older than one minted moments ago get
 * that newer one instead of a mint of their own.
 */

/** A token minted this long ago or less is what callers still holding the previous one should use. */
const SHARE_NEWER_TOKEN_FOR_MS = 60_000;
/** Minted tokens remembered for redaction, per n8n instance. */
const REMEMBERED_TOKENS = 100;

interface ClientTokens {
	latest?: { token: string; mintedAt: number };
	inFlight?: Promise<string>;
	refused: Set<string>;
}

const clients = new Map<string, ClientTokens>();
const mintedTokens: string[] = [];

/** Every token minted in this n8n instance lately: the transport redacts them from what it shows. */
export function recentlyMintedTokens(): readonly string[] {
	return mintedTokens;
}

function remember(token: string) {
	mintedTokens.push(token);
	if (mintedTokens.length > REMEMBERED_TOKENS) mintedTokens.splice(0, mintedTokens.length - REMEMBERED_TOKENS);
}

/**
 * A token for the client named by `clientKey`. `presented` is the token the caller holds: empty
 * when none is stored yet, otherwise one the service refused (n8n asks again only then).
 */
export async function sharedToken(
	clientKey: string,
	presented: string,
	mint: () => Promise<string>,
	now: () => number = Date.now,
): Promise<string> {
	let client = clients.get(clientKey);
	if (!client) {
		client = { refused: new Set() };
		clients.set(clientKey, client);
	}
	if (presented) client.refused.add(presented);
	if (client.inFlight) return await client.inFlight;

	const latest = client.latest;
	const latestUsable =
		latest !== undefined &&
		latest.token !== presented &&
		!client.refused.has(latest.token) &&
		// With nothing stored, any token not yet refused is worth a try; a caller holding another
		// token only gets one minted after it started, so a stale token is never handed back.
		(presented === '' || now() - latest.mintedAt <= SHARE_NEWER_TOKEN_FOR_MS);
	if (latestUsable) return latest.token;

	const inFlight = mint();
	client.inFlight = inFlight;
	try {
		const token = await inFlight;
		client.latest = { token, mintedAt: now() };
		remember(token);
		return token;
	} finally {
		client.inFlight = undefined;
	}
}
