import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { adSpaceIdFilter, clickItemFilterQuery, merchantIdFilter, subIdFilter } from '../clickReport';
import { dateProperty } from '../dateFields';
import type { FieldChecks, ValidationContext } from '../validation';
import { fieldChecks, invalidInput, isEmptyInput, optionalInstant, requireChoice } from '../validation';

/** The statuses of an action (../shared/spec/published-api-facts.md, section 8). */
export const CLICK_ACTION_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELED', 'SETTLED'];

/** A time range of the service: its query parameters, the field of an action it is about, the panel's labels. */
export interface ClickActionRange {
	from: string;
	to: string;
	field: 'updatedAt' | 'createdAt';
	/** The filter's fields are this with " From" and " To". */
	label: string;
}

export const CLICK_ACTION_RANGES: readonly ClickActionRange[] = [
	{ from: 'createdAtFrom', to: 'createdAtTo', field: 'createdAt', label: 'Created At' },
	{ from: 'updatedAtFrom', to: 'updatedAtTo', field: 'updatedAt', label: 'Updated At' },
];

/** The filters sent as they are and answered in a field of the same name: the query parameter, its label. */
export const CLICK_ACTION_EQUAL_FILTERS: ReadonlyArray<{ field: string; label: string }> = [
	{ field: 'status', label: 'Status' },
	{ field: 'subId', label: 'Sub ID' },
	{ field: 'adspaceId', label: 'Ad Space ID' },
	{ field: 'merchantId', label: 'Merchant ID' },
];

const instantFilter = (name: string, displayName: string, description: string) =>
	dateProperty('instant', 'text', { displayName, name, description });

/** The options of an action read's Filters collection, in the panel's (alphabetical) order. */
export const clickActionFilters: INodeProperties[] = [
	adSpaceIdFilter,
	instantFilter('createdAtFrom', 'Created At From', 'Only actions created at or after this time'),
	instantFilter('createdAtTo', 'Created At To', 'Only actions created at or before this time'),
	{ ...merchantIdFilter, description: 'Only actions of this merchant (its numeric ID)' },
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Canceled', value: 'CANCELED' },
			{ name: 'Confirmed', value: 'CONFIRMED' },
			{ name: 'Pending', value: 'PENDING' },
			{ name: 'Settled', value: 'SETTLED', description: 'Confirmed 45 to 50 days ago, unchanged since' },
		],
		default: 'PENDING',
		description: 'Only actions in this status',
	},
	{ ...subIdFilter, description: 'Only actions of deeplinks with this Sub ID' },
	instantFilter('updatedAtFrom', 'Updated At From', 'Only actions whose status or revenue last changed at or after this time'),
	instantFilter('updatedAtTo', 'Updated At To', 'Only actions whose status or revenue last changed at or before this time'),
];

/**
 * The filters of an action read as the service's query, checked before anything is sent: the
 * Sub ID, ad space and merchant as the click report reads them, each time as ISO 8601 in UTC
 * with milliseconds (the record's example: 2024-01-30T08:07:12.166Z), either end of a range
 * alone or both in order, the status one of the four. Used in execute and poll contexts
 * (`itemIndex` undefined in a poll); refusals go to `checks` when given, else every refused
 * filter is named in one error.
 */
export function clickActionFilterQuery(
	context: ValidationContext,
	itemIndex: number | undefined,
	filters: IDataObject,
	checks?: FieldChecks,
): IDataObject {
	const own = checks ?? fieldChecks(context, itemIndex);
	const qs = clickItemFilterQuery(context, itemIndex, filters, own);
	for (const range of CLICK_ACTION_RANGES) {
		const [fromLabel, toLabel] = [`${range.label} From`, `${range.label} To`];
		const from = own.read(() => optionalInstant(context, itemIndex, fromLabel, filters[range.from]));
		const to = own.read(() => optionalInstant(context, itemIndex, toLabel, filters[range.to]));
		if (from !== undefined && to !== undefined && Date.parse(to) < Date.parse(from)) {
			own.refuse(invalidInput(context, itemIndex, toLabel, `${to} is before ${fromLabel} ${from}`));
		}
		if (from !== undefined) qs[range.from] = from;
		if (to !== undefined) qs[range.to] = to;
	}
	if (!isEmptyInput(filters.status)) {
		const status = own.read(() => requireChoice(context, itemIndex, 'Status', filters.status, CLICK_ACTION_STATUSES));
		if (status !== undefined) qs.status = status;
	}
	if (!checks) own.done();
	return qs;
}
