/**
 * The ad spaces, programs and sub IDs that conversions and reports are narrowed to: the same
 * filters in the Action and Report operations and in the trigger's conversion events, sent as the
 * statistics endpoints take them (`website=1&website=2`, `campaign=…`, `subid`…`subid4`;
 * ../shared/spec/published-api-facts.md, sections 1 and 2).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { FieldChecks, ValidationContext } from '../validation';
import { optionalText, readIdList } from '../validation';

/** The statistics filters' sub IDs: Admitad's own client refuses longer ones (published-api-facts.md, section 1). */
export const MAX_STATISTICS_SUB_ID_LENGTH = 250;

export const SUB_ID_FIELDS = [
	{ name: 'subId', query: 'subid', label: 'Sub ID' },
	{ name: 'subId1', query: 'subid1', label: 'Sub ID 1' },
	{ name: 'subId2', query: 'subid2', label: 'Sub ID 2' },
	{ name: 'subId3', query: 'subid3', label: 'Sub ID 3' },
	{ name: 'subId4', query: 'subid4', label: 'Sub ID 4' },
] as const;

export const adSpacesFilter: INodeProperties = {
	displayName: 'Ad Space Names or IDs',
	name: 'adSpaceIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getAdSpaces' },
	default: [],
	description:
		'Only these ad spaces (websites). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const programsFilter: INodeProperties = {
	displayName: 'Program Names or IDs',
	name: 'programIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getPrograms' },
	default: [],
	description:
		'Only these affiliate programs (advcampaigns). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** Sub ID 0–4 as text filters, each sent as the service's `subid`…`subid4`. */
export const subIdFilters: INodeProperties[] = SUB_ID_FIELDS.map((field) => ({
	displayName: field.label,
	name: field.name,
	type: 'string',
	default: '',
	description: `Only conversions whose ${field.query} is exactly this`,
}));

/**
 * The ad space, program and sub ID filters as query parameters, every refusal collected in
 * `checks`: IDs as their exact digits (a list from an expression too), sub IDs as text.
 */
export function readScopeFilters(
	context: ValidationContext,
	itemIndex: number | undefined,
	filters: IDataObject,
	checks: FieldChecks,
	withSubIds = true,
): IDataObject {
	const qs: IDataObject = {};
	const adSpaceIds = checks.read(() => readIdList(context, itemIndex, 'Ad Space Names or IDs', filters.adSpaceIds)) ?? [];
	if (adSpaceIds.length) qs.website = adSpaceIds;
	const programIds = checks.read(() => readIdList(context, itemIndex, 'Program Names or IDs', filters.programIds)) ?? [];
	if (programIds.length) qs.campaign = programIds;
	if (!withSubIds) return qs;
	for (const field of SUB_ID_FIELDS) {
		const value = checks.read(() => optionalText(context, itemIndex, field.label, filters[field.name], MAX_STATISTICS_SUB_ID_LENGTH));
		if (value !== undefined) qs[field.query] = value;
	}
	return qs;
}
