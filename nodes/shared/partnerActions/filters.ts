/**
 * What conversions (GET /statistics/actions/) can be filtered by, and those filters as its query,
 * in the formats the service takes (published-api-facts.md, section 1). Every refused filter is
 * named in one error before anything is sent.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { daysBetween, toPartnerDate } from '../dates';
import { dateProperty } from '../dateFields';
import { filtersCollection } from '../descriptions';
import { adSpacesFilter, programsFilter, readScopeFilters, subIdFilters } from '../partnerStatistics/scopeFields';
import type { ValidationContext } from '../validation';
import { describeValue, fieldChecks, invalidInput, isEmptyInput, optionalDate, optionalId, optionalText, requireChoice } from '../validation';
import { readWallClock, toServiceDateTime, toStampText } from './serviceTime';

/**
 * The statuses as the service names them. Which encoding its filter takes is not settled by the
 * record (one client sends these names, Admitad's own only 1, 2 or 3): the node sends the names
 * (docs/nodes.md, Action), so that a correction is this one table.
 */
export const ACTION_STATUS_OPTIONS = [
	{ name: 'Pending', value: 'pending' },
	{ name: 'Approved', value: 'approved' },
	{ name: 'Declined', value: 'declined' },
	{ name: 'Approved but Stalled', value: 'approved_but_stalled' },
];
const ACTION_STATUSES = ACTION_STATUS_OPTIONS.map((option) => option.value);

/** A filter with a few choices; the first is the default. */
function choice(displayName: string, name: string, options: Array<{ name: string; value: string }>, description: string): INodeProperties {
	const property: INodeProperties = { displayName, name, type: 'options', options, default: '', description };
	property.default = options[0].value;
	return property;
}

const CHOICES = {
	status: { label: 'Status', query: 'status', values: ACTION_STATUSES },
	actionType: { label: 'Action Type', query: 'action_type', values: ['sale', 'lead'] },
	processed: { label: 'Processed', query: 'processed', values: ['1', '0'] },
	paid: { label: 'Paid', query: 'paid', values: ['1', '0'] },
	trafficSource: { label: 'Traffic Source', query: 'source', values: ['g', 'y'] },
} as const;

const RANGES = [
	{ from: 'actionDateFrom', to: 'actionDateTo', label: 'Action Date', start: 'date_start', end: 'date_end', what: 'the action happened' },
	{ from: 'closingDateFrom', to: 'closingDateTo', label: 'Closing Date', start: 'closing_date_start', end: 'closing_date_end', what: 'the action was closed' },
] as const;

export function actionFilters(): INodeProperties {
	return filtersCollection([
		dateProperty('day', 'text', { displayName: 'Action Date From', name: 'actionDateFrom', description: 'Only actions that happened on or after this day' }),
		dateProperty('day', 'text', { displayName: 'Action Date To', name: 'actionDateTo', description: 'Only actions that happened on or before this day' }),
		choice('Action Type', 'actionType', [{ name: 'Sale', value: 'sale' }, { name: 'Lead', value: 'lead' }], 'Only sales or only leads'),
		{ displayName: 'Action ID', name: 'actionId', type: 'string', default: '', placeholder: '12', description: 'Only the action with this ID' },
		adSpacesFilter,
		dateProperty('day', 'text', { displayName: 'Closing Date From', name: 'closingDateFrom', description: 'Only actions closed on or after this day' }),
		dateProperty('day', 'text', { displayName: 'Closing Date To', name: 'closingDateTo', description: 'Only actions closed on or before this day' }),
		{ displayName: 'Keyword', name: 'keyword', type: 'string', default: '', description: 'Only actions from this search keyword' },
		choice('Paid', 'paid', [{ name: 'Paid', value: '1' }, { name: 'Not Paid', value: '0' }], 'Only actions paid out, or only those not yet paid'),
		choice('Processed', 'processed', [{ name: 'Processed', value: '1' }, { name: 'Not Processed', value: '0' }], 'Only processed actions, or only unprocessed ones'),
		programsFilter,
		choice('Status', 'status', ACTION_STATUS_OPTIONS, 'Only actions in this status'),
		{
			displayName: 'Status Updated From',
			name: 'statusUpdatedFrom',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-20 08:00:00',
			description:
				'Only actions whose status changed at or after this time, as the service writes its times (YYYY-MM-DD HH:MM:SS or DD.MM.YYYY HH:MM:SS; a day alone is its start). A time with an offset keeps its clock time: the service does not say its time zone.',
		},
		{
			displayName: 'Status Updated To',
			name: 'statusUpdatedTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-20 23:59:59',
			description: 'Only actions whose status changed at or before this time (a day alone is its end), as Status Updated From',
		},
		...subIdFilters,
		choice('Traffic Source', 'trafficSource', [{ name: 'Google Ads', value: 'g' }, { name: 'Yandex Direct', value: 'y' }], 'Only actions from this paid-search source'),
	]);
}

/** The filters as the query of GET /statistics/actions/. */
export function readActionFilters(context: ValidationContext, itemIndex: number | undefined, filters: IDataObject): IDataObject {
	const checks = fieldChecks(context, itemIndex);
	const qs = readScopeFilters(context, itemIndex, filters, checks);
	for (const [name, { label, query, values }] of Object.entries(CHOICES)) {
		if (isEmptyInput(filters[name])) continue;
		qs[query] = checks.read(() => requireChoice(context, itemIndex, label, String(filters[name]), [...values]));
	}
	for (const range of RANGES) {
		const from = checks.read(() => optionalDate(context, itemIndex, `${range.label} From`, filters[range.from]));
		const to = checks.read(() => optionalDate(context, itemIndex, `${range.label} To`, filters[range.to]));
		if (from && to && daysBetween(from, to) < 0) {
			checks.refuse(invalidInput(context, itemIndex, `${range.label} From`, `${toPartnerDate(from)} is after ${range.label} To ${toPartnerDate(to)}`));
		}
		if (from) qs[range.start] = toPartnerDate(from);
		if (to) qs[range.end] = toPartnerDate(to);
	}
	const updatedFrom = checks.read(() => optionalWallClock(context, itemIndex, 'Status Updated From', filters.statusUpdatedFrom, false));
	const updatedTo = checks.read(() => optionalWallClock(context, itemIndex, 'Status Updated To', filters.statusUpdatedTo, true));
	if (updatedFrom && updatedTo && toStampText(updatedFrom) > toStampText(updatedTo)) {
		checks.refuse(invalidInput(context, itemIndex, 'Status Updated From', `${toStampText(updatedFrom)} is after Status Updated To ${toStampText(updatedTo)}`));
	}
	if (updatedFrom) qs.status_updated_start = toServiceDateTime(updatedFrom);
	if (updatedTo) qs.status_updated_end = toServiceDateTime(updatedTo);
	const actionId = checks.read(() => optionalId(context, itemIndex, 'Action ID', filters.actionId));
	if (actionId !== undefined) qs.action_id = actionId;
	const keyword = checks.read(() => optionalText(context, itemIndex, 'Keyword', filters.keyword, 250));
	if (keyword !== undefined) qs.keyword = keyword;
	checks.done();
	return qs;
}

function optionalWallClock(context: ValidationContext, itemIndex: number | undefined, field: string, value: unknown, endOfDay: boolean) {
	if (isEmptyInput(value)) return undefined;
	const clock = readWallClock(value, endOfDay);
	if (!clock) throw invalidInput(context, itemIndex, field, `${describeValue(value)} is not a real date-time (use YYYY-MM-DD HH:MM:SS or DD.MM.YYYY HH:MM:SS)`);
	return clock;
}
