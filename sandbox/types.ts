// Public types of the sandbox. Kept in one place so tests and tools can import them.

export type Api = 'partner' | 'click';

export interface SandboxOptions {
	host?: string;
	partnerPort?: number;
	clickPort?: number;
	latencyMs?: number;
	now?: () => Date;
	seed?: number;
	clickItems?: number;
	clickDays?: number;
	/** Exactly this many lost orders instead of the 1,000 seeded (more: copies, older than all others). */
	lostOrders?: number;
	partnerLimitCap?: number;
	rateLimits?: boolean;
	partnerRequestsPerMinute?: number;
	clickRequestsPerSecond?: number;
	clickRequestsPer5Min?: number;
	tokenTtlSeconds?: number;
	/** Extra delay of POST /token/ answers, on top of latencyMs: a slow token endpoint. */
	tokenLatencyMs?: number;
	/** The click service's clock minus the sandbox's (negative: behind); 0 by default. */
	clickClockOffsetMs?: number;
	/** The envelope of GET /websites/v2/: "array" (the docs; the default) or "results" (a paged {results, _meta}). */
	websitesV2Envelope?: WebsitesV2Envelope;
	/** The answer of GET /deeplink/…: "objects" (the docs; the default) or "strings" (a bare array of links). */
	deeplinkShape?: DeeplinkShape;
	cursorLimitMax?: number;
}

export type WebsitesV2Envelope = 'array' | 'results';

export type DeeplinkShape = 'objects' | 'strings';

/**
 * Ready tokens with narrowed scopes, for the refusal tests: public_data only; no manage_lost_orders;
 * every scope but without the lost-orders agreement; every scope but statistics; every scope but websites.
 */
export interface StaticTokens {
	publicDataOnly: string;
	noManageLostOrders: string;
	agreementNotAccepted: string;
	noStatistics: string;
	noWebsites: string;
}

/** Where a sandbox listens and the credentials it accepts (its own, made up at start). */
export interface SandboxAddress {
	partnerUrl: string;
	clickUrl: string;
	accessToken: string;
	tokens: StaticTokens;
	clientId: string;
	clientSecret: string;
	publicKey: string;
}

/**
 * What link resolve answers for a URL no program covers (the record is silent, facts section 13):
 * "nullLink", its entry with `trackingLink: null` (the default), or "omitted", no entry for it.
 */
export type ResolveUncovered = 'nullLink' | 'omitted';

/** The part of the options that can be changed while the sandbox runs. */
export interface SandboxConfig {
	latencyMs: number;
	partnerLimitCap: number;
	rateLimits: boolean;
	partnerRequestsPerMinute: number;
	clickRequestsPerSecond: number;
	clickRequestsPer5Min: number;
	tokenTtlSeconds: number;
	tokenLatencyMs: number;
	clickClockOffsetMs: number;
	resolveUncovered: ResolveUncovered;
	websitesV2Envelope: WebsitesV2Envelope;
	deeplinkShape: DeeplinkShape;
	/** The largest `limit` the click service's cursor lists (actions, merchants, coupons) take; a larger one is a 400 naming it. */
	cursorLimitMax: number;
}

export interface RecordedFile {
	filename: string;
	contentType: string;
	size: number;
	bytes: Buffer;
}

export interface RecordedRequest {
	api: Api;
	method: string;
	path: string;
	rawQuery: string;
	query: Record<string, string[]>;
	headers: Record<string, string | string[] | undefined>;
	/** HTTP status answered; 0 while pending or when the socket was reset. */
	status: number;
	/** Arrival time, milliseconds since epoch by the sandbox clock. */
	time: number;
	multipart?: { fields: Record<string, string>; files: Record<string, RecordedFile> };
	/** The JSON body a handler read (link resolve), as sent. */
	json?: unknown;
}

/** Conditions of a fault; all given ones must hold (AND). */
export interface FaultMatch {
	/** Only the next N matching requests; unlimited (until clearFaults) when omitted. */
	count?: number;
	/** Probability 0..1 per matching request, drawn from the seeded PRNG; 1 when omitted. */
	rate?: number;
	/** Let this many matching requests pass untouched first ("fail the 3rd page" is skip 2, count 1). */
	skip?: number;
	api?: Api;
	method?: string;
	pathPrefix?: string;
	/** Query parameters the request must carry with exactly these values, e.g. {offset: '200'}. */
	query?: Record<string, string>;
}

export type FaultStatus = 429 | 500 | 502 | 503 | 504;
/** json: the interface's own error body; html: a reverse proxy's error page; rateLimit: the partner's error_code 4. */
export type StatusFaultBody = 'json' | 'html' | 'rateLimit';
/** How a 2xx answer is spoiled after the real handler ran. */
export type SpoiledBody = 'malformed' | 'html' | 'empty' | 'truncated' | 'drop' | 'dropItem' | 'repeatItem' | 'set';
export type RedirectStatus = 301 | 302 | 307 | 308;
/** remove and insert: partner claim lists; update and insert: the click report. */
export type ShiftAction = 'remove' | 'insert' | 'update' | 'updateNewest';

export type FaultSpec =
	| ({ kind: 'status'; status: FaultStatus; retryAfter?: number; body?: StatusFaultBody } & FaultMatch)
	| ({ kind: 'reset' } & FaultMatch)
	/**
	 * key: the top-level key that body 'drop' removes, or the dotted path (`_meta.count`,
	 * `order_info.1`) whose value body 'set' replaces with `value` (both required there).
	 */
	| ({ kind: 'body'; body: SpoiledBody; key?: string; value?: unknown } & FaultMatch)
	/** location: absolute URL, or a path starting with / on the same server; status defaults to 302. */
	| ({ kind: 'redirect'; status?: RedirectStatus; location: string } & FaultMatch)
	/** After the matching list request was answered, `records` items move ahead of any read position. */
	| ({ kind: 'shift'; action: ShiftAction; records: number } & FaultMatch)
	/** The cursor a click actions page is asked with expires just before it is handled, which refuses it (400). */
	| ({ kind: 'expireCursor' } & FaultMatch);

export interface ClickItem {
	id: string;
	adspaceId: string;
	adspaceName: string;
	couponId: string | null;
	merchantId: number;
	merchantName: string;
	subId: string | null;
	date: string;
	count: number;
	updatedAt: string;
}

export interface Named {
	id: number;
	name: string;
}

export interface Program extends Named {
	currency: string;
	categoryIds: number[];
}

export type ClaimStatus = 'accepted' | 'processing' | 'rejected';
export type AppealStatus = 'resolved' | 'processing';

export interface LostOrder {
	id: number;
	website: Named;
	advcampaign: Named;
	status: ClaimStatus;
	order_id: string;
	order_date: string;
	order_price: number;
	currency: string;
	date_created: string;
	comment: string;
	appeal_id: string;
	appeal_status: AppealStatus;
	estimated_reward: number | null;
	reject_reason: string;
	reject_comment: string;
	reward: number | null;
}

export interface Appeal {
	id: number;
	website: Named;
	advcampaign: Named;
	status: ClaimStatus;
	order_id: string;
	order_date: string | null;
	order_price: string | null;
	currency: string;
	date_created: string;
	comment: string;
	appeal_id: string;
	appeal_status: AppealStatus;
	estimated_reward: string | null;
	reward: string | null;
}

export interface Landing {
	id: string;
	name: string;
	date_created: string;
}

/** Orders the programs know about, for /lost_orders/payments_info/. */
export interface KnownOrder {
	advcampaign: number;
	order_id: string;
	/** true: the order is credited to this account (status owner); false: to another user (already_counted). */
	owner: boolean;
	payment_id?: number;
	payment_status?: string;
}

export interface Category {
	id: number;
	parentId: number | null;
	/** Name per language code; languages without a translation fall back to en. */
	names: Record<string, string>;
}

export interface Language {
	flag: string;
	language: string;
	language_code: string;
}

export interface Currency {
	code: string;
	name: string;
	sign: string;
	min_sum: string;
}

export interface PartnerData {
	programs: Program[];
	websites: Named[];
	/** Newest first by date_created (then id desc). */
	lostOrders: LostOrder[];
	/** Newest first by date_created (then id desc). */
	appeals: Appeal[];
	/** Landing pages per program id. */
	landings: Record<number, Landing[]>;
	knownOrders: KnownOrder[];
	categories: Category[];
	languages: Language[];
	currencies: Currency[];
	/** Units of each currency per 1 USD; the base of the deterministic exchange rates. */
	unitsPerUsd: Record<string, number>;
	traffic: Named[];
	websiteKinds: string[];
	regions: string[];
}

export interface ClickCatalog {
	adspaces: { id: string; name: string }[];
	merchants: { id: number; name: string }[];
}
