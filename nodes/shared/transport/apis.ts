import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { clickCredentialProblem, partnerCredentialProblem } from './credentialValues';
import type { WindowLimit } from './rateLimiter';

export type ApiName = 'partner' | 'click';

/** What the transport needs to know about each of the two interfaces. */
export interface ApiProfile {
	name: ApiName;
	credentialType: string;
	credentialLabel: string;
	/** Credential fields whose values must never be shown anywhere. */
	secretFields: string[];
	defaultRequestsPerSecond: number;
	/** Partner paths always end with `/`; the click path must stay as it is. */
	trailingSlash: boolean;
	headers?: Record<string, string>;
	/** Returns a problem with the credential that can be found before any request, or undefined. */
	checkCredentials?: (credentials: ICredentialDataDecryptedObject) => string | undefined;
	/**
	 * What names the account the service counts requests against: credentials that share it
	 * share one pace. It is a secret; only its fingerprint is kept.
	 */
	account: (credentials: ICredentialDataDecryptedObject) => string;
	/**
	 * The credential holds no token that n8n renews, so a request may go with the values the
	 * transport read before its slot: n8n then reads no credential (a database query in queue
	 * mode) between the pacer's slot and the wire, where a slow read would make the request arrive
	 * late and the next one too close to it (docs/scaling.md).
	 */
	sendsLoadedCredentials?: boolean;
	/** A limit over a longer window than a second, when the service has one. */
	windowLimit?: (credentials: ICredentialDataDecryptedObject) => WindowLimit;
	/** Whether the service counts requests over a sliding second (rateLimiter.ts, PaceLimits). */
	countsPerSecond: boolean;
	/** The service's field names in the words of the nodes' panels, for the errors that name them. */
	fieldLabels?: Record<string, string>;
}

/** A positive number from a credential field, or the default when the field is empty or not a number. */
export function positiveNumber(value: unknown, fallback: number): number {
	const number = Number(value);
	return typeof value !== 'boolean' && value !== '' && value !== null && Number.isFinite(number) && number > 0
		? number
		: fallback;
}

/** The click service allows 100 requests per 5 minutes per key (README, Click Statistics API). */
export const CLICK_WINDOW_MS = 5 * 60_000;
export const CLICK_REQUESTS_PER_WINDOW = 100;

/**
 * The partner service counts requests per minute, 600 by default (README, credentials): the
 * credential's pace per second, times 60, over a minute.
 */
export const PARTNER_WINDOW_MS = 60_000;

export const PARTNER_API: ApiProfile = {
	name: 'partner',
	credentialType: 'affiliatePartnerApi',
	credentialLabel: 'Affiliate Partner API',
	secretFields: ['accessToken', 'clientSecret', 'sessionToken'],
	checkCredentials: partnerCredentialProblem,
	defaultRequestsPerSecond: 10,
	countsPerSecond: false,
	windowLimit: (credentials) => ({
		requests: Math.max(1, Math.round(positiveNumber(credentials.maxRequestsPerSecond, PARTNER_API.defaultRequestsPerSecond) * 60)),
		windowMs: PARTNER_WINDOW_MS,
	}),
	trailingSlash: true,
	fieldLabels: {
		advcampaign: 'Program ID',
		website: 'Ad Space ID',
		order_id: 'Order ID',
		order_date: 'Order Date',
		order_price: 'Order Price',
		comment: 'Comment',
		appeal_id: 'Appeal ID',
		estimated_reward: 'Estimated Reward',
		receipt: 'Input Binary Field',
		status: 'Status',
		appeal_status: 'Appeal Status',
		start_date: 'Date From',
		end_date: 'Date To',
		campaign: 'Program IDs',
		language: 'Language Name or ID',
		order_by: 'Order By',
		base: 'Base Currency Name or ID',
		target: 'Target Currency Name or ID',
		date: 'Date',
		// Conversions and reports (Action → Get Many names its day range "Action Date").
		date_start: 'Date From',
		date_end: 'Date To',
		closing_date_start: 'Closing Date From',
		closing_date_end: 'Closing Date To',
		status_updated_start: 'Status Updated From',
		status_updated_end: 'Status Updated To',
		subid: 'Sub ID',
		subid1: 'Sub ID 1',
		subid2: 'Sub ID 2',
		subid3: 'Sub ID 3',
		subid4: 'Sub ID 4',
		source: 'Traffic Source',
		action_type: 'Action Type',
		action_id: 'Action ID',
		processed: 'Processed',
		paid: 'Paid',
		keyword: 'Keyword',
		total: 'Totals Only',
		campaign_status: 'Program Connection Status',
		// Deeplinks, programs and coupons.
		ulp: 'URLs',
		connection_status: 'Connection Status',
		has_tool: 'Has Tool',
		category: 'Coupon Category Name or ID',
		campaign_category: 'Program Category ID',
		type: 'Coupon Type ID',
		search: 'Search',
		region: 'Region',
	},
	account: (credentials) =>
		credentials.authentication === 'clientCredentials'
			? `client:${String(credentials.clientId ?? '')}`
			: `token:${String(credentials.accessToken ?? '')}`,
};

export const CLICK_API: ApiProfile = {
	name: 'click',
	credentialType: 'clickStatisticsApi',
	credentialLabel: 'Click Statistics API',
	secretFields: ['publicKey'],
	sendsLoadedCredentials: true,
	defaultRequestsPerSecond: 3,
	countsPerSecond: true,
	trailingSlash: false,
	fieldLabels: {
		dateFrom: 'Date From',
		dateTo: 'Date To',
		updatedAtFrom: 'Updated At From',
		updatedAtTo: 'Updated At To',
		merchantId: 'Merchant ID',
		subId: 'Sub ID',
		adSpaceId: 'Ad Space ID',
		adspaceId: 'Ad Space ID',
		createdAtFrom: 'Created At From',
		createdAtTo: 'Created At To',
		status: 'Status',
		// Merchants, links and coupons.
		isActive: 'Active Only',
		iris: 'URLs',
		withImages: 'With Images',
		languageCodes: 'Language Codes',
		categoryIds: 'Category IDs',
		countryCodes: 'Country Codes',
		startDateBefore: 'Starts Before',
		endDateAfter: 'Ends After',
	},
	// The service's own examples send it on this body-less GET.
	headers: { 'Content-Type': 'application/json' },
	checkCredentials: clickCredentialProblem,
	account: (credentials) => String(credentials.publicKey ?? ''),
	windowLimit: (credentials) => ({
		requests: Math.max(1, Math.floor(positiveNumber(credentials.maxRequestsPer5Minutes, CLICK_REQUESTS_PER_WINDOW))),
		windowMs: CLICK_WINDOW_MS,
	}),
};

export const API_PROFILES: Record<ApiName, ApiProfile> = { partner: PARTNER_API, click: CLICK_API };

/** The right (token scope) each partner endpoint needs, from the interface's summary table. */
const PARTNER_RIGHTS: Array<{ method: string; path: RegExp; right: string }> = [
	{ method: 'POST', path: /^\/lost_orders\/create\/$/, right: 'manage_lost_orders' },
	{ method: '*', path: /^\/lost_orders\//, right: 'lost_orders' },
	{ method: '*', path: /^\/appeals\//, right: 'lost_orders' },
	{ method: '*', path: /^\/landings\//, right: 'landings' },
	{ method: '*', path: /^\/statistics\//, right: 'statistics' },
	{ method: '*', path: /^\/deeplink\//, right: 'deeplink_generator' },
	{ method: 'POST', path: /^\/advcampaigns\/\d+\/(attach|detach)\/\d+\/$/, right: 'manage_advcampaigns' },
	{ method: '*', path: /^\/advcampaigns\/(website\/\d+|\d+\/website\/\d+)\/$/, right: 'advcampaigns_for_website' },
	{ method: '*', path: /^\/coupons\/categories\//, right: 'public_data' },
	{ method: '*', path: /^\/coupons\/(website\/\d+|\d+\/website\/\d+)\/$/, right: 'coupons_for_website' },
	{ method: '*', path: /^\/coupons\//, right: 'coupons' },
	// The kinds and regions of ad spaces are public reference data; the publisher's own ad spaces are not.
	{ method: '*', path: /^\/websites\/(kinds|regions)\//, right: 'public_data' },
	{ method: '*', path: /^\/websites\//, right: 'websites' },
	{ method: '*', path: /^\//, right: 'public_data' },
];

export function requiredPartnerRight(method: string, path: string): string {
	const rule = PARTNER_RIGHTS.find(
		(candidate) =>
			(candidate.method === '*' || candidate.method === method) && candidate.path.test(path),
	);
	return rule?.right ?? 'public_data';
}

/** Lost orders and appeals also need the tool's user agreement to be accepted. */
export function needsLostOrdersAgreement(path: string): boolean {
	return /^\/(lost_orders|appeals)\//.test(path);
}
