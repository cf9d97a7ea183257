/** Report → Get through real n8n-core against the sandbox: each grouping's path and filters, every row once, totals, answers held to what was asked. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { loadOptions } from '../harness/loadOptions';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'report', operation: 'get' });
const run = partner.run;

async function rows(parameters: INodeParameters) {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

/** A UTC day `days` ago, as the panel takes it (YYYY-MM-DD) and as the service takes it (DD.MM.YYYY). */
function daysAgo(days: number) {
	const iso = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
	return { iso, dotted: iso.split('-').reverse().join('.') };
}
const FROM = daysAgo(60);
const TO = daysAgo(0);
const PERIOD = { dateFrom: FROM.iso, dateTo: TO.dotted };

/** Each grouping with the path and the grouped field the service's record gives it (published-api-facts.md, section 2). */
const GROUPS: Array<[string, string, string]> = [
	['day', '/statistics/dates/', 'date'],
	['month', '/statistics/months/', 'date'],
	['adSpace', '/statistics/websites/', 'website_id'],
	['program', '/statistics/campaigns/', 'advcampaign_id'],
	['subId', '/statistics/sub_ids/', 'subid'],
	['subId1', '/statistics/sub_ids1/', 'subid1'],
	['subId2', '/statistics/sub_ids2/', 'subid2'],
	['subId3', '/statistics/sub_ids3/', 'subid3'],
	['subId4', '/statistics/sub_ids4/', 'subid4'],
	['trafficSource', '/statistics/sources/', 'source'],
	['keyword', '/statistics/keywords/', 'keyword'],
];

/** The report as the service gives it in one page, with the sandbox's own token. */
async function direct(path: string, query: Array<[string, string]> = []) {
	const period: Array<[string, string]> = [['date_start', FROM.dotted], ['date_end', TO.dotted]];
	return (await partner.client.partner<{ results: IDataObject[] }>(path, [...period, ...query, ['limit', '500'], ['offset', '0']])).results;
}

const sentTo = (path: string) => partner.sandbox.requests.filter((request) => request.path === path).map((request) => new URLSearchParams(request.rawQuery));

describe('Report → Get', () => {
	test.each(GROUPS)('Group By %s reads %s: every row as the service sends it, the period as DD.MM.YYYY', async (groupBy, path, field) => {
		const expected = await direct(path);
		expect(expected.length).toBeGreaterThan(0);
		partner.sandbox.resetRequests();
		const read = await rows({ groupBy, ...PERIOD, returnAll: true });
		expect(read).toEqual(expected);
		expect(read.every((row) => field in row && typeof row.currency === 'string')).toBe(true);
		const [sent] = sentTo(path);
		expect(partner.sandbox.requests).toHaveLength(1);
		expect(Object.fromEntries(sent)).toEqual({ date_start: FROM.dotted, date_end: TO.dotted, limit: '500', offset: '0' });
	});

	test('the ad space ID stays a string, as the service sends it; the program ID a number', async () => {
		const [website] = await rows({ groupBy: 'adSpace', ...PERIOD, returnAll: false, limit: 1 });
		expect(typeof website.website_id).toBe('string');
		const [program] = await rows({ groupBy: 'program', ...PERIOD, returnAll: false, limit: 1 });
		expect(typeof program.advcampaign_id).toBe('number');
	});

	test('the filters go as the service takes them: IDs repeated, sub IDs, the source, order by with "-" for descending', async () => {
		const websites = (await direct('/statistics/websites/')).map((row) => String(row.website_id));
		const programs = (await direct('/statistics/campaigns/')).map((row) => String(row.advcampaign_id));
		const subIds = (await direct('/statistics/sub_ids/')).map((row) => String(row.subid)).filter(Boolean);
		partner.sandbox.resetRequests();
		const byDay = await rows({
			groupBy: 'day',
			...PERIOD,
			returnAll: true,
			filters: { adSpaceIds: websites.slice(0, 2), programIds: `${programs[0]}, ${programs[1]}`, subId: subIds[0] },
			orderBy: 'clicks',
			orderDirection: 'descending',
		});
		const [day] = sentTo('/statistics/dates/');
		expect(day.getAll('website')).toEqual(websites.slice(0, 2));
		expect(day.getAll('campaign')).toEqual(programs.slice(0, 2));
		expect(day.get('subid')).toBe(subIds[0]);
		expect(day.get('order_by')).toBe('-clicks');
		expect(byDay).toEqual(
			await direct('/statistics/dates/', [
				['website', websites[0]],
				['website', websites[1]],
				['campaign', programs[0]],
				['campaign', programs[1]],
				['subid', subIds[0]],
				['order_by', '-clicks'],
			]),
		);
		const clicks = byDay.map((row) => row.clicks as number);
		expect(clicks).toEqual([...clicks].sort((a, b) => b - a));

		partner.sandbox.resetRequests();
		await rows({ groupBy: 'subId2', ...PERIOD, returnAll: true, filters: { subId: 'a', subId1: 'b', subId2: 'c', subId3: 'd', subId4: 'e' }, orderBy: 'subid2', orderDirection: 'ascending' });
		const [sub] = sentTo('/statistics/sub_ids2/');
		expect([sub.get('subid'), sub.get('subid1'), sub.get('subid2'), sub.get('subid3'), sub.get('subid4'), sub.get('order_by')]).toEqual(['a', 'b', 'c', 'd', 'e', 'subid2']);

		partner.sandbox.resetRequests();
		const keywords = await rows({ groupBy: 'keyword', ...PERIOD, returnAll: true, filters: { source: 'y' } });
		expect(sentTo('/statistics/keywords/')[0].get('source')).toBe('y');
		expect(keywords).toEqual(await direct('/statistics/keywords/', [['source', 'y']]));
	});

	test('a filter the grouping does not take is hidden, and n8n drops its value with it: nothing unseen is sent', async () => {
		const read = await rows({ groupBy: 'trafficSource', ...PERIOD, returnAll: true, filters: { subId: 'a', subId2: 'b', source: 'g' } });
		expect(Object.fromEntries(sentTo('/statistics/sources/')[0])).toEqual({ date_start: FROM.dotted, date_end: TO.dotted, limit: '500', offset: '0' });
		expect(read).toEqual(await direct('/statistics/sources/'));
	});

	test('Return All over several pages gives every row once', async () => {
		const expected = await direct('/statistics/dates/');
		expect(expected.length).toBeGreaterThan(20);
		partner.sandbox.configure({ partnerLimitCap: 7 });
		partner.sandbox.resetRequests();
		const read = await rows({ groupBy: 'day', ...PERIOD, returnAll: true });
		expect(sentTo('/statistics/dates/').length).toBeGreaterThan(3);
		expect(read).toEqual(expected);
		expect(new Set(read.map((row) => `${String(row.date)} ${String(row.currency)}`)).size).toBe(read.length);
	});

	test('a Limit returns exactly that many rows', async () => {
		expect(await rows({ groupBy: 'program', ...PERIOD, returnAll: false, limit: 3 })).toHaveLength(3);
	});

	test('Totals Only sends total=1 and outputs the bare array of totals, one row per currency', async () => {
		const expected = await partner.client.partner<IDataObject[]>('/statistics/campaigns/', { date_start: FROM.dotted, date_end: TO.dotted, total: '1' });
		expect(Array.isArray(expected)).toBe(true);
		partner.sandbox.resetRequests();
		const read = await rows({ groupBy: 'program', ...PERIOD, totalsOnly: true });
		expect(read).toEqual(expected);
		expect(new Set(read.map((row) => row.currency)).size).toBe(read.length);
		expect(Object.fromEntries(sentTo('/statistics/campaigns/')[0])).toEqual({ date_start: FROM.dotted, date_end: TO.dotted, total: '1' });
	});

	test('the dropdown of programs lists the programs of the last year, by name', async () => {
		const options = await loadOptions('affiliatePartner', 'getPrograms', { resource: 'report', operation: 'get' }, partner.credentials);
		expect(options.length).toBeGreaterThan(0);
		expect(options.every((option) => /^\d+$/.test(String(option.value)) && option.name.endsWith(`(${String(option.value)})`))).toBe(true);
		expect(sentTo('/statistics/campaigns/')).toHaveLength(1);
	});
});
