// Dates as the panel's text promises. n8n's date picker (fixed mode) drops a day typed as
// DD.MM.YYYY or YYYY-MM-DD and rolls 2026-02-31 over to 3 March before a node sees it; from
// Affiliate Partner 1.2 and Click Report 1.1 a date is text the node reads: both forms accepted,
// an impossible day refused naming the field, before any request. Older versions keep the picker.
// Through n8n-core's WorkflowExecute against the sandbox over real HTTP.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { clickCredential, partnerCredential } from '../foundation/helpers';
import { runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

const sandbox = useSandbox({ clickItems: 40, clickDays: 3 }, { latencyMs: 0 });

async function run(type: 'affiliatePartner' | 'clickReport', typeVersion: number, parameters: IDataObject) {
	const credentials = type === 'affiliatePartner' ? partnerCredential(sandbox()) : clickCredential(sandbox());
	const result = await runNode({ type, typeVersion, parameters: parameters as never, credentials });
	return { ...result, requests: [...sandbox().requests] };
}

/** Every date parameter of a node, with the versions it shows for, its type and its placeholder. */
function dateParameters(properties: INodeProperties[], prefix = ''): string[] {
	const found: string[] = [];
	for (const property of properties) {
		const versions = JSON.stringify(property.displayOptions?.show?.['@version'] ?? 'all');
		if (property.type === 'collection') {
			const children = dateParameters((property.options ?? []) as INodeProperties[], `${property.name}.`);
			found.push(...children.map((child) => `${child} ${versions}`));
		} else if (/date|updatedAt|createdAt/i.test(property.name) && property.type !== 'options') {
			found.push(`${prefix}${property.name}: ${property.type}${property.placeholder ? ` (${property.placeholder})` : ''}${prefix ? '' : ` ${versions}`}`);
		}
	}
	return [...new Set(found)].sort();
}

const lostOrderCreate = (orderDate: string): IDataObject => ({
	resource: 'lostOrder',
	operation: 'create',
	programId: '6115',
	adSpaceId: '1021',
	orderId: 'ORD-DATES',
	orderDate,
	orderPrice: 10,
	receiptBinaryProperty: '',
});

describe('which versions show a picker and which take text', () => {
	test('Affiliate Partner: the picker before 1.2, text from 1.2 (1.3, the default for new nodes, too)', () => {
		const { description } = new AffiliatePartner();
		expect(description.defaultVersion).toBe(1.3);
		const lt = JSON.stringify([{ _cnd: { lt: 1.2 } }]);
		const gte = JSON.stringify([{ _cnd: { gte: 1.2 } }]);
		// The claim filters' collection once more from 1.3, where its program and ad space are dropdowns.
		const from13 = JSON.stringify([{ _cnd: { gte: 1.3 } }]);
		expect(dateParameters(description.properties)).toEqual(
			[
				`date: dateTime ${lt}`,
				`date: string (e.g. 2026-11-20) ${gte}`,
				`filters.endDate: dateTime ${lt}`,
				`filters.endDate: string (e.g. 2026-11-20) ${gte}`,
				`filters.endDate: string (e.g. 2026-11-20) ${from13}`,
				`filters.startDate: dateTime ${lt}`,
				`filters.startDate: string (e.g. 2026-11-20) ${gte}`,
				`filters.startDate: string (e.g. 2026-11-20) ${from13}`,
				`orderDate: dateTime ${lt}`,
				`orderDate: string (e.g. 2026-11-20) ${gte}`,
				// Action, Report and Coupon are new: text in every version.
				...['dateFrom', 'dateTo', 'filters.actionDateFrom', 'filters.actionDateTo', 'filters.closingDateFrom', 'filters.closingDateTo', 'filters.dateFrom', 'filters.dateTo'].map(
					(name) => `${name}: string (e.g. 2026-11-20) "all"`,
				),
				'filters.statusUpdatedFrom: string (e.g. 2026-11-20 08:00:00) "all"',
				'filters.statusUpdatedTo: string (e.g. 2026-11-20 23:59:59) "all"',
			].sort(),
		);
	});

	test('Click Report: the picker in 1, text from 1.1; the actions and coupons, which 1.2 (the default for new nodes) adds, take text', () => {
		const { description } = new ClickReport();
		expect(description.defaultVersion).toBe(1.2);
		const lt = JSON.stringify([{ _cnd: { lt: 1.1 } }]);
		const gte = JSON.stringify([{ _cnd: { gte: 1.1 } }]);
		expect(dateParameters(description.properties)).toEqual(
			[
				...['dateFrom', 'dateTo'].flatMap((name) => [`filters.${name}: dateTime ${lt}`, `filters.${name}: string (e.g. 2026-11-20) ${gte}`]),
				...['updatedAtFrom', 'updatedAtTo'].flatMap((name) => [`filters.${name}: dateTime ${lt}`, `filters.${name}: string (e.g. 2026-11-20T08:00:00Z) ${gte}`]),
				// Shown for the Action, Merchant and Coupon resources only, which versions before 1.2 cannot choose.
				...['createdAtFrom', 'createdAtTo', 'endDateAfter', 'startDateBefore', 'updatedAtFrom', 'updatedAtTo'].map((name) => `filters.${name}: string (e.g. 2026-11-20T08:00:00Z) "all"`),
			].sort(),
		);
	});
});

describe('Affiliate Partner 1.2: a day typed as the description says', () => {
	test.each([
		['DD.MM.YYYY', '20.11.2026'],
		['YYYY-MM-DD', '2026-11-20'],
		['an ISO date-time', '2026-11-20T00:00:00'],
	])('%s is sent as the day it names', async (_form, typed) => {
		const result = await run('affiliatePartner', 1.2, lostOrderCreate(typed));
		expect(result.error).toBeUndefined();
		expect(result.requests.map((request) => request.multipart?.fields.order_date)).toEqual(['20.11.2026']);
	});

	test.each([
		['31.02.2026', /^Invalid "Order Date": "31\.02\.2026" is not a real date/],
		['2026-02-31 00:00:00', /^Invalid "Order Date": "2026-02-31 00:00:00" is not a real date/],
		['20/11/2026', /^Invalid "Order Date": "20\/11\/2026" is not a real date/],
	])('%s is refused naming Order Date, and nothing is sent', async (typed, message) => {
		const result = await run('affiliatePartner', 1.2, lostOrderCreate(typed));
		expect(result.error?.message).toMatch(message);
		expect(result.requests).toEqual([]);
	});

	test('the filters and the exchange rate read the same forms', async () => {
		const list = await run('affiliatePartner', 1.2, { resource: 'lostOrder', operation: 'getMany', limit: 1, filters: { startDate: '01.11.2026', endDate: '2026-11-20' } });
		expect(list.error).toBeUndefined();
		expect(list.requests[0].query).toMatchObject({ start_date: ['01.11.2026'], end_date: ['20.11.2026'] });
		const rate = await run('affiliatePartner', 1.2, { resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '29.02.2026' });
		expect(rate.error?.message).toMatch(/^Invalid "Date": "29\.02\.2026" is not a real date/);
	});

	test('version 1.1 still takes what its picker stores', async () => {
		const result = await run('affiliatePartner', 1.1, lostOrderCreate('2026-03-14T00:00:00'));
		expect(result.error).toBeUndefined();
		expect(result.requests.map((request) => request.multipart?.fields.order_date)).toEqual(['14.03.2026']);
	});
});

describe('Click Report 1.1: days and date-times typed as the description says', () => {
	const today = new Date().toISOString().slice(0, 10);
	const [year, month, day] = today.split('-');

	test('DD.MM.YYYY and YYYY-MM-DD name the same days', async () => {
		const result = await run('clickReport', 1.1, { operation: 'getMany', limit: 5, filters: { dateFrom: `${day}.${month}.${year}`, dateTo: today } });
		expect(result.error).toBeUndefined();
		expect(result.requests[0].query).toMatchObject({ dateFrom: [today], dateTo: [today] });
	});

	test.each([
		[{ dateFrom: '31.02.2026', dateTo: '2026-03-01' }, /^Invalid "Date From": "31\.02\.2026" is not a real date/],
		[{ updatedAtFrom: '2026-11-20T25:00:00Z', updatedAtTo: '2026-11-21T00:00:00Z' }, /^Invalid "Updated At From": "2026-11-20T25:00:00Z" is not a date-time/],
	])('%j is refused naming the field, and nothing is sent', async (filters, message) => {
		const result = await run('clickReport', 1.1, { operation: 'getMany', limit: 5, filters });
		expect(result.error?.message).toMatch(message);
		expect(result.requests).toEqual([]);
	});
});
