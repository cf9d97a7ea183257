/** The Report's parameters: what it groups by, the period, the filters each grouping takes, the order, the totals. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { dateProperty } from '../../../shared/dateFields';
import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { adSpacesFilter, programsFilter, subIdFilters } from '../../../shared/partnerStatistics/scopeFields';
import type { ReportFilter } from '../../../shared/partnerStatistics/reportGroups';
import { groupsWithFilter, groupValues, REPORT_GROUPS } from '../../../shared/partnerStatistics/reportGroups';

/** The traffic sources the keyword report filters by (T: PY; published-api-facts.md, section 2). */
export const TRAFFIC_SOURCE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Google Ads', value: 'g' },
	{ name: 'Yandex Direct', value: 'y' },
];

/** The sort fields in words; each is sent as its own name (`order_by=payment_sum`). */
const SORT_FIELD_NAMES: Record<string, string> = {
	action: 'Actions',
	actions: 'Actions',
	clicks: 'Clicks',
	cr: 'Conversion Rate',
	ctr: 'Click-Through Rate',
	currency: 'Currency',
	ecpc: 'Earnings per Click',
	ecpm: 'Earnings per 1,000 Views',
	keyword: 'Keyword',
	leads: 'Leads',
	leads_sum: 'Leads',
	name: 'Name',
	payment_sum: 'Payment Sum',
	payment_sum_approved: 'Payment Sum Approved',
	payment_sum_declined: 'Payment Sum Declined',
	payment_sum_open: 'Payment Sum Open',
	sales: 'Sales',
	sales_sum: 'Sales',
	source: 'Traffic Source',
	subid: 'Sub ID',
	subid1: 'Sub ID 1',
	subid2: 'Sub ID 2',
	subid3: 'Sub ID 3',
	subid4: 'Sub ID 4',
	views: 'Views',
	website_id: 'Ad Space ID',
	website_name: 'Ad Space Name',
};

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name, 'en');

/**
 * One Order By per list of sort fields, shown for the groupings that sort by it: the service takes
 * a different list per report. The same name throughout, so that a saved value stays.
 */
function orderByFields(): INodeProperties[] {
	const lists = new Map<string, string[]>();
	for (const group of REPORT_GROUPS) {
		const list = group.orderBy.join(',');
		lists.set(list, [...(lists.get(list) ?? []), group.value]);
	}
	return [...lists].map(([list, groups]) => ({
		displayName: 'Order By',
		name: 'orderBy',
		type: 'options',
		options: [
			{ name: 'Service Default', value: '', description: 'The order the service chooses' },
			...list.split(',').map((field) => ({ name: SORT_FIELD_NAMES[field] ?? field, value: field, description: `Sent as order_by=${field}` })).sort(byName),
		],
		default: '',
		description: 'The field the rows are sorted by',
		displayOptions: { show: { groupBy: groups }, hide: { totalsOnly: [true] } },
	}));
}

/** A filter shown only for the groupings whose report takes it (the other reports would ignore it). */
const forGroupsTaking = (filter: ReportFilter, property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { '/groupBy': groupsWithFilter(filter) } },
});

export const reportProperties: INodeProperties[] = [
	{
		displayName: 'Group By',
		name: 'groupBy',
		type: 'options',
		options: REPORT_GROUPS.map((group) => ({ name: group.name, value: group.value, description: `One row per ${group.name.toLowerCase()} and currency (${group.path})` })),
		default: 'day',
		description: 'What each row of the report is for: the service sums clicks, actions and payments per group and currency',
	},
	dateProperty('day', 'text', { displayName: 'Date From', name: 'dateFrom', description: 'The first day of the report. Empty: the period the service chooses' }),
	dateProperty('day', 'text', { displayName: 'Date To', name: 'dateTo', description: 'The last day of the report. Empty: the period the service chooses' }),
	{
		displayName: 'Totals Only',
		name: 'totalsOnly',
		type: 'boolean',
		default: false,
		description:
			'Whether to return only the totals of the period and filters instead of a row per group: one row per currency. Not offered for Traffic Source, whose report no source shows taking it.',
		displayOptions: { show: { groupBy: groupValues(REPORT_GROUPS.filter((group) => group.totals)) } },
	},
	{ ...returnAll(), displayOptions: { show: { totalsOnly: [false] } } },
	{ ...limit(), displayOptions: { show: { totalsOnly: [false], returnAll: [false] } } },
	filtersCollection([
		adSpacesFilter,
		programsFilter,
		...subIdFilters.map((property) => forGroupsTaking(property.name as ReportFilter, property)),
		forGroupsTaking('source', {
			displayName: 'Traffic Source',
			name: 'source',
			type: 'options',
			options: TRAFFIC_SOURCE_OPTIONS,
			default: 'g',
			description: 'Only keywords of this paid search service',
		}),
	]),
	...orderByFields(),
	{
		displayName: 'Order',
		name: 'orderDirection',
		type: 'options',
		options: [
			{ name: 'Ascending', value: 'ascending' },
			{ name: 'Descending', value: 'descending' },
		],
		default: 'descending',
		description: 'Whether the rows go from the lowest value up or from the highest down',
		displayOptions: { hide: { orderBy: [''], totalsOnly: [true] } },
	},
];
