// A refusal shows what it got, cut to a readable length: the first 60 characters, an ellipsis and
// how long the value was ("… (10,000 characters)"), with control characters made visible. Every
// refusal that echoes an input, given 10,000 characters, through n8n-core against the sandbox.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeName } from './fixture';
import { appealCreate, clickPeriod, expectRefused, lostOrderCreate, partner, useNodes, withParameter } from './fixture';

const { run } = useNodes();

const LONG = 'x'.repeat(10_000);
/** The most a refusal may say: its field, its rule, and 60 characters of the value. */
const READABLE = 300;

// prettier-ignore
const ECHOES: Array<[node: NodeName, base: IDataObject, parameter: string, field: string]> = [
	['affiliatePartner', partner('lostOrder', 'getMany'), 'filters.status', 'Status'],
	['affiliatePartner', partner('lostOrder', 'getMany'), 'filters.appealStatus', 'Appeal Status'],
	['affiliatePartner', partner('appeal', 'getMany'), 'filters.status', 'Status'],
	['affiliatePartner', partner('lostOrder', 'getMany'), 'filters.programId', 'Program ID'],
	['affiliatePartner', partner('lostOrder', 'getMany'), 'filters.startDate', 'Date From'],
	['affiliatePartner', partner('lostOrder', 'getMany'), 'returnAll', 'Return All'],
	['affiliatePartner', partner('lostOrder', 'getMany'), 'options.flatten', 'Flatten Nested Fields'],
	['affiliatePartner', partner('lostOrder', 'get'), 'lostOrderId', 'Lost Order ID'],
	['affiliatePartner', { ...lostOrderCreate, receiptBinaryProperty: 'data' }, 'receiptBinaryProperty', 'Input Binary Field'],
	['affiliatePartner', { ...appealCreate, receiptBinaryProperty: 'data' }, 'receiptBinaryProperty', 'Input Binary Field'],
	['affiliatePartner', lostOrderCreate, 'orderPrice', 'Order Price'],
	['affiliatePartner', lostOrderCreate, 'orderDate', 'Order Date'],
	['affiliatePartner', partner('category', 'getMany'), 'options.language', 'Language Name or ID'],
	['affiliatePartner', partner('category', 'getMany'), 'options.orderBy', 'Order By'],
	['affiliatePartner', partner('category', 'getMany'), 'filters.programIds', 'Program IDs'],
	['affiliatePartner', partner('currency', 'getRate', { targetCurrency: 'EUR', date: '2026-03-01' }), 'baseCurrency', 'Base Currency Name or ID'],
	['affiliatePartner', partner('language', 'get'), 'languageCode', 'Language Name or ID'],
	['clickReport', { operation: 'getMany' }, 'filters.adSpaceId', 'Ad Space ID'],
	['clickReport', { operation: 'getMany' }, 'filters.merchantId', 'Merchant ID'],
	['clickReport', { operation: 'getMany', ...clickPeriod }, 'filters.dateFrom', 'Date From'],
	['clickReport', { operation: 'getMany', ...clickPeriod }, 'filters.updatedAtFrom', 'Updated At From'],
	['clickReportTrigger', {}, 'filters.adSpaceId', 'Ad Space ID'],
	['clickReportTrigger', {}, 'filters.merchantId', 'Merchant ID'],
	['affiliatePartnerTrigger', { events: ['lostOrderCreated'] }, 'options.emitExisting', 'Emit Existing'],
];

const expectCut = (message: string, length: string) => {
	expect(message.length).toBeLessThanOrEqual(READABLE);
	expect(message).toContain(`${'x'.repeat(59)}…" (${length} characters)`);
	expect(message).not.toContain('x'.repeat(60));
};

describe('a refusal of 10,000 characters echoes 60 of them and the length', () => {
	const rows = ECHOES.map(([node, base, parameter, field]) => ({
		node,
		base,
		parameter,
		field,
		label: [node, base.resource, base.operation ?? 'poll'].filter(Boolean).join(' '),
	}));

	test.each(rows)('$label, $parameter', async ({ node, base, parameter, field }) => {
		const outcome = await run(node, withParameter(base, parameter, LONG));
		expectRefused(outcome, field);
		expectCut(outcome.error!.message, '10,000');
	});

	test('Affiliate Partner Trigger: an event of 10,000 characters', async () => {
		const outcome = await run('affiliatePartnerTrigger', { events: [LONG] });
		expectRefused(outcome, 'Events');
		expectCut(outcome.error!.message, '10,000');
	});

	test('an object of 10,000 characters is shown as JSON, cut', async () => {
		const outcome = await run('affiliatePartner', { ...partner('lostOrder', 'getMany'), filters: { programId: `={{ { "a": "${LONG}" } }}` } });
		expectRefused(outcome, 'Program ID');
		expect(outcome.error!.message).toContain(`got an object ({"a":"${'x'.repeat(53)}… (10,008 characters))`);
		expect(outcome.error!.message.length).toBeLessThanOrEqual(READABLE);
	});

	test('a control character far into a long Sub ID: cut, and the character named', async () => {
		const outcome = await run('clickReport', { operation: 'getMany', filters: { subId: `${LONG}\u0000` } });
		expectRefused(outcome, 'Sub ID', 'found U+0000 (\\u0000) at character 10,001 of');
		expectCut(outcome.error!.message, '10,001');
	});

	test('an ID of 10,000 digits: its length, not its digits', async () => {
		const outcome = await run('affiliatePartner', partner('lostOrder', 'get', { lostOrderId: '9'.repeat(10_000) }));
		expectRefused(outcome, 'Lost Order ID', 'Invalid "Lost Order ID": an ID has at most 40 digits, got 10,000');
	});
});

describe('the receipt', () => {
	const binaryItem = (fileName: string, property = 'data'): INodeExecutionData[] => [
		{ json: {}, binary: { [property]: { data: Buffer.from('not a receipt').toString('base64'), mimeType: 'text/plain', fileName } } },
	];

	test('a file name of 10,000 characters', async () => {
		const outcome = await run('affiliatePartner', { ...lostOrderCreate, receiptBinaryProperty: 'data' }, binaryItem(LONG));
		expectRefused(outcome, 'Input Binary Field', 'is not a JPEG, PNG or PDF');
		expectCut(outcome.error!.message, '10,000');
	});

	test('the binary properties an item has: five of them, and how many more', async () => {
		const many: INodeExecutionData = { json: {}, binary: {} };
		for (let index = 1; index <= 12; index++) many.binary![`file${index}`] = binaryItem('a.txt')[0].binary!.data;
		const outcome = await run('affiliatePartner', { ...appealCreate, receiptBinaryProperty: 'receipt' }, [many]);
		expectRefused(outcome, 'Input Binary Field', '(it has: "file1", "file2", "file3", "file4", "file5" and 7 more)');
	});
});
