/**
 * One minted access token for many executions. n8n asks a credential for a new token whenever
 * the stored one is empty or was refused, once per request that noticed; twenty executions that
 * start together, or twelve pages in flight when the token expires, would each mint their own.
 * The service caps the tokens an application may hold (docs/nodes.md, Credentials), so within this
 * instance every mint for the same client is shared: callers that arrive while a mint is in
 * flight wait for it, and callers that present a token known here to be older than one minted
 * moments ago get that newer one instead of a mint of their own.
 *
 * With several n8n instances on one database (queue mode: docs/scaling.md), the stored token may
 * have been minted by another instance, after this one's latest: a refused token never seen here
 * is newer than anything this instance holds, so it gets a mint, never this instance's older token.
 */

/** A token minted this long ago or less is what callers still holding the previous one should use. */
const SHARE_NEWER_TOKEN_FOR_MS = 60_000;
/** Minted tokens remembered for redaction, per n8n instance. */
const REMEMBERED_TOKENS = 100;

interface ClientTokens {
	latest?: { token: string; mintedAt: number };
	inFlight?: Promise<string>;
	/**
	 * When each token stopped being usable as far as this instance knows: first presented as
	 * refused, or replaced by a newer mint here. Oldest first, at most REMEMBERED_TOKENS.
	 */
	retiredAt: Map<string, number>;
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
		client = { retiredAt: new Map() };
		clients.set(clientKey, client);
	}
	if (presented) retire(client, presented, now());
	if (client.inFlight) return await client.inFlight;

	const latest = client.latest;
	const presentedRetiredAt = presented ? client.retiredAt.get(presented) : undefined;
	const latestUsable =
		latest !== undefined &&
		latest.token !== presented &&
		!client.retiredAt.has(latest.token) &&
		// With nothing stored, any token not yet refused is worth a try. A caller holding a refused
		// token gets the latest only when that token was retired before the latest was minted, and
		// lately: never a token older than the one it holds, nor a stale one.
		(presented === '' ||
			(presentedRetiredAt !== undefined && presentedRetiredAt <= latest.mintedAt && now() - latest.mintedAt <= SHARE_NEWER_TOKEN_FOR_MS));
	if (latestUsable) return latest.token;

	const inFlight = mint();
	client.inFlight = inFlight;
	try {
		const token = await inFlight;
		const mintedAt = now();
		if (client.latest) retire(client, client.latest.token, mintedAt);
		client.latest = { token, mintedAt };
		remember(token);
		return token;
	} finally {
		client.inFlight = undefined;
	}
}

/** Records the first time a token stopped being usable here; keeps the newest REMEMBERED_TOKENS. */
function retire(client: ClientTokens, token: string, at: number) {
	if (client.retiredAt.has(token)) return;
	client.retiredAt.set(token, at);
	if (client.retiredAt.size > REMEMBERED_TOKENS) {
		const oldest = client.retiredAt.keys().next().value;
		if (oldest !== undefined) client.retiredAt.delete(oldest);
	}
}
