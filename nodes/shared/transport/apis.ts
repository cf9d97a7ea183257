import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

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
}

export const PARTNER_API: ApiProfile = {
	name: 'partner',
	credentialType: 'affiliatePartnerApi',
	credentialLabel: 'Affiliate Partner API',
	secretFields: ['accessToken', 'clientSecret', 'sessionToken'],
	defaultRequestsPerSecond: 10,
	trailingSlash: true,
};

export const CLICK_API: ApiProfile = {
	name: 'click',
	credentialType: 'clickStatisticsApi',
	credentialLabel: 'Click Statistics API',
	secretFields: ['publicKey'],
	defaultRequestsPerSecond: 3,
	trailingSlash: false,
	// The service's own examples send it on this body-less GET.
	headers: { 'Content-Type': 'application/json' },
	checkCredentials: (credentials) =>
		/^[A-Za-z0-9]+$/.test(String(credentials.publicKey ?? ''))
			? undefined
			: 'The Public Key in the Click Statistics API credential must contain only letters and digits (no spaces, no "Bearer")',
};

export const API_PROFILES: Record<ApiName, ApiProfile> = { partner: PARTNER_API, click: CLICK_API };

/** The right (token scope) each partner endpoint needs, from the interface's summary table. */
const PARTNER_RIGHTS: Array<{ method: string; path: RegExp; right: string }> = [
	{ method: 'POST', path: /^\/lost_orders\/create\/$/, right: 'manage_lost_orders' },
	{ method: '*', path: /^\/lost_orders\//, right: 'lost_orders' },
	{ method: '*', path: /^\/appeals\//, right: 'lost_orders' },
	{ method: '*', path: /^\/landings\//, right: 'landings' },
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
