import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { daysBetween, toPartnerDate } from '../../../shared/dates';
import { readLimit, toItems } from '../../../shared/execution';
import { readScopeFilters } from '../../../shared/partnerStatistics/scopeFields';
import { apiRequest, fetchPartnerList, listOf, totalsOf } from '../../../shared/transport';
import type { FieldChecks } from '../../../shared/validation';
import { describeValue, fieldChecks, invalidInput, isEmptyInput, optionalDate, received, requireChoice } from '../../../shared/validation';
import { reportProperties, TRAFFIC_SOURCE_OPTIONS } from './fields';
import type { ReportGroup } from '../../../shared/partnerStatistics/reportGroups';
import { groupValues, REPORT_GROUPS } from '../../../shared/partnerStatistics/reportGroups';
import { reportRowCheck } from '../../../shared/partnerStatistics/reportRowCheck';

const displayOptions = { show: { resource: ['report'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, reportProperties);

interface ReportRequest {
	group: ReportGroup;
	qs: IDataObject;
	totals: boolean;
	limit?: number;
}

function readPeriod(context: IExecuteFunctions, itemIndex: number, checks: FieldChecks, qs: IDataObject) {
	const from = checks.read(() => optionalDate(context, itemIndex, 'Date From', context.getNodeParameter('dateFrom', itemIndex, '')));
	const to = checks.read(() => optionalDate(context, itemIndex, 'Date To', context.getNodeParameter('dateTo', itemIndex, '')));
	if (from && to && daysBetween(from, to) < 0) {
		checks.refuse(invalidInput(context, itemIndex, 'Date From', `${toPartnerDate(from)} is after Date To ${toPartnerDate(to)}`));
	}
	if (from) qs.date_start = toPartnerDate(from);
	if (to) qs.date_end = toPartnerDate(to);
}

/**
 * The filters the grouping's report takes, as its query. The panel shows only those (n8n drops a
 * hidden filter's value with it), so what the user sees is what is sent.
 */
function readFilters(context: IExecuteFunctions, itemIndex: number, checks: FieldChecks, group: ReportGroup, qs: IDataObject) {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const taken = Object.fromEntries(group.filters.filter((name) => filters[name] !== undefined).map((name) => [name, filters[name]])) as IDataObject;
	Object.assign(qs, readScopeFilters(context, itemIndex, taken, checks));
	if (!isEmptyInput(taken.source)) {
		const sources = TRAFFIC_SOURCE_OPTIONS.map((option) => String(option.value));
		const source = checks.read(() => requireChoice(context, itemIndex, 'Traffic Source', taken.source, sources));
		if (source !== undefined) qs.source = source;
	}
}

function readOrder(context: IExecuteFunctions, itemIndex: number, checks: FieldChecks, group: ReportGroup, qs: IDataObject) {
	const orderBy = context.getNodeParameter('orderBy', itemIndex, '') as unknown;
	if (isEmptyInput(orderBy)) return;
	const field = checks.read(() => requireChoice(context, itemIndex, 'Order By', orderBy, [...group.orderBy]));
	const direction = checks.read(() =>
		requireChoice(context, itemIndex, 'Order', context.getNodeParameter('orderDirection', itemIndex, 'descending'), ['ascending', 'descending']),
	);
	if (field !== undefined) qs.order_by = direction === 'descending' ? `-${field}` : field;
}

/**
 * The grouping, exactly as one of its values: the filters and sort fields n8n shows and keeps
 * depend on it, so " day " would lose them on the way, and is refused rather than read as "day".
 */
function readGroup(context: IExecuteFunctions, itemIndex: number): ReportGroup {
	const value = context.getNodeParameter('groupBy', itemIndex) as unknown;
	const chosen = requireChoice(context, itemIndex, 'Group By', value, groupValues(REPORT_GROUPS));
	if (value !== chosen) throw invalidInput(context, itemIndex, 'Group By', `${describeValue(value)} has spaces around it: give exactly ${chosen}`);
	return REPORT_GROUPS.find((candidate) => candidate.value === chosen) as ReportGroup;
}

/**
 * Totals Only as a boolean. As the text "false" (a saved or imported workflow), n8n hides Return
 * All, Limit and Order By, which show only for the boolean false, and the node would read their
 * defaults instead: 50 rows in the service's order where 3 by clicks were asked.
 */
function readTotalsOnly(context: IExecuteFunctions, itemIndex: number): boolean {
	const value = context.getNodeParameter('totalsOnly', itemIndex, false) as unknown;
	if (typeof value !== 'boolean') {
		throw invalidInput(context, itemIndex, 'Totals Only', `must be true or false as a boolean, ${received(value)}: n8n shows Return All, Limit and Order By only for the boolean false`);
	}
	return value;
}

/** Every parameter checked before anything is sent; all refusals named at once. */
function readReportRequest(context: IExecuteFunctions, itemIndex: number): ReportRequest {
	const checks = fieldChecks(context, itemIndex);
	const group = checks.read(() => readGroup(context, itemIndex));
	const qs: IDataObject = {};
	readPeriod(context, itemIndex, checks, qs);
	let totals = false;
	let limit: number | undefined;
	if (group) {
		totals = checks.read(() => readTotalsOnly(context, itemIndex)) ?? false;
		if (totals && !group.totals) {
			checks.refuse(invalidInput(context, itemIndex, 'Totals Only', `the report by ${group.name} takes no totals: group by another field for them`));
		}
		readFilters(context, itemIndex, checks, group, qs);
		if (!totals) {
			readOrder(context, itemIndex, checks, group, qs);
			limit = checks.read(() => readLimit(context, itemIndex));
		}
	}
	checks.done();
	return { group: group as ReportGroup, qs, totals, limit };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const { group, qs, totals, limit } = readReportRequest(this, itemIndex);
	// "a report by sub ID 2": the words lower-cased, the abbreviation kept.
	const what = `a report by ${group.name.replace(/\b([A-Z])(?=[a-z])/g, (letter) => letter.toLowerCase())}`;
	if (totals) {
		// `total=1` answers a bare array of totals, one object per currency, without `_meta`.
		const rows = await apiRequest<IDataObject[]>(this, 'partner', {
			method: 'GET',
			path: group.path,
			qs: { ...qs, total: 1 },
			expect: totalsOf(`the totals of ${what}`),
			itemIndex,
		});
		return toItems(rows, itemIndex);
	}
	const rows = await fetchPartnerList(this, {
		path: group.path,
		expect: listOf([group.groupedField, 'currency'], what, { check: reportRowCheck(group) }),
		qs,
		limit,
		itemIndex,
	});
	return toItems(rows, itemIndex);
}
