/**
 * The filters of an ad space's programs (GET /advcampaigns/website/{w_id}/), with the values the
 * docs' footnotes list (/work/shared/spec/published-api-facts.md, section 4).
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import type { RecordCheck } from '../transport';

/** `connection_status`: the ad space's connection to the program. */
export const CONNECTION_STATUS_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Active', value: 'active', description: 'Joined, and the program accepted the ad space' },
	{ name: 'Declined', value: 'declined', description: 'The program declined the ad space' },
	{ name: 'Pending', value: 'pending', description: 'Waiting for the program to decide' },
];

/** `has_tool`, repeatable: programs offering any of these tools. */
export const HAS_TOOL_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Basket Tracking', value: 'basket_tracking' },
	{ name: 'Coupons', value: 'coupons' },
	{ name: 'Deeplink', value: 'deeplink' },
	{ name: 'Lost Orders', value: 'lost_orders' },
	{ name: 'Products', value: 'products' },
	{ name: 'Retag', value: 'retag' },
	{ name: 'Tracking in Mobile App', value: 'tracking_in_mobile_app' },
	{ name: 'Tracking in Mobile Site', value: 'tracking_in_mobile_site' },
	{ name: 'Vendor Bonus', value: 'vendor_bonus' },
];

export const valuesOf = (options: INodePropertyOptions[]): string[] => options.map((option) => String(option.value));

/**
 * A program in another connection status than the filter asked for: a filter the service (or a
 * proxy) ignored, never data. `has_tool` has no field of the program that says it for sure (the
 * record shows none), so only this filter is checked.
 */
export const ofConnectionStatusAsked: RecordCheck = (program, asked) => {
	const status = asked.qs?.connection_status;
	if (status === undefined || program.connection_status === status) return undefined;
	return `is in connection status ${JSON.stringify(program.connection_status)}, not the ${String(status)} the filter Connection Status asked for`;
};
