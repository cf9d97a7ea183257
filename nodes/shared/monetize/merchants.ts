/**
 * The click service's merchants, GET /v1/product/monetize-api/v2/merchant
 * (../shared/spec/published-api-facts.md, section 9): the filters, their reading, the check of
 * each merchant returned, and the read over the `meta.next` cursor (docs/nodes.md, Click Report, Merchant).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { instantMs, shown } from '../clickActions/actionChecks';
import type { AskedFor, RecordCheck, TransportContext } from '../transport';
import { cursorPageOf, fetchCursorList } from '../transport';
import type { FieldChecks, ValidationContext } from '../validation';
import { optionalInstant, readBoolean } from '../validation';
import { activeOnlyFilter, instantFilter } from './filterFields';

export const MERCHANTS_PATH = '/v1/product/monetize-api/v2/merchant';

/** The options of Merchant → Get Many's Filters, in the panel's (alphabetical) order. */
export const merchantFilters: INodeProperties[] = [
	activeOnlyFilter('Whether to return only merchants with at least one active program; off returns active and inactive ones alike'),
	instantFilter('updatedAtFrom', 'Updated At From', 'Only merchants changed at or after this time'),
];

/**
 * The filters as the service's query, checked before anything is sent: Active Only on sends
 * `isActive=true` (off sends nothing: every merchant), Updated At From as ISO 8601 in UTC with
 * milliseconds. Refusals go to `checks`.
 */
export function merchantFilterQuery(context: ValidationContext, itemIndex: number, filters: IDataObject, checks: FieldChecks): IDataObject {
	const qs: IDataObject = {};
	if (checks.read(() => readBoolean(context, itemIndex, 'Active Only', filters.isActive))) qs.isActive = 'true';
	const updatedAtFrom = checks.read(() => optionalInstant(context, itemIndex, 'Updated At From', filters.updatedAtFrom));
	if (updatedAtFrom !== undefined) qs.updatedAtFrom = updatedAtFrom;
	return qs;
}

/** An ID the read can tell records apart by: a whole number (the record's type), or its digits as text. */
export const isWholeId = (value: unknown) =>
	(typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value));

/** The Active Only filter held to a record's `isActive`. */
export function activeProblem(record: IDataObject, qs: IDataObject, what: string): string | undefined {
	if (qs.isActive !== 'true' || record.isActive === true) return undefined;
	return `has "isActive" ${shown(record.isActive)}, where Active Only asked for active ${what} only`;
}

/**
 * A merchant is kept as the service sends it, nullable fields null. It must carry what the read
 * needs, a `merchantId` to tell merchants apart, and answer its filters: active when Active Only
 * asked, changed at or after Updated At From. A merchant that does not (a filter the service
 * ignored) is an error naming the filter, never data.
 */
export const merchantProblem: RecordCheck = (merchant: IDataObject, asked: AskedFor) => {
	if (!isWholeId(merchant.merchantId)) return `has no "merchantId" as a whole number (it is ${shown(merchant.merchantId)})`;
	const qs = asked.qs ?? {};
	const inactive = activeProblem(merchant, qs, 'merchants');
	if (inactive) return inactive;
	if (qs.updatedAtFrom === undefined) return undefined;
	const updated = instantMs(merchant.updatedAt);
	if (updated === undefined) return `has no "updatedAt" date-time to hold to Updated At From (it is ${shown(merchant.updatedAt)})`;
	if (updated < Date.parse(String(qs.updatedAtFrom))) return `has "updatedAt" ${shown(merchant.updatedAt)}, before Updated At From (${String(qs.updatedAtFrom)})`;
	return undefined;
};

export const merchantPage = cursorPageOf('merchantId', 'a page of merchants', merchantProblem);

/** Merchants matching `qs` (merchantFilterQuery), all of them or up to `limit`, each once. */
export async function fetchMerchants(context: TransportContext, request: { qs: IDataObject; limit?: number; itemIndex?: number }): Promise<IDataObject[]> {
	return await fetchCursorList(context, {
		api: 'click',
		path: MERCHANTS_PATH,
		expect: merchantPage,
		...request,
		narrow: 'Narrow the filters (for example Updated At From or Active Only)',
	});
}
