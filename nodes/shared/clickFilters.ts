import type { IDataObject, INodeProperties } from 'n8n-workflow';

export const CLICK_REPORT_PATH = '/v2/api/stats/click';

/** The service accepts only a UUID version 4 as ad space (platform) ID. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The filters both click nodes offer: merchant, SubID and ad space. */
export const clickItemFilterOptions: INodeProperties[] = [
	{
		displayName: 'Ad Space ID',
		name: 'adSpaceId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 6f1c2e0a-3b4d-4c5e-8f90-a1b2c3d4e5f6',
		description: 'UUID of one platform (ad space). Empty means all platforms of the account.',
	},
	{
		displayName: 'Merchant ID',
		name: 'merchantId',
		type: 'string',
		default: '',
		description: 'Only clicks of this merchant. 0 selects clicks whose merchant could not be identified.',
	},
	{
		displayName: 'Sub ID',
		name: 'subId',
		type: 'string',
		default: '',
		description: 'Only clicks of deeplinks with this SubID',
	},
];

/** A problem with a filter, as [parameter name, rule], or undefined when the filters are fine. */
export type FilterProblem = [field: string, rule: string];

/**
 * The merchant, SubID and ad space filters as query parameters (the service calls the last one
 * `adspaceId`). Empty values are left out.
 */
export function clickItemFilterQuery(filters: IDataObject): { qs: IDataObject; problem?: FilterProblem } {
	const qs: IDataObject = {};
	const adSpaceId = String(filters.adSpaceId ?? '').trim();
	if (adSpaceId) {
		if (!UUID_V4.test(adSpaceId)) {
			return { qs, problem: ['Ad Space ID', `"${adSpaceId}" is not a UUID version 4`] };
		}
		qs.adspaceId = adSpaceId;
	}
	const merchantId = String(filters.merchantId ?? '').trim();
	if (merchantId) {
		if (!/^\d+$/.test(merchantId)) {
			return { qs, problem: ['Merchant ID', `must be a whole number (0 for unidentified merchants), got "${merchantId}"`] };
		}
		qs.merchantId = merchantId;
	}
	const subId = String(filters.subId ?? '').trim();
	if (subId) qs.subId = subId;
	return { qs };
}
