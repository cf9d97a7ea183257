// No control character (C0, U+0000 to U+001F, and DEL) in any text that goes into a path or a query
// string: in every operation of both nodes and in both triggers' polls, a value holding one is
// refused naming the field, before any request. The same value without it is sent, so the refusal
// is the character's. Texts that go into a create's form body: a comment keeps its line breaks.
// Through n8n-core against the sandbox over real HTTP. No load-options method reads a parameter.
import type { IDataObject } from 'n8n-workflow';

import type { NodeName } from './fixture';
import { appealCreate, clickPeriod, exchangeRate, expectRefused, lostOrderCreate, partner, useNodes, withParameter } from './fixture';

const { run } = useNodes();

type Kind = 'text' | 'list';

interface Row {
	node: NodeName;
	base: IDataObject;
	parameter: string;
	field: string;
	/** A value the field takes; the control character goes into its middle. */
	valid: string;
	kind?: Kind;
}

const claimFilters = (base: IDataObject, withAppealStatus: boolean): Array<Omit<Row, 'node'>> => [
	{ base, parameter: 'filters.appealId', field: 'Appeal ID', valid: 'AP-1' },
	{ base, parameter: 'filters.programId', field: 'Program ID', valid: '6115' },
	{ base, parameter: 'filters.adSpaceId', field: 'Ad Space ID', valid: '1021' },
	{ base, parameter: 'filters.status', field: 'Status', valid: 'processing' },
	...(withAppealStatus ? [{ base, parameter: 'filters.appealStatus', field: 'Appeal Status', valid: 'resolved' }] : []),
	{ base, parameter: 'filters.startDate', field: 'Date From', valid: '2026-01-01' },
	{ base, parameter: 'filters.endDate', field: 'Date To', valid: '2026-12-31' },
];
const inPartner = (rows: Array<Omit<Row, 'node'>>): Row[] => rows.map((row) => ({ node: 'affiliatePartner', ...row }));

// prettier-ignore
const ROWS: Row[] = [
	...inPartner(claimFilters(partner('lostOrder', 'getMany'), true)),
	...inPartner(claimFilters(partner('appeal', 'getMany'), false)),
	...inPartner([
		{ base: partner('lostOrder', 'get'), parameter: 'lostOrderId', field: 'Lost Order ID', valid: '200001' },
		{ base: partner('appeal', 'get'), parameter: 'appealClaimId', field: 'Appeal Claim ID', valid: '300001' },
		{ base: partner('lostOrder', 'getOrderStatus', { orderIds: '1' }), parameter: 'programId', field: 'Program ID', valid: '6115' },
		{ base: partner('lostOrder', 'getOrderStatus', { programId: '6115' }), parameter: 'orderIds', field: 'Order IDs', valid: 'ORD-1', kind: 'list' },
		{ base: partner('category', 'get'), parameter: 'categoryId', field: 'Category ID', valid: '44' },
		{ base: partner('category', 'get', { categoryId: '4' }), parameter: 'options.language', field: 'Language Name or ID', valid: 'de' },
		{ base: partner('category', 'getMany'), parameter: 'filters.programIds', field: 'Program IDs', valid: '6115', kind: 'list' },
		{ base: partner('category', 'getMany'), parameter: 'options.language', field: 'Language Name or ID', valid: 'de' },
		{ base: partner('category', 'getMany'), parameter: 'options.orderBy', field: 'Order By', valid: '-name' },
		{ base: partner('category', 'getManyForProgram'), parameter: 'programId', field: 'Program ID', valid: '6115' },
		{ base: partner('category', 'getManyForProgram', { programId: '6115' }), parameter: 'options.language', field: 'Language Name or ID', valid: 'de' },
		{ base: partner('category', 'getManyForProgram', { programId: '6115' }), parameter: 'options.orderBy', field: 'Order By', valid: 'name' },
		{ base: exchangeRate, parameter: 'baseCurrency', field: 'Base Currency Name or ID', valid: 'USD' },
		{ base: exchangeRate, parameter: 'targetCurrency', field: 'Target Currency Name or ID', valid: 'EUR' },
		{ base: exchangeRate, parameter: 'date', field: 'Date', valid: '2026-03-01' },
		{ base: partner('landingPage', 'getMany'), parameter: 'programId', field: 'Program ID', valid: '6115' },
		{ base: partner('landingPage', 'getMany', { programId: '6115' }), parameter: 'adSpaceId', field: 'Ad Space ID', valid: '1021' },
		{ base: partner('language', 'get'), parameter: 'languageCode', field: 'Language Name or ID', valid: 'en' },
	]),
	{ node: 'clickReport', base: { operation: 'getMany' }, parameter: 'filters.adSpaceId', field: 'Ad Space ID', valid: '6f1c2e0a-3b4d-4c5e-8f90-a1b2c3d4e5f6' },
	{ node: 'clickReport', base: { operation: 'getMany' }, parameter: 'filters.merchantId', field: 'Merchant ID', valid: '1234' },
	{ node: 'clickReport', base: { operation: 'getMany' }, parameter: 'filters.subId', field: 'Sub ID', valid: 'newsletter' },
	{ node: 'clickReport', base: { operation: 'getMany', ...clickPeriod }, parameter: 'filters.dateFrom', field: 'Date From', valid: '2026-03-01' },
	{ node: 'clickReport', base: { operation: 'getMany', ...clickPeriod }, parameter: 'filters.dateTo', field: 'Date To', valid: '2026-03-01' },
	{ node: 'clickReport', base: { operation: 'getMany', ...clickPeriod }, parameter: 'filters.updatedAtFrom', field: 'Updated At From', valid: '2026-03-01T00:00:00Z' },
	{ node: 'clickReport', base: { operation: 'getMany', ...clickPeriod }, parameter: 'filters.updatedAtTo', field: 'Updated At To', valid: '2026-03-02T00:00:00Z' },
	{ node: 'clickReportTrigger', base: {}, parameter: 'filters.adSpaceId', field: 'Ad Space ID', valid: '6f1c2e0a-3b4d-4c5e-8f90-a1b2c3d4e5f6' },
	{ node: 'clickReportTrigger', base: {}, parameter: 'filters.merchantId', field: 'Merchant ID', valid: '1234' },
	{ node: 'clickReportTrigger', base: {}, parameter: 'filters.subId', field: 'Sub ID', valid: 'newsletter' },
	{ node: 'affiliatePartnerTrigger', base: { events: ['lostOrderCreated'] }, parameter: 'filters.programId', field: 'Program ID', valid: '6115' },
	{ node: 'affiliatePartnerTrigger', base: { events: ['lostOrderCreated'] }, parameter: 'filters.adSpaceId', field: 'Ad Space ID', valid: '1021' },
];

/** The control characters tried: NUL, line feed, carriage return, tab, the last C0 (US) and DEL. */
const CONTROLS: Array<[string, string]> = [
	['NUL', '\u0000'],
	['LF', '\n'],
	['CR', '\r'],
	['TAB', '\t'],
	['US', '\u001f'],
	['DEL', '\u007f'],
];
/** In a list, line breaks separate entries: they are no part of one. */
const LINE_BREAKS = new Set(['LF', 'CR']);

const middle = (text: string, inserted: string) => {
	const at = Math.max(1, Math.floor(text.length / 2));
	return `${text.slice(0, at)}${inserted}${text.slice(at)}`;
};

const cases = ROWS.flatMap((row) =>
	CONTROLS.filter(([name]) => row.kind !== 'list' || !LINE_BREAKS.has(name)).map(([name, character]) => ({
		...row,
		label: `${row.node} ${String(row.base.resource ?? '')} ${String(row.base.operation ?? 'poll')}, ${row.parameter}`,
		name,
		value: middle(row.valid, character),
	})),
);

describe('a control character in a text sent in a path or a query is refused, naming the field, before any request', () => {
	test.each(cases)('$label: $name', async ({ node, base, parameter, field, value }) => {
		expectRefused(await run(node, withParameter(base, parameter, value)), field);
	});

	test.each(ROWS.map((row) => ({ ...row, label: `${row.node} ${String(row.base.operation ?? 'poll')}, ${row.parameter}` })))(
		'$label: the same value without it is sent',
		async ({ node, base, parameter, valid }) => {
			const outcome = await run(node, withParameter(base, parameter, valid));
			// The service may refuse or not know it; what matters is that it was sent.
			expect(outcome.error?.name).not.toBe('NodeOperationError');
			expect(outcome.requests.length).toBeGreaterThan(0);
		},
	);
});

describe('the refusal says which character and where, visibly', () => {
	test('the Sub ID of the Click Report with a NUL', async () => {
		const outcome = await run('clickReport', { operation: 'getMany', filters: { subId: 'ab\u0000c' } });
		expectRefused(outcome, 'Sub ID', 'must not hold control characters such as line breaks, tabs or NUL; found U+0000 (\\u0000) at character 3 of "ab\\u0000c"');
		expect(outcome.error?.message).not.toContain('\u0000');
	});

	test('an appeal ID filter with a line break', async () => {
		const outcome = await run('affiliatePartner', { resource: 'appeal', operation: 'getMany', filters: { appealId: 'AP\n1' } });
		expectRefused(outcome, 'Appeal ID', 'found U+000A (\\n) at character 3 of "AP\\n1"');
	});
});

describe('lists and form bodies', () => {
	const orderStatus = { resource: 'lostOrder', operation: 'getOrderStatus', programId: '6115' };

	test('line breaks still separate order IDs; spaces and line breaks around an entry are trimmed', async () => {
		const outcome = await run('affiliatePartner', { ...orderStatus, orderIds: ' ORD-1 \r\nORD-2\n' });
		expect(outcome.requests.map((request) => request.query.order_id)).toEqual([['ORD-1', 'ORD-2']]);
	});

	test('a NUL in an order ID given in an array from an expression is refused', async () => {
		expectRefused(await run('affiliatePartner', { ...orderStatus, orderIds: '={{ ["ORD-1", "ORD\\u0000-2"] }}' }), 'Order IDs', /U\+0000/);
	});

	test.each([
		{ kind: 'lost order', base: lostOrderCreate },
		{ kind: 'appeal', base: appealCreate },
	])('$kind create: a comment keeps its line breaks and tabs, sent in the form', async ({ base }) => {
		const comment = 'Bought on 14 March.\r\nReceipt attached:\n\t- order ORD-1';
		const outcome = await run('affiliatePartner', { ...base, additionalFields: { comment } });
		expect(outcome.requests).toHaveLength(1);
		// A multipart body carries every line break as CRLF.
		expect(outcome.requests[0].multipart?.fields.comment).toBe(comment.replace(/\r?\n/g, '\r\n'));
	});

	test.each([
		{ kind: 'lost order', base: lostOrderCreate, parameter: 'additionalFields.comment', field: 'Comment', what: 'NUL', value: 'Bought\u0000 on 14 March' },
		{ kind: 'appeal', base: appealCreate, parameter: 'additionalFields.comment', field: 'Comment', what: 'DEL', value: 'Bought\u007f on 14 March' },
		{ kind: 'lost order', base: lostOrderCreate, parameter: 'orderId', field: 'Order ID', what: 'LF', value: 'ORD\n1' },
		{ kind: 'appeal', base: appealCreate, parameter: 'orderId', field: 'Order ID', what: 'NUL', value: 'ORD\u00001' },
		{ kind: 'lost order', base: lostOrderCreate, parameter: 'additionalFields.appealId', field: 'Appeal ID', what: 'CR', value: 'AP\r1' },
		{ kind: 'appeal', base: appealCreate, parameter: 'additionalFields.appealId', field: 'Appeal ID', what: 'TAB', value: 'AP\t1' },
	])('$kind create: $field with a $what is refused; nothing is created', async ({ base, parameter, field, value }) => {
		expectRefused(await run('affiliatePartner', withParameter(base, parameter, value)), field, /control character/);
	});
});
