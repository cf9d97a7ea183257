import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { FieldChecks, ValidationContext } from '../validation';
import { describeValue, fieldChecks, invalidInput, isEmptyInput, optionalText, received, scalarText } from '../validation';

export const CLICK_REPORT_PATH = '/v2/api/stats/click';

/** The service accepts only a UUID version 4 as ad space (platform) ID. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The filters both click nodes offer: ad space, merchant and Sub ID. */
export const adSpaceIdFilter: INodeProperties = {
	displayName: 'Ad Space ID',
	name: 'adSpaceId',
	type: 'string',
	default: '',
	placeholder: 'e.g. 6f1c2e0a-3b4d-4c5e-8f90-a1b2c3d4e5f6',
	description: 'UUID of one platform (ad space). Empty means all platforms of the account.',
};

export const merchantIdFilter: INodeProperties = {
	displayName: 'Merchant ID',
	name: 'merchantId',
	type: 'string',
	default: '',
	description: 'Only clicks of this merchant. 0 selects clicks whose merchant could not be identified.',
};

export const subIdFilter: INodeProperties = {
	displayName: 'Sub ID',
	name: 'subId',
	type: 'string',
	default: '',
	description: 'Only clicks of deeplinks with this Sub ID',
};

function readAdSpaceId(context: ValidationContext, itemIndex: number | undefined, value: unknown): string | undefined {
	const adSpaceId = optionalText(context, itemIndex, 'Ad Space ID', value);
	if (adSpaceId !== undefined && !UUID_V4.test(adSpaceId)) {
		throw invalidInput(context, itemIndex, 'Ad Space ID', `${describeValue(adSpaceId)} is not a UUID version 4`);
	}
	return adSpaceId;
}

/** Sent as its exact digits (spec: merchantId is a string filter); 0 is a real value here. */
function readMerchantId(context: ValidationContext, itemIndex: number | undefined, value: unknown): string | undefined {
	if (isEmptyInput(value)) return undefined;
	const merchantRule = 'must be a whole number (0 for unidentified merchants)';
	const merchantId = scalarText(context, itemIndex, 'Merchant ID', value, merchantRule).trim();
	if (!/^\d+$/.test(merchantId)) throw invalidInput(context, itemIndex, 'Merchant ID', `${merchantRule}, ${received(value)}`);
	return merchantId;
}

/**
 * The merchant, Sub ID and ad space filters as query parameters (the service calls the last one
 * `adspaceId`), checked before anything is sent. Empty values are left out. Used in execute and
 * poll contexts; `itemIndex` is undefined in a poll. Refusals go to `checks` when given (the
 * caller reports them with its other fields), else every refused filter is named in one error.
 */
export function clickItemFilterQuery(
	context: ValidationContext,
	itemIndex: number | undefined,
	filters: IDataObject,
	checks?: FieldChecks,
): IDataObject {
	const own = checks ?? fieldChecks(context, itemIndex);
	const values = {
		adspaceId: own.read(() => readAdSpaceId(context, itemIndex, filters.adSpaceId)),
		merchantId: own.read(() => readMerchantId(context, itemIndex, filters.merchantId)),
		subId: own.read(() => optionalText(context, itemIndex, 'Sub ID', filters.subId)),
	};
	if (!checks) own.done();
	const qs: IDataObject = {};
	for (const [name, value] of Object.entries(values)) if (value !== undefined) qs[name] = value;
	return qs;
}
