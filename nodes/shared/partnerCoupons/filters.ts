/**
 * What coupons (GET /coupons/ and /coupons/website/{id}/) can be filtered and sorted by, and those
 * as the query the service takes: the parameter table of ../shared/spec/published-api-facts.md,
 * section 5, by its names and in its formats (IDs as digits, `campaign` repeated, days as
 * `DD.MM.YYYY`, `order_by` with a leading `-` for the reverse). Every refused field is named in one
 * error before anything is sent.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { daysBetween, toPartnerDate } from '../dates';
import { dateProperty } from '../dateFields';
import { filtersCollection, optionsCollection } from '../descriptions';
import { programsFilter } from '../partnerStatistics/scopeFields';
import type { FieldChecks, ValidationContext } from '../validation';
import { invalidInput, isEmptyInput, optionalDate, optionalId, optionalText, readIdList, received, requireChoice } from '../validation';

const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

/** The language field's label; the language code itself is read by the node's language check. */
export const COUPON_LANGUAGE_FIELD = 'Language Name or ID';

/** The sort fields the facts list for coupons. */
export const COUPON_ORDER_FIELDS = ['name', 'rating', 'date_start', 'date_end'] as const;

/** A search is free text; this much covers any coupon or program name. */
const MAX_SEARCH_LENGTH = 250;

/** ISO 3166-1 alpha-2 codes, and the two-digit codes the service has of its own (`00` all regions, `01` CIS). */
const REGION_CODE = /^([A-Za-z]{2}|\d{2})$/;

export function couponFilters(): INodeProperties {
	return filtersCollection([
		{
			displayName: 'Coupon Category Name or ID',
			name: 'categoryId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCouponCategories' },
			default: '',
			description:
				'Only coupons of this coupon category (sent as category). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Coupon Type ID',
			name: 'typeId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2',
			description: 'Only coupons of this type (sent as type): the ID of one of the types a coupon lists',
		},
		dateProperty('day', 'text', {
			displayName: 'Date From',
			name: 'dateFrom',
			description: 'Sent as date_start. The service narrows coupons by it; the record does not say exactly how (the sandbox keeps those starting on or after this day)',
		}),
		dateProperty('day', 'text', {
			displayName: 'Date To',
			name: 'dateTo',
			description: 'Sent as date_end. The service narrows coupons by it; the record does not say exactly how (the sandbox keeps those ending on or before this day)',
		}),
		{
			displayName: COUPON_LANGUAGE_FIELD,
			name: 'language',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLanguages' },
			default: '',
			description:
				'Sent as language, a language code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Program Category ID',
			name: 'programCategoryId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 62',
			description: 'Only coupons of programs in this program category (sent as campaign_category)',
		},
		{ ...programsFilter, description: `Only coupons of these affiliate programs (sent as campaign). Choose from the list, or specify IDs using an ${EXPRESSION_LINK}.` },
		{
			displayName: 'Region',
			name: 'region',
			type: 'string',
			default: '',
			placeholder: 'e.g. RU',
			description: 'Only coupons for this region: its two-letter code, such as RU or DE (sent as region)',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: "Only coupons whose name or description, or whose program's name, holds this text (the service's search)",
		},
	]);
}

export function couponOrderOptions(): INodeProperties {
	return optionsCollection([
		{
			displayName: 'Order',
			name: 'orderDirection',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'ascending' },
				{ name: 'Descending', value: 'descending', description: 'Sent as order_by=-field' },
			],
			default: 'ascending',
			description: 'Whether the coupons go from the lowest value up or from the highest down, by Order By',
		},
		{
			displayName: 'Order By',
			name: 'orderBy',
			type: 'options',
			options: [
				{ name: 'Ends On', value: 'date_end' },
				{ name: 'Name', value: 'name' },
				{ name: 'Rating', value: 'rating' },
				{ name: 'Starts On', value: 'date_start' },
			],
			default: 'rating',
			description: 'The field the coupons are sorted by (sent as order_by)',
		},
	]);
}

/**
 * The filters as the query (all but the language, read by the node's own language check), every
 * refusal kept in `checks`. Date From after Date To is refused: no coupon can answer it.
 */
export function readCouponFilters(context: ValidationContext, itemIndex: number | undefined, filters: IDataObject, checks: FieldChecks): IDataObject {
	const qs: IDataObject = {};
	const programIds = checks.read(() => readIdList(context, itemIndex, programsFilter.displayName, filters.programIds)) ?? [];
	if (programIds.length) qs.campaign = programIds;
	const ids: Array<[string, string, string]> = [
		['categoryId', 'Coupon Category Name or ID', 'category'],
		['programCategoryId', 'Program Category ID', 'campaign_category'],
		['typeId', 'Coupon Type ID', 'type'],
	];
	for (const [name, label, query] of ids) {
		const id = checks.read(() => optionalId(context, itemIndex, label, filters[name]));
		if (id !== undefined) qs[query] = id;
	}
	const search = checks.read(() => optionalText(context, itemIndex, 'Search', filters.search, MAX_SEARCH_LENGTH));
	if (search !== undefined) qs.search = search;
	const region = checks.read(() => optionalRegion(context, itemIndex, filters.region));
	if (region !== undefined) qs.region = region;
	const from = checks.read(() => optionalDate(context, itemIndex, 'Date From', filters.dateFrom));
	const to = checks.read(() => optionalDate(context, itemIndex, 'Date To', filters.dateTo));
	if (from && to && daysBetween(from, to) < 0) {
		checks.refuse(invalidInput(context, itemIndex, 'Date From', `${toPartnerDate(from)} is after Date To ${toPartnerDate(to)}`));
	}
	if (from) qs.date_start = toPartnerDate(from);
	if (to) qs.date_end = toPartnerDate(to);
	return qs;
}

/** `order_by` from the options: the field, with `-` before it for Descending; nothing when none is chosen. */
export function readCouponOrder(context: ValidationContext, itemIndex: number | undefined, options: IDataObject, checks: FieldChecks): string | undefined {
	if (isEmptyInput(options.orderBy)) return undefined;
	const field = checks.read(() => requireChoice(context, itemIndex, 'Order By', options.orderBy, [...COUPON_ORDER_FIELDS]));
	const direction = isEmptyInput(options.orderDirection)
		? 'ascending'
		: checks.read(() => requireChoice(context, itemIndex, 'Order', options.orderDirection, ['ascending', 'descending']));
	return direction === 'descending' ? `-${field}` : field;
}

function optionalRegion(context: ValidationContext, itemIndex: number | undefined, value: unknown): string | undefined {
	const text = optionalText(context, itemIndex, 'Region', value);
	if (text === undefined) return undefined;
	if (!REGION_CODE.test(text.trim())) throw invalidInput(context, itemIndex, 'Region', `must be a region code of two letters, such as RU, ${received(value)}`);
	return text.trim().toUpperCase();
}
