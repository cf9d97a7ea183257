/**
 * The groupings of the Report: each one's path, the fields that key a row, what it can be sorted
 * by and filtered by, as ../shared/spec/published-api-facts.md (section 2) shows them; where it
 * is silent, the choice is in docs/nodes.md ("Report").
 */

/** Every filter a report may take, by its name in the Filters collection. */
export type ReportFilter = 'adSpaceIds' | 'programIds' | 'subId' | 'subId1' | 'subId2' | 'subId3' | 'subId4' | 'source';

export interface ReportGroup {
	value: string;
	name: string;
	path: string;
	/** The field a row is grouped by: with the currency, it keys the row. */
	groupedField: string;
	/** The grouped field's type in the record: text ("" possible), a whole number (or its digits as text), a day, a month. */
	groupedType: 'text' | 'id' | 'day' | 'month';
	orderBy: readonly string[];
	filters: readonly ReportFilter[];
	/** `total=1`: the sources report is the one no source shows taking it. */
	totals: boolean;
}

/** dates, months and campaigns (T: PY). */
const BY_PERIOD_OR_PROGRAM = [
	'action',
	'clicks',
	'cr',
	'ctr',
	'ecpc',
	'ecpm',
	'leads',
	'name',
	'payment_sum',
	'payment_sum_approved',
	'payment_sum_declined',
	'payment_sum_open',
	'sales',
	'views',
] as const;

/** websites (D: D-rep). */
const BY_AD_SPACE = [
	'website_id',
	'website_name',
	'views',
	'clicks',
	'ctr',
	'ecpc',
	'ecpm',
	'cr',
	'leads_sum',
	'sales_sum',
	'payment_sum_open',
	'payment_sum_approved',
	'payment_sum_declined',
	'currency',
] as const;

/** sub_ids (D: D-sub) without its grouped field; sources and keywords add theirs (T). */
const SUB_ID_METRICS = [
	'actions',
	'clicks',
	'cr',
	'ecpc',
	'leads',
	'payment_sum',
	'payment_sum_approved',
	'payment_sum_declined',
	'payment_sum_open',
	'sales',
] as const;

/** The reports that take one sub ID filter, `subid` (T: PY, AF-PR). */
const SCOPE_AND_SUB_ID: ReportFilter[] = ['adSpaceIds', 'programIds', 'subId'];
/** The sub ID reports take all five (D: D-sub). */
const ALL_SUB_IDS: ReportFilter[] = ['adSpaceIds', 'programIds', 'subId', 'subId1', 'subId2', 'subId3', 'subId4'];

function subIdGroup(level: '' | '1' | '2' | '3' | '4'): ReportGroup {
	const field = `subid${level}`;
	return {
		value: `subId${level}`,
		name: level ? `Sub ID ${level}` : 'Sub ID',
		path: `/statistics/sub_ids${level}/`,
		// The record shows no body of sub_ids1–4: the row is taken to carry its own sub ID's field.
		groupedField: field,
		groupedType: 'text',
		orderBy: [...SUB_ID_METRICS, field],
		filters: ALL_SUB_IDS,
		totals: true,
	};
}

export const REPORT_GROUPS: readonly ReportGroup[] = [
	{ value: 'day', name: 'Day', path: '/statistics/dates/', groupedField: 'date', groupedType: 'day', orderBy: BY_PERIOD_OR_PROGRAM, filters: SCOPE_AND_SUB_ID, totals: true },
	{ value: 'month', name: 'Month', path: '/statistics/months/', groupedField: 'date', groupedType: 'month', orderBy: BY_PERIOD_OR_PROGRAM, filters: SCOPE_AND_SUB_ID, totals: true },
	{ value: 'adSpace', name: 'Ad Space', path: '/statistics/websites/', groupedField: 'website_id', groupedType: 'id', orderBy: BY_AD_SPACE, filters: SCOPE_AND_SUB_ID, totals: true },
	{ value: 'program', name: 'Program', path: '/statistics/campaigns/', groupedField: 'advcampaign_id', groupedType: 'id', orderBy: BY_PERIOD_OR_PROGRAM, filters: SCOPE_AND_SUB_ID, totals: true },
	subIdGroup(''),
	subIdGroup('1'),
	subIdGroup('2'),
	subIdGroup('3'),
	subIdGroup('4'),
	{ value: 'trafficSource', name: 'Traffic Source', path: '/statistics/sources/', groupedField: 'source', groupedType: 'text', orderBy: [...SUB_ID_METRICS, 'source'], filters: ['adSpaceIds', 'programIds'], totals: false },
	{ value: 'keyword', name: 'Keyword', path: '/statistics/keywords/', groupedField: 'keyword', groupedType: 'text', orderBy: [...SUB_ID_METRICS, 'keyword', 'source'], filters: ['adSpaceIds', 'programIds', 'source'], totals: true },
];

export const groupValues = (groups: readonly ReportGroup[]) => groups.map((group) => group.value);

/** The groups whose Filters show `filter`. */
export const groupsWithFilter = (filter: ReportFilter) => groupValues(REPORT_GROUPS.filter((group) => group.filters.includes(filter)));
