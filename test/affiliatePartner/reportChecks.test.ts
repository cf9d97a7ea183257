/** Report → Get, what is refused: bad answers as errors naming the request, never data; bad input before any request; a missing scope named. */
import type { INodeParameters } from 'n8n-workflow';

import type { FaultSpec } from '../../sandbox/server';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'report', operation: 'get' });
const run = partner.run;

const iso = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const PERIOD = { dateFrom: iso(60), dateTo: iso(0) };

/** Runs with every answer of the path broken by `fault`: the run fails naming the request, with nothing output. */
async function refusedAnswer(path: string, fault: Partial<FaultSpec>, parameters: INodeParameters, says: string) {
	partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: path, ...fault } as FaultSpec);
	const result = await run({ ...PERIOD, returnAll: true, ...parameters });
	expect(result.items).toHaveLength(0);
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.message).toContain(`GET ${path}`);
	expect(result.error?.message).toContain(says);
}

describe('Report → Get: bad answers are errors naming the request, never data', () => {
	test('an HTML page with status 200', async () => {
		await refusedAnswer('/statistics/dates/', { body: 'html' }, { groupBy: 'day' }, 'GET /statistics/dates/');
	});

	test('a cut-off body', async () => {
		await refusedAnswer('/statistics/websites/', { body: 'truncated' }, { groupBy: 'adSpace' }, 'GET /statistics/websites/');
	});

	test('a row without its grouped field', async () => {
		await refusedAnswer('/statistics/dates/', { body: 'set', key: 'results.0', value: { clicks: 3, currency: 'USD' } }, { groupBy: 'day' }, 'results[0] is not an object with "date" and "currency"');
	});

	test('a sub ID 2 report keyed by another field than subid2: the field is named', async () => {
		await refusedAnswer('/statistics/sub_ids2/', { body: 'set', key: 'results.0', value: { subid: 'x', clicks: 3, currency: 'USD' } }, { groupBy: 'subId2' }, '"subid2"');
	});

	test('a count that is not a whole number', async () => {
		await refusedAnswer('/statistics/campaigns/', { body: 'set', key: '_meta.count', value: 1.5 }, { groupBy: 'program' }, '"_meta.count" is 1.5, not a whole number');
	});

	test('a row of a day outside the period asked for: the filter was ignored', async () => {
		await refusedAnswer('/statistics/dates/', { body: 'set', key: 'results.0.date', value: '2001-01-01' }, { groupBy: 'day' }, 'results[0] is of "2001-01-01", before the Date From');
	});

	test('a month in another form than YYYY-MM', async () => {
		await refusedAnswer('/statistics/months/', { body: 'set', key: 'results.0.date', value: 'March' }, { groupBy: 'month' }, 'results[0] has "date" "March", not a month (YYYY-MM)');
	});

	test('a row of an ad space that the filter did not ask for', async () => {
		await refusedAnswer(
			'/statistics/websites/',
			{ body: 'set', key: 'results.0.website_id', value: '999999' },
			{ groupBy: 'adSpace', filters: { adSpaceIds: ['1021', '1022'] } },
			'results[0] is about website_id "999999", not one the filter Ad Space Names or IDs asked for (1021, 1022)',
		);
	});

	test('a row without a currency', async () => {
		await refusedAnswer('/statistics/sources/', { body: 'set', key: 'results.0.currency', value: '' }, { groupBy: 'trafficSource' }, 'results[0] has "currency" "", not a currency code');
	});

	test('totals with an entry that is not an object', async () => {
		await refusedAnswer('/statistics/keywords/', { body: 'set', key: '0', value: 'USD' }, { groupBy: 'keyword', totalsOnly: true }, 'not with the totals of a report by keyword: the array[0] is not an object');
	});
});

describe('Report → Get: bad input', () => {
	test('every invalid field is named at once, and nothing is sent', async () => {
		const result = await run({
			groupBy: 'day',
			dateFrom: 'yesterday',
			dateTo: '31.02.2026',
			returnAll: false,
			limit: 0,
			filters: { adSpaceIds: ['12a'], programIds: '7, x', subId: 'x'.repeat(251) },
		});
		expect(result.error?.name).toBe('NodeOperationError');
		const said = `${result.error?.message}\n${result.error?.description}`;
		for (const field of ['Date From', 'Date To', 'Limit', 'Ad Space Names or IDs', 'Program Names or IDs', 'Sub ID']) expect(said).toContain(field);
		expect(said).not.toContain('x'.repeat(251));
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('Date From after Date To is refused', async () => {
		const result = await run({ groupBy: 'month', dateFrom: '2026-03-02', dateTo: '01.03.2026', returnAll: true });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toContain('Date From');
		expect(result.error?.message).toContain('02.03.2026 is after Date To 01.03.2026');
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('a grouping or an order from an expression that the report does not have', async () => {
		const result = await run({ groupBy: '={{ "week" }}', ...PERIOD, returnAll: true });
		expect(result.error?.message).toContain('Group By');
		const order = await run({ groupBy: 'day', orderBy: '={{ "website_name" }}', ...PERIOD, returnAll: true });
		expect(order.error?.message).toContain('Order By');
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('a Group By with spaces or a Totals Only as text is refused: n8n would hide the fields that depend on them', async () => {
		const padded = await run({ groupBy: ' day ', ...PERIOD, returnAll: true, filters: { subId: 'newsletter' } });
		expect(padded.error?.message).toContain('Group By');
		expect(padded.error?.message).toContain('has spaces around it');
		const text = await run({ groupBy: 'day', ...PERIOD, totalsOnly: 'false', returnAll: false, limit: 3, orderBy: 'clicks' });
		expect(text.error?.message).toContain('Totals Only');
		expect(text.error?.message).toContain('n8n shows Return All, Limit and Order By only for the boolean false');
		expect(partner.sandbox.requests).toHaveLength(0);
	});
});

test('a token without the statistics scope: the error names the scope to add', async () => {
	const result = await run({ groupBy: 'day', ...PERIOD, returnAll: true }, { credentials: partner.credentialWith(partner.sandbox.tokens.noStatistics) });
	expect(result.error?.message).toContain('"statistics"');
});
