// Partner access tokens: the static ready tokens plus the ones minted via /token/.

import type { Rng } from './prng';

export const SCOPES = [
	'lost_orders',
	'manage_lost_orders',
	'landings',
	'public_data',
	'statistics',
	'websites',
	'deeplink_generator',
	'advcampaigns_for_website',
	'manage_advcampaigns',
	'coupons_for_website',
	'coupons',
] as const;
export type Scope = (typeof SCOPES)[number];

export interface TokenInfo {
	scopes: ReadonlySet<string>;
	agreementAccepted: boolean;
	/** Minted via /token/ (static tokens never expire). */
	minted: boolean;
	expiresAtMs: number;
	revoked: boolean;
}

export class TokenStore {
	private readonly tokens = new Map<string, TokenInfo>();
	minted = 0;

	constructor(private readonly rng: Rng) {}

	addStatic(scopes: readonly string[], agreementAccepted: boolean): string {
		const token = this.rng.alnum(30);
		this.tokens.set(token, { scopes: new Set(scopes), agreementAccepted, minted: false, expiresAtMs: Infinity, revoked: false });
		return token;
	}

	mint(scopes: readonly string[], nowMs: number, ttlSeconds: number): { accessToken: string; refreshToken: string } {
		const accessToken = this.rng.alnum(30);
		const refreshToken = this.rng.alnum(30);
		this.tokens.set(accessToken, {
			scopes: new Set(scopes),
			agreementAccepted: true,
			minted: true,
			expiresAtMs: nowMs + ttlSeconds * 1000,
			revoked: false,
		});
		this.minted++;
		return { accessToken, refreshToken };
	}

	/** A usable token's info, or undefined for unknown, expired or revoked tokens. */
	lookup(token: string, nowMs: number): TokenInfo | undefined {
		const info = this.tokens.get(token);
		if (!info || info.revoked || nowMs >= info.expiresAtMs) return undefined;
		return info;
	}

	/** Every minted token stops working; the static ones stay valid. Returns how many were revoked. */
	expireMinted(): number {
		let n = 0;
		for (const info of this.tokens.values()) {
			if (info.minted && !info.revoked) {
				info.revoked = true;
				n++;
			}
		}
		return n;
	}
}
