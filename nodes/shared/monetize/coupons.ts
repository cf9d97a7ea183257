/**
 * The click service's coupons, GET /v1/product/monetize-api/v1/coupon
 * (../shared/spec/published-api-facts.md, section 11): the filters, their reading, and the read
 * over the `meta.next` cursor, each coupon held to its filters (couponChecks.ts).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { TransportContext } from '../transport';
import { cursorPageOf, fetchCursorList } from '../transport';
import type { FieldChecks, ValidationContext } from '../validation';
import { invalidInput, optionalInstant, readBoolean } from '../validation';
import { couponProblem } from './couponChecks';
import {
	activeOnlyFilter,
	categoryIdsField,
	countryCodesField,
	instantFilter,
	languageCodesField,
	readCategoryIds,
	readCountryCodes,
	readLanguageCodes,
} from './filterFields';
import { putQueryArray } from './queryArrays';

export const COUPONS_PATH = '/v1/product/monetize-api/v1/coupon';

/** The options of Coupon → Get Many's Filters, in the panel's (alphabetical) order. */
export const couponFilters: INodeProperties[] = [
	activeOnlyFilter('Whether to return only active coupons; off returns active and inactive ones alike'),
	{ ...categoryIdsField, description: `Only coupons in one of these categories. ${categoryIdsField.description}.` },
	{ ...countryCodesField, description: `Only coupons for one of these countries. ${countryCodesField.description}.` },
	instantFilter('endDateAfter', 'Ends After', 'Only coupons that end after this time, or never'),
	{ ...languageCodesField, description: `Only coupons in one of these languages. ${languageCodesField.description}.` },
	instantFilter('startDateBefore', 'Starts Before', 'Only coupons that start before this time'),
	instantFilter('updatedAtFrom', 'Updated At From', 'Only coupons changed at or after this time'),
	instantFilter('updatedAtTo', 'Updated At To', 'Only coupons changed at or before this time'),
];

const INSTANT_FILTERS = [
	{ name: 'updatedAtFrom', label: 'Updated At From' },
	{ name: 'updatedAtTo', label: 'Updated At To' },
	{ name: 'startDateBefore', label: 'Starts Before' },
	{ name: 'endDateAfter', label: 'Ends After' },
] as const;

/**
 * The filters as the service's query, checked before anything is sent: Active Only on sends
 * `isActive=true` (off: every coupon), each date as ISO 8601 in UTC with milliseconds (the docs'
 * format; Updated At To not before From), the lists in the form queryArrays.ts chose, language
 * codes in lower case, country codes in upper case. Refusals go to `checks`.
 */
export function couponFilterQuery(context: ValidationContext, itemIndex: number, filters: IDataObject, checks: FieldChecks): IDataObject {
	const qs: IDataObject = {};
	if (checks.read(() => readBoolean(context, itemIndex, 'Active Only', filters.isActive))) qs.isActive = 'true';
	for (const { name, label } of INSTANT_FILTERS) {
		const instant = checks.read(() => optionalInstant(context, itemIndex, label, filters[name]));
		if (instant !== undefined) qs[name] = instant;
	}
	if (qs.updatedAtFrom !== undefined && qs.updatedAtTo !== undefined && Date.parse(String(qs.updatedAtTo)) < Date.parse(String(qs.updatedAtFrom))) {
		checks.refuse(invalidInput(context, itemIndex, 'Updated At To', `${String(qs.updatedAtTo)} is before Updated At From ${String(qs.updatedAtFrom)}`));
	}
	putQueryArray(qs, 'languageCodes', checks.read(() => readLanguageCodes(context, itemIndex, filters.languageCodes)) ?? []);
	putQueryArray(qs, 'categoryIds', checks.read(() => readCategoryIds(context, itemIndex, filters.categoryIds)) ?? []);
	putQueryArray(qs, 'countryCodes', checks.read(() => readCountryCodes(context, itemIndex, filters.countryCodes)) ?? []);
	return qs;
}

export const couponPage = cursorPageOf('couponId', 'a page of coupons', couponProblem);

/** Coupons matching `qs` (couponFilterQuery), all of them or up to `limit`, each once. */
export async function fetchCoupons(context: TransportContext, request: { qs: IDataObject; limit?: number; itemIndex?: number }): Promise<IDataObject[]> {
	return await fetchCursorList(context, {
		api: 'click',
		path: COUPONS_PATH,
		expect: couponPage,
		...request,
		narrow: 'Narrow the filters (for example Active Only, Updated At From or Language Codes)',
	});
}
