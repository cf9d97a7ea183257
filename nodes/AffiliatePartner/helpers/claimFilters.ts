/** What a claim list can be filtered by, and those filters as the query of GET /lost_orders/ or /appeals/. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { claimAdSpaceIdFilter, claimProgramIdFilter, readClaimScope } from '../../shared/claimFilters';
import type { DateInput } from '../../shared/dateFields';
import { dateProperty } from '../../shared/dateFields';
import type { IdInput } from '../../shared/partnerIds';
import { idInputOf } from '../../shared/partnerIds';
import { byVersionRange } from '../../shared/versionRanges';
import { daysBetween, toPartnerDate } from '../../shared/dates';
import { filtersCollection } from '../../shared/descriptions';
import { fieldChecks, invalidInput, isEmptyInput, optionalDate, optionalText, requireChoice } from '../../shared/validation';
import { MAX_APPEAL_ID_LENGTH } from './claimFields';
import { DATES_AS_TEXT_SINCE, ID_DROPDOWNS_SINCE } from './versions';

const CLAIM_STATUS_OPTIONS = [
	{ name: 'Accepted', value: 'accepted' },
	{ name: 'Processing', value: 'processing' },
	{ name: 'Rejected', value: 'rejected' },
];

const APPEAL_STATUS_OPTIONS = [
	{ name: 'Processing', value: 'processing' },
	{ name: 'Resolved', value: 'resolved' },
];

const CLAIM_STATUSES = CLAIM_STATUS_OPTIONS.map((option) => option.value);
const APPEAL_STATUSES = APPEAL_STATUS_OPTIONS.map((option) => option.value);

const appealStatusFilter: INodeProperties = {
	displayName: 'Appeal Status',
	name: 'appealStatus',
	type: 'options',
	options: APPEAL_STATUS_OPTIONS,
	default: 'processing',
	description: 'Only claims whose appeal is in this status',
};

/**
 * The Filters collection of a claim list, with its dates as pickers or as text and its program and
 * ad space as text or dropdowns. Appeal claim lists have no appeal status filter (spec 4.3).
 */
function claimFilters({ withAppealStatus, dates, ids }: { withAppealStatus: boolean; dates: DateInput; ids: IdInput }): INodeProperties {
	return filtersCollection([
		claimAdSpaceIdFilter(ids),
		{
			displayName: 'Appeal ID',
			name: 'appealId',
			type: 'string',
			default: '',
			description: 'Only claims with this appeal number',
		},
		...(withAppealStatus ? [appealStatusFilter] : []),
		dateProperty('day', dates, { displayName: 'Date From', name: 'startDate', description: 'Only claims created on or after this day' }),
		dateProperty('day', dates, { displayName: 'Date To', name: 'endDate', description: 'Only claims created on or before this day' }),
		claimProgramIdFilter(ids),
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: CLAIM_STATUS_OPTIONS,
			default: 'processing',
			description: 'Only claims in this status',
		},
	]);
}

/** The Filters collection of each range of versions: dates as text from 1.2, dropdowns from 1.3. */
export function versionedClaimFilters(withAppealStatus: boolean): INodeProperties[] {
	return byVersionRange([DATES_AS_TEXT_SINCE, ID_DROPDOWNS_SINCE], (since) => [
		claimFilters({
			withAppealStatus,
			dates: since(DATES_AS_TEXT_SINCE) ? 'text' : 'picker',
			ids: since(ID_DROPDOWNS_SINCE) ? 'dropdown' : 'text',
		}),
	]);
}

/**
 * The filters as the query of GET /lost_orders/ or /appeals/, checked before anything is sent;
 * every refused filter is named in one error.
 */
export function readClaimFilters(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const checks = fieldChecks(context, itemIndex);
	const qs = readClaimScope(context, itemIndex, filters, idInputOf(context, ID_DROPDOWNS_SINCE), checks);
	if (!isEmptyInput(filters.status)) {
		qs.status = checks.read(() => requireChoice(context, itemIndex, 'Status', filters.status, CLAIM_STATUSES));
	}
	const startDate = checks.read(() => optionalDate(context, itemIndex, 'Date From', filters.startDate));
	const endDate = checks.read(() => optionalDate(context, itemIndex, 'Date To', filters.endDate));
	if (startDate && endDate && daysBetween(startDate, endDate) < 0) {
		checks.refuse(invalidInput(context, itemIndex, 'Date From', `${toPartnerDate(startDate)} is after Date To ${toPartnerDate(endDate)}`));
	}
	if (startDate) qs.start_date = toPartnerDate(startDate);
	if (endDate) qs.end_date = toPartnerDate(endDate);
	const appealId = checks.read(() => optionalText(context, itemIndex, 'Appeal ID', filters.appealId, MAX_APPEAL_ID_LENGTH));
	if (appealId !== undefined) qs.appeal_id = appealId;
	if (!isEmptyInput(filters.appealStatus)) {
		qs.appeal_status = checks.read(() => requireChoice(context, itemIndex, 'Appeal Status', filters.appealStatus, APPEAL_STATUSES));
	}
	checks.done();
	return qs;
}
