// Periods a user cannot mean never size a loop of requests. The Click Report reads a period in
// windows of 120 days, a request or more each: a Date To after tomorrow (UTC) is cut to tomorrow,
// saying so in n8n's log; a Date From after tomorrow, or before 2000-01-01, is refused naming it.
// The Click Report Trigger's reach back is at most a year. The partner lists' dates are a filter
// of one read, whatever they are. Through n8n-core against the sandbox over real HTTP.
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';
import { ClickReportTrigger } from '../../nodes/ClickReportTrigger/ClickReportTrigger.node';
import { addDays, toIsoDate } from '../../nodes/shared/dates';
import { todayUtc } from '../../nodes/shared/clickReport/periods';
import { expectRefused, keepNodeLog, useNodes } from './fixture';

const { run } = useNodes();

const daysFromToday = (days: number) => toIsoDate(addDays(todayUtc(), days));
const report = (filters: Record<string, unknown>, rest: Record<string, unknown> = { limit: 10 }) =>
	run('clickReport', { operation: 'getMany', ...rest, filters });

describe('Click Report: a Date To after tomorrow (UTC) is cut to tomorrow, with a line in the log', () => {
	let log: ReturnType<typeof keepNodeLog>;
	beforeEach(() => {
		log = keepNodeLog();
	});
	afterEach(() => log.restore());

	test.each([
		['a Limit of 10', { limit: 10 }],
		['Return All', { returnAll: true }],
	])('Date To 9999-12-31 with %s: one window, read up to tomorrow', async (_label, rest) => {
		const outcome = await report({ dateFrom: daysFromToday(-2), dateTo: '9999-12-31' }, rest);
		expect(outcome.error).toBeUndefined();
		expect(outcome.items.length).toBeGreaterThan(0);
		// The sandbox holds fewer than 500 items: one window, one page.
		expect(outcome.requests).toHaveLength(1);
		const tomorrow = daysFromToday(1);
		expect(outcome.requests[0].query).toMatchObject({ dateFrom: [daysFromToday(-2)], dateTo: [tomorrow] });
		expect(log.lines).toContain(
			`info: Click Report: Date To 9999-12-31 is after tomorrow (UTC), and no later day has clicks; the report is read up to ${tomorrow}`,
		);
		// Uncut, this period is some 24,000 windows: fail in seconds rather than read for hours.
	}, 15_000);

	test('a Date To of tomorrow is read as given, and nothing is logged about it', async () => {
		const outcome = await report({ dateFrom: daysFromToday(0), dateTo: daysFromToday(1) });
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests[0].query.dateTo).toEqual([daysFromToday(1)]);
		expect(log.lines.filter((line) => line.includes('Date To'))).toEqual([]);
	});
});

describe('Click Report: a period nobody means is refused naming Date From, before any request', () => {
	test('wholly in the future: from the day after tomorrow', async () => {
		const outcome = await report({ dateFrom: daysFromToday(2), dateTo: daysFromToday(30) });
		expectRefused(outcome, 'Date From', `${daysFromToday(2)} is in the future: the report has no clicks after ${daysFromToday(1)} (tomorrow, UTC)`);
	});

	test('from 1900-01-01: says how many requests it would take', async () => {
		const outcome = await report({ dateFrom: '1900-01-01', dateTo: '9999-12-31' });
		expectRefused(outcome, 'Date From', /^Invalid "Date From": 1900-01-01 is before 2000-01-01, earlier than any click; reading from it to \S+ would take at least \d{3},?\d* requests \(one per 120 days\)$/);
	});

	test('from 1999-12-31', async () => {
		expectRefused(await report({ dateFrom: '1999-12-31', dateTo: '2000-01-31' }), 'Date From', 'would take at least 1 request (one per 120 days)');
	});

	test('from 2000-01-01 is read', async () => {
		const outcome = await report({ dateFrom: '2000-01-01', dateTo: '2000-01-31' });
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests.map((request) => request.query.dateFrom)).toEqual([['2000-01-01']]);
	});
});

describe('Click Report Trigger: the lookback and the existing items reach back at most a year', () => {
	test.each([
		{ option: 'lookbackMinutes', field: 'Lookback Minutes', value: 525_601, rule: 'must be from 1 to 525600 (a year), got 525601' },
		{ option: 'lookbackMinutes', field: 'Lookback Minutes', value: 1e12, rule: 'must be from 1 to 525600 (a year), got 1000000000000' },
		{ option: 'emitExistingHours', field: 'Emit Existing Hours', value: 8_761, rule: 'must be from 0 to 8760 (a year), got 8761' },
		{ option: 'emitExistingHours', field: 'Emit Existing Hours', value: 1e12, rule: 'must be from 0 to 8760 (a year), got 1000000000000' },
	])('$option of $value is refused before any request', async ({ option, field, value, rule }) => {
		expectRefused(await run('clickReportTrigger', { options: { [option]: value } }), field, rule);
	});

	test.each([
		['lookbackMinutes', 525_600],
		['emitExistingHours', 8_760],
	])('%s of a year polls', async (option, value) => {
		const outcome = await run('clickReportTrigger', { options: { [option]: value } });
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests.length).toBeGreaterThan(0);
	});
});

describe('both triggers: the panel shows the bounds the poll enforces', () => {
	const numberOptions = (nodeType: INodeType) =>
		(nodeType.description.properties.find((property) => property.name === 'options')?.options as INodeProperties[]).filter((option) => option.type === 'number');
	const bounded = [
		...numberOptions(new ClickReportTrigger()).map((option) => ({ node: 'clickReportTrigger' as const, option })),
		...numberOptions(new AffiliatePartnerTrigger()).map((option) => ({ node: 'affiliatePartnerTrigger' as const, option })),
	];

	test('every number option of the triggers is bounded on the panel', () => {
		expect(bounded.map(({ option }) => option.name).sort()).toEqual(['emitExistingHours', 'lateUpdateMinutes', 'lateUpdateMinutes', 'lookbackMinutes', 'watchDays', 'watchDays']);
		for (const { option } of bounded) expect(option.typeOptions).toEqual({ minValue: expect.any(Number), maxValue: expect.any(Number) });
	});

	test.each(bounded.map(({ node, option }) => [option.displayName, node, option] as const))(
		'%s: one above the panel\'s maximum is refused with the panel\'s range',
		async (_label, node, option) => {
			const { minValue, maxValue } = option.typeOptions as { minValue: number; maxValue: number };
			const parameters = node === 'affiliatePartnerTrigger' ? { events: ['lostOrderCreated'] } : {};
			// The newest version, whose panel shows every option.
			const newest = (node === 'affiliatePartnerTrigger' ? new AffiliatePartnerTrigger() : new ClickReportTrigger()).description.defaultVersion;
			const outcome = await run(node, { ...parameters, options: { [option.name]: maxValue + 1 } }, undefined, newest);
			expectRefused(outcome, option.displayName, new RegExp(` from ${minValue} to ${maxValue}\\b.*, got ${maxValue + 1}$`));
		},
	);
});

describe('the partner lists: Date From and Date To filter one read, whatever they are', () => {
	test.each(['lostOrder', 'appeal'])('%s Get Many from 1000-01-01 to 9999-12-31 is one request', async (resource) => {
		const outcome = await run('affiliatePartner', {
			resource,
			operation: 'getMany',
			limit: 10,
			filters: { startDate: '1000-01-01', endDate: '9999-12-31' },
		});
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests).toHaveLength(1);
		expect(outcome.requests[0].query).toMatchObject({ start_date: ['01.01.1000'], end_date: ['31.12.9999'] });
	});
});

describe('Click Report: every refused field is named in one run, each on its own line', () => {
	test('an ad space ID that is no UUID, a merchant ID with letters and a Date From alone', async () => {
		const outcome = await report({ adSpaceId: 'platform-7', merchantId: '12a', dateFrom: daysFromToday(-1) });
		expectRefused(outcome, 'Ad Space ID', /\(and 2 more: see below\)$/);
		const fields = String((outcome.error as { description?: string } | undefined)?.description)
			.split('\n')
			.map((line) => line.match(/^Invalid "([^"]+)"/)?.[1]);
		expect(fields).toEqual(['Ad Space ID', 'Merchant ID', 'Date To']);
	});
});
