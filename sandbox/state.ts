// Everything one sandbox instance holds: config, clock, seeded data, tokens, faults, recorded requests.

import type { IncomingHttpHeaders } from 'node:http';
import { ClickStore } from './click/clickStore';
import { Conversions } from './conversions/conversions';
import { Faults } from './faults';
import { derivedRng } from './prng';
import { RateLimits } from './rateLimits';
import { setLostOrderCount } from './partner/lostOrderCount';
import { seedClickCatalog, seedClickItems, seedPartnerData } from './seed';
import { SCOPES, TokenInfo, TokenStore } from './tokens';
import type { Api, ClickCatalog, StaticTokens, PartnerData, RecordedRequest, SandboxConfig, SandboxOptions } from './types';

export class SandboxState {
	readonly config: SandboxConfig;
	private readonly baseNow: () => Date;
	/** How far the sandbox's clock runs ahead of `options.now` (or the real clock): see aheadOfClock. */
	clockAheadMs = 0;
	readonly seed: number;
	readonly data: PartnerData;
	readonly clickCatalog: ClickCatalog;
	readonly clicks: ClickStore;
	/** Actions of both services, moving through their statuses over time. */
	readonly conversions: Conversions;
	readonly tokens: TokenStore;
	readonly faults: Faults;
	readonly rateLimits = new RateLimits();
	readonly requests: RecordedRequest[] = [];

	readonly accessToken: string;
	readonly staticTokens: StaticTokens;
	readonly clientId: string;
	readonly clientSecret: string;
	readonly publicKey: string;

	/** Filled in once both servers listen. */
	partnerUrl = '';
	clickUrl = '';

	nextLostOrderId: number;
	nextAppealId: number;

	constructor(options: SandboxOptions) {
		this.seed = options.seed ?? 1;
		this.baseNow = options.now ?? (() => new Date());
		this.config = {
			latencyMs: options.latencyMs ?? 0,
			partnerLimitCap: options.partnerLimitCap ?? 500,
			rateLimits: options.rateLimits ?? false,
			partnerRequestsPerMinute: options.partnerRequestsPerMinute ?? 600,
			clickRequestsPerSecond: options.clickRequestsPerSecond ?? 3,
			clickRequestsPer5Min: options.clickRequestsPer5Min ?? 100,
			tokenTtlSeconds: options.tokenTtlSeconds ?? 604_800,
			tokenLatencyMs: options.tokenLatencyMs ?? 0,
			clickClockOffsetMs: options.clickClockOffsetMs ?? 0,
			resolveUncovered: 'nullLink',
			websitesV2Envelope: options.websitesV2Envelope ?? 'array',
			deeplinkShape: options.deeplinkShape ?? 'objects',
			cursorLimitMax: options.cursorLimitMax ?? 500,
		};
		validateConfig(this.config);
		const nowMs = this.now().getTime();

		const credentialRng = derivedRng(this.seed, 4);
		this.tokens = new TokenStore(credentialRng);
		this.accessToken = this.tokens.addStatic(SCOPES, true);
		this.staticTokens = {
			publicDataOnly: this.tokens.addStatic(['public_data'], true),
			noManageLostOrders: this.tokens.addStatic(['lost_orders', 'landings', 'public_data'], true),
			agreementNotAccepted: this.tokens.addStatic(SCOPES, false),
			noStatistics: this.tokens.addStatic(SCOPES.filter((s) => s !== 'statistics'), true),
			noWebsites: this.tokens.addStatic(SCOPES.filter((s) => s !== 'websites'), true),
		};
		this.clientId = credentialRng.hex(30);
		this.clientSecret = credentialRng.hex(30);
		this.publicKey = credentialRng.alnum(32);

		this.data = seedPartnerData(this.seed, nowMs);
		if (options.lostOrders !== undefined) setLostOrderCount(this.data, options.lostOrders);
		this.nextLostOrderId = Math.max(0, ...this.data.lostOrders.map((o) => o.id)) + 1;
		this.nextAppealId = Math.max(0, ...this.data.appeals.map((o) => o.id)) + 1;

		this.clickCatalog = seedClickCatalog(this.seed);
		// Seeded clicks were stamped by the click service, so none lies in its future.
		const clickNowMs = this.clickNow().getTime();
		const items = seedClickItems(this.seed, clickNowMs, options.clickItems ?? 50_000, options.clickDays ?? 240, this.clickCatalog);
		this.clicks = new ClickStore(items, this.clickCatalog, derivedRng(this.seed, 5), () => this.clickNow());
		this.faults = new Faults(derivedRng(this.seed, 6));
		this.conversions = new Conversions(this.seed, nowMs, clickNowMs, this.data.programs, this.data.websites, this.clickCatalog);
	}

	/** The sandbox's clock: the partner service's, and the base of the click service's. */
	now(): Date {
		return new Date(this.baseNow().getTime() + this.clockAheadMs);
	}

	/**
	 * Runs the clock `ms` ahead of the base clock, never back: a bench that skips the idle minutes
	 * between polls moves the sandbox with it, while the rate limits' windows and the request log
	 * still see a clock that only goes forward.
	 */
	aheadOfClock(ms: number): number {
		if (!Number.isFinite(ms)) throw new Error('aheadMs must be a finite number');
		this.clockAheadMs = Math.max(this.clockAheadMs, ms);
		return this.clockAheadMs;
	}

	/** The click service's clock: the sandbox's plus clickClockOffsetMs, so tests can simulate clock skew. */
	clickNow(): Date {
		return new Date(this.now().getTime() + this.config.clickClockOffsetMs);
	}

	/** The clock of the service answering on `api`. */
	clockOf(api: Api): Date {
		return api === 'click' ? this.clickNow() : this.now();
	}

	configure(patch: Partial<SandboxConfig>): void {
		const next = { ...this.config };
		for (const [key, value] of Object.entries(patch ?? {})) {
			if (!(key in next)) throw new Error(`unknown config key ${key}`);
			(next as Record<string, unknown>)[key] = value;
		}
		validateConfig(next);
		Object.assign(this.config, next);
	}
}

function validateConfig(config: SandboxConfig): void {
	for (const [key, value] of Object.entries(config)) {
		if (key === 'websitesV2Envelope') {
			if (value !== 'array' && value !== 'results') throw new Error('websitesV2Envelope must be "array" or "results"');
		} else if (key === 'deeplinkShape') {
			if (value !== 'objects' && value !== 'strings') throw new Error('deeplinkShape must be "objects" or "strings"');
		} else if (key === 'rateLimits') {
			if (typeof value !== 'boolean') throw new Error('rateLimits must be a boolean');
		} else if (key === 'resolveUncovered') {
			if (value !== 'nullLink' && value !== 'omitted') throw new Error('resolveUncovered must be "nullLink" or "omitted"');
		} else if (key === 'clickClockOffsetMs') {
			// A clock may be behind: any finite number.
			if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${key} must be a finite number`);
		} else if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
			throw new Error(`${key} must be a non-negative number`);
		}
	}
	if (config.partnerLimitCap < 1) throw new Error('partnerLimitCap must be at least 1');
	if (!Number.isInteger(config.cursorLimitMax) || config.cursorLimitMax < 1) throw new Error('cursorLimitMax must be a whole number of at least 1');
}

/** What a handler gets about the request being answered. */
export interface RequestContext {
	state: SandboxState;
	method: string;
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: Buffer;
	record: RecordedRequest;
	token?: TokenInfo;
}

