/** Plain table tests of the pure rules behind Coupon → Get Many: each coupon held to what it can prove, and the filters as the query. */
import type { IDataObject } from 'n8n-workflow';

import { couponAnswersQuery, readCouponFilters, readCouponOrder } from '../../nodes/shared/partnerCoupons';
import { fieldChecks } from '../../nodes/shared/validation';

const coupon: IDataObject = {
	id: 52001,
	campaign: { id: 6115, name: 'Fashion Store', site_url: 'https://fashion.example/' },
	categories: [{ id: 1, name: 'Clothing' }, { id: 7, name: 'Free Shipping' }],
	types: [{ id: 2, name: 'Free shipping' }],
	date_start: '2026-11-20T00:00:00',
	date_end: '2026-12-31T23:59:59',
	regions: ['RU'],
	language: null,
};

describe('a coupon is held to the filters its fields can prove', () => {
	test.each<[string, IDataObject, IDataObject, string | undefined]>([
		['no filter', {}, {}, undefined],
		['its program among those asked', { campaign: ['7204', '6115'] }, {}, undefined],
		['one program asked as text', { campaign: '6115' }, {}, undefined],
		['another program', { campaign: ['7204'] }, {}, 'is of program 6115 ("Fashion Store"), not of the programs the Program Names or IDs filter asked for (7204)'],
		['no campaign to check', { campaign: ['6115'] }, { campaign: null }, 'has no "campaign" with an "id" to hold to the Program Names or IDs filter (it is null)'],
		['its category', { category: '7' }, {}, undefined],
		['another category', { category: '3' }, {}, 'has categories 1, 7, not the category 3 the Coupon Category Name or ID filter asked for'],
		['no categories', { category: '3' }, { categories: [] }, 'has categories none, not the category 3 the Coupon Category Name or ID filter asked for'],
		['categories not a list', { category: '3' }, { categories: 'x' }, 'has no "categories" list of {id, name} to hold to the Coupon Category Name or ID filter (it is "x")'],
		['its type', { type: '2' }, {}, undefined],
		['another type', { type: '1' }, {}, 'has types 2, not the type 1 the Coupon Type ID filter asked for'],
		['ends on Date From', { date_start: '31.12.2026' }, {}, undefined],
		['ended before Date From', { date_start: '01.01.2027' }, {}, 'has "date_end" "2026-12-31T23:59:59", before Date From (01.01.2027)'],
		['no end: never ended', { date_start: '01.01.2030' }, { date_end: null }, undefined],
		['an end that is no date', { date_start: '01.01.2027' }, { date_end: 'soon' }, 'has no "date_end" date-time or null to hold to the Date From filter (it is "soon")'],
		['an end missing', { date_start: '01.01.2027' }, { date_end: undefined }, 'has no "date_end" date-time or null to hold to the Date From filter (it is undefined)'],
		['starts on Date To', { date_end: '20.11.2026' }, {}, undefined],
		['starts after Date To', { date_end: '19.11.2026' }, {}, 'has "date_start" "2026-11-20T00:00:00", after Date To (19.11.2026)'],
		['a start in the 2013 style (a space)', { date_end: '19.11.2026' }, { date_start: '2026-11-20 00:00:00' }, 'has "date_start" "2026-11-20 00:00:00", after Date To (19.11.2026)'],
		['not checked: program category, search, region, language', { campaign_category: '99', search: 'zzz', region: 'US', language: 'de' }, {}, undefined],
	])('%s', (_label, qs, change, says) => {
		expect(couponAnswersQuery({ ...coupon, ...change }, { qs })).toBe(says);
	});
});

describe('the filters as the query', () => {
	const node = { id: '1', name: 'Affiliate Partner', type: 'affiliatePartner', typeVersion: 1.3, position: [0, 0] as [number, number], parameters: {} };
	const context = { getNode: () => node };
	const read = (filters: IDataObject, options: IDataObject = {}) => {
		const checks = fieldChecks(context, 0);
		const qs = readCouponFilters(context, 0, filters, checks);
		const order = readCouponOrder(context, 0, options, checks);
		checks.done();
		return order === undefined ? qs : { ...qs, order_by: order };
	};

	test.each<[string, IDataObject, IDataObject, IDataObject]>([
		['nothing', {}, {}, {}],
		['programs as a list or text', { programIds: '6115, 7204' }, {}, { campaign: ['6115', '7204'] }],
		['IDs as their digits', { categoryId: 7, programCategoryId: '007', typeId: '2' }, {}, { category: '7', campaign_category: '7', type: '2' }],
		['days in DD.MM.YYYY', { dateFrom: '2026-11-20', dateTo: '5.1.2027' }, {}, { date_start: '20.11.2026', date_end: '05.01.2027' }],
		['one day both ways', { dateFrom: '2026-11-20', dateTo: '2026-11-20' }, {}, { date_start: '20.11.2026', date_end: '20.11.2026' }],
		['region upper case, search as typed', { region: ' de ', search: 'Black Friday' }, {}, { region: 'DE', search: 'Black Friday' }],
		['an order, ascending by default', {}, { orderBy: 'name' }, { order_by: 'name' }],
		['descending: a leading -', {}, { orderBy: 'date_end', orderDirection: 'descending' }, { order_by: '-date_end' }],
		['a direction alone sends no order', {}, { orderDirection: 'descending' }, {}],
	])('%s', (_label, filters, options, qs) => {
		expect(read(filters, options)).toEqual(qs);
	});

	test.each<[string, IDataObject, IDataObject, string]>([
		['Date From after Date To', { dateFrom: '2026-11-21', dateTo: '2026-11-20' }, {}, '21.11.2026 is after Date To 20.11.2026'],
		['a day that does not exist', { dateTo: '31.02.2026' }, {}, 'Date To'],
		['a region name', { region: 'Russia' }, {}, 'must be a region code of two letters'],
		['an unknown order', {}, { orderBy: 'price' }, 'Order By'],
		['an ID with letters', { typeId: '2b' }, {}, 'Coupon Type ID'],
	])('refused: %s', (_label, filters, options, says) => {
		let error: { message?: string; description?: string } = {};
		try {
			read(filters, options);
		} catch (thrown) {
			error = thrown as typeof error;
		}
		expect(`${error.message} ${error.description}`).toContain(says);
	});
});
