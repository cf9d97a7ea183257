// Lost orders and appeal claims of the Affiliate Partner node, run through n8n-core's
// WorkflowExecute against the sandbox over real HTTP.
import type { IDataObject, INodeCredentials, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import { addCredential, runNode, type NodeRun } from '../harness/run';
import { overlappingPages } from '../harness/pages';

let sandbox: Sandbox;
let credentials: INodeCredentials;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-png-body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-jpeg-body')]);
const FASHION = 6115;
const ELECTRONICS = 7204;
const PORTAL = 1021;

beforeAll(async () => {
	sandbox = await startSandbox({ clickItems: 10, clickDays: 2 });
	credentials = partnerCredential(sandbox.accessToken);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
	sandbox.configure({ partnerLimitCap: 500, latencyMs: 0 });
});

function partnerCredential(accessToken: string): INodeCredentials {
	return addCredential('affiliatePartnerApi', {
		baseUrl: sandbox.partnerUrl,
		accessToken,
		maxRequestsPerSecond: 1000,
	} as never);
}

function binaryItem(json: IDataObject, bytes: Buffer, fileName: string, mimeType: string, property = 'data') {
	return { json, binary: { [property]: { data: bytes.toString('base64'), mimeType, fileName } } } as INodeExecutionData;
}

async function run(
	parameters: INodeParameters,
	input: INodeExecutionData[] = [{ json: {} }],
	options: { continueOnFail?: boolean; credentials?: INodeCredentials } = {},
): Promise<NodeRun> {
	return await runNode(
		{
			type: 'affiliatePartner',
			parameters,
			credentials: options.credentials ?? credentials,
			continueOnFail: options.continueOnFail,
		},
		input,
	);
}

/** Runs and expects success: the output items' json. */
async function records(parameters: INodeParameters, input?: INodeExecutionData[]): Promise<IDataObject[]> {
	const result = await run(parameters, input);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

const pairedItems = (result: NodeRun) => result.items.map((item) => item.pairedItem);
const lostOrderCreate = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'lostOrder',
	operation: 'create',
	programId: String(FASHION),
	adSpaceId: String(PORTAL),
	orderId: 'ORD-1',
	orderDate: '2026-03-14T00:00:00',
	orderPrice: 1999.9,
	receiptBinaryProperty: 'data',
	...overrides,
});
const appealCreate = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'appeal',
	operation: 'create',
	programId: String(ELECTRONICS),
	orderId: 'APL-ORDER-1',
	receiptBinaryProperty: 'data',
	...overrides,
});
const pdfInput = (json: IDataObject = {}) => [binaryItem(json, PDF, 'receipt.pdf', 'application/pdf')];

describe('lost orders: get many', () => {
	test('Return All across a server that caps limit at 100: every record once, in order, pages overlapping by one', async () => {
		sandbox.configure({ partnerLimitCap: 100 });
		const expected = sandbox.data.lostOrders.map((order) => order.id);
		const got = await records({ resource: 'lostOrder', operation: 'getMany', returnAll: true });
		expect(got.map((record) => record.id)).toEqual(expected);
		const offsets = sandbox.requests.map((request) => Number(request.query.offset[0])).sort((a, b) => a - b);
		expect(offsets).toEqual(overlappingPages(expected.length, 100, 500).map((page) => page.offset));
		expect(sandbox.requests.length).toBeLessThanOrEqual(Math.ceil(expected.length / 100) + 1);
		expect(sandbox.requests.every((request) => request.path === '/lost_orders/')).toBe(true);
	});

	test('a limit reads just that many; lost orders keep their numbers as numbers', async () => {
		const result = await run({ resource: 'lostOrder', operation: 'getMany', limit: 7 });
		expect(result.items.map((item) => item.json.id)).toEqual(sandbox.data.lostOrders.slice(0, 7).map((order) => order.id));
		expect(typeof result.items[0].json.order_price).toBe('number');
		expect(pairedItems(result)).toEqual(new Array(7).fill({ item: 0 }));
		expect(sandbox.requests.map((request) => request.rawQuery)).toEqual(['limit=7&offset=0']);
	});

	test('every filter goes out in the wire format, dates as DD.MM.YYYY whatever form they are given in', async () => {
		const got = await records({
			resource: 'lostOrder',
			operation: 'getMany',
			returnAll: true,
			filters: {
				programId: String(FASHION),
				adSpaceId: `=${PORTAL}`,
				status: 'rejected',
				startDate: '2025-02-01T00:00:00',
				endDate: "={{ DateTime.fromISO('2026-11-30') }}",
				appealId: ' AP-1 ',
				appealStatus: 'resolved',
			},
		});
		expect(sandbox.requests.map((request) => request.rawQuery)).toEqual([
			`advcampaign=${FASHION}&website=${PORTAL}&status=rejected&start_date=01.02.2025&end_date=30.11.2026&appeal_id=AP-1&appeal_status=resolved&limit=500&offset=0`,
		]);
		expect(sandbox.requests[0].status).toBe(200);
		expect(got).toEqual([]); // no seeded claim has that appeal ID

		sandbox.resetRequests();
		const filtered = await records({
			resource: 'lostOrder',
			operation: 'getMany',
			returnAll: true,
			filters: { programId: String(FASHION), status: 'rejected', startDate: '01.01.2000', endDate: '31.12.2099' },
		});
		expect(sandbox.requests[0].rawQuery).toBe(
			`advcampaign=${FASHION}&status=rejected&start_date=01.01.2000&end_date=31.12.2099&limit=500&offset=0`,
		);
		const expected = sandbox.data.lostOrders.filter((o) => o.advcampaign.id === FASHION && o.status === 'rejected');
		expect(expected.length).toBeGreaterThan(0);
		expect(filtered.map((record) => record.id)).toEqual(expected.map((order) => order.id));
	});
});

describe('lost orders: get', () => {
	test('reads one lost order by ID', async () => {
		const order = sandbox.data.lostOrders[3];
		const got = await records({ resource: 'lostOrder', operation: 'get', lostOrderId: String(order.id) });
		expect(got).toEqual([JSON.parse(JSON.stringify(order))]);
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET /lost_orders/${order.id}/`,
		]);
	});
});

describe('lost orders: create', () => {
	test('sends the multipart form field by field with the receipt bytes, file name and MIME type', async () => {
		const result = await run(
			lostOrderCreate({
				orderId: 'ORD-2026-0001',
				orderDate: '14.03.2026',
				orderPrice: 1999.9,
				additionalFields: { comment: 'Paid by card, cashback missing', appealId: 'MY-APPEAL-7', estimatedReward: 59.5 },
			}),
			pdfInput(),
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		const request = sandbox.requests[0];
		expect(`${request.method} ${request.path} ${request.status}`).toBe('POST /lost_orders/create/ 201');
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.multipart?.fields).toEqual({
			advcampaign: String(FASHION),
			website: String(PORTAL),
			order_id: 'ORD-2026-0001',
			order_date: '14.03.2026',
			order_price: '1999.9',
			comment: 'Paid by card, cashback missing',
			appeal_id: 'MY-APPEAL-7',
			estimated_reward: '59.5',
		});
		const receipt = request.multipart!.files.receipt;
		expect(receipt).toMatchObject({ filename: 'receipt.pdf', contentType: 'application/pdf', size: PDF.length });
		expect(receipt.bytes.equals(PDF)).toBe(true);

		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json).toMatchObject({
			status: 'processing',
			appeal_status: 'processing',
			order_id: 'ORD-2026-0001',
			order_date: '2026-03-14T00:00:00',
			order_price: 1999.9,
			estimated_reward: 59.5,
			advcampaign: { id: FASHION },
			website: { id: PORTAL },
		});
		expect(sandbox.data.lostOrders.some((order) => order.id === result.items[0].json.id)).toBe(true);
	});

	test('a PNG and a JPEG keep their own names and types; an empty receipt property sends no receipt', async () => {
		await records(lostOrderCreate({ orderId: 'PNG-1' }), [binaryItem({}, PNG, 'photo of receipt.png', 'image/png')]);
		await records(lostOrderCreate({ orderId: 'JPG-1' }), [binaryItem({}, JPEG, 'scan.jpg', 'image/jpeg')]);
		await records(lostOrderCreate({ orderId: 'NONE-1', receiptBinaryProperty: '' }), [{ json: {} }]);
		const files = sandbox.requests.map((request) => request.multipart?.files.receipt);
		expect(files[0]).toMatchObject({ filename: 'photo of receipt.png', contentType: 'image/png' });
		expect(files[0]!.bytes.equals(PNG)).toBe(true);
		expect(files[1]).toMatchObject({ filename: 'scan.jpg', contentType: 'image/jpeg' });
		expect(files[1]!.bytes.equals(JPEG)).toBe(true);
		expect(files[2]).toBeUndefined();
		expect(sandbox.requests[2].multipart?.fields).toEqual({
			advcampaign: String(FASHION),
			website: String(PORTAL),
			order_id: 'NONE-1',
			order_date: '14.03.2026',
			order_price: '1999.9',
		});
		expect(sandbox.requests.map((request) => request.status)).toEqual([201, 201, 201]);
	});

	test('the receipt can come from another binary field', async () => {
		await records(lostOrderCreate({ orderId: 'OTHER-PROP', receiptBinaryProperty: 'invoice' }), [
			binaryItem({}, PDF, 'invoice.pdf', 'application/pdf', 'invoice'),
		]);
		expect(sandbox.requests[0].multipart?.files.receipt).toMatchObject({ filename: 'invoice.pdf', size: PDF.length });
	});

	test('a 503 on create is not retried: exactly one request, and a readable error', async () => {
		sandbox.injectFault({ kind: 'status', status: 503, count: 1, pathPrefix: '/lost_orders/create/' });
		const result = await run(lostOrderCreate({ orderId: 'NO-RETRY' }), pdfInput());
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].status).toBe(503);
		expect(result.error?.message).toMatch(/The service failed \(HTTP 503\)/);
		expect(sandbox.data.lostOrders.some((order) => order.order_id === 'NO-RETRY')).toBe(false);
	});
});

describe('lost orders: order status', () => {
	const known = () => sandbox.data.knownOrders.filter((order) => order.advcampaign === FASHION);

	test('45 order IDs go out in 3 requests of 20, 20 and 5, and come back as 45 items in input order', async () => {
		const knownIds = known().map((order) => order.order_id);
		const unknownIds = Array.from({ length: 45 - knownIds.length }, (_, index) => `UNKNOWN-${index + 1}`);
		// Mix known and unknown so input order differs from any server-side order.
		const ids = [...unknownIds.slice(0, 10), ...knownIds.slice().reverse(), ...unknownIds.slice(10)];
		expect(ids).toHaveLength(45);

		const result = await run(
			{ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(FASHION), orderIds: '={{ $json.ids }}' },
			[{ json: { ids } }],
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.query.order_id.length)).toEqual([20, 20, 5]);
		expect(sandbox.requests.flatMap((request) => request.query.order_id)).toEqual(ids);
		expect(sandbox.requests[2].rawQuery).toBe(
			`advcampaign=${FASHION}&${ids
				.slice(40)
				.map((id) => `order_id=${id}`)
				.join('&')}`,
		);
		expect(sandbox.requests.every((request) => request.query.advcampaign[0] === String(FASHION))).toBe(true);

		expect(result.items.map((item) => item.json.order_id)).toEqual(ids);
		expect(pairedItems(result)).toEqual(new Array(45).fill({ item: 0 }));
		const byId = new Map(result.items.map((item) => [item.json.order_id, item.json]));
		for (const order of known()) {
			expect(byId.get(order.order_id)).toEqual(
				order.owner
					? { order_id: order.order_id, status: 'owner', payment_id: order.payment_id, payment_status: order.payment_status }
					: { order_id: order.order_id, status: 'already_counted' },
			);
		}
		expect(byId.get('UNKNOWN-1')).toEqual({ order_id: 'UNKNOWN-1', status: 'does_not_exist' });
	});

	test('order IDs typed with commas and new lines; a repeated ID is asked for and output once', async () => {
		const [first, second] = known().map((order) => order.order_id);
		const result = await run({
			resource: 'lostOrder',
			operation: 'getOrderStatus',
			programId: String(FASHION),
			orderIds: `${first}, ${second}\n\nX-9\n${first},`,
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.rawQuery)).toEqual([
			`advcampaign=${FASHION}&order_id=${first}&order_id=${second}&order_id=X-9`,
		]);
		expect(result.items.map((item) => item.json.order_id)).toEqual([first, second, 'X-9']);
	});
});

describe('appeals', () => {
	test('Return All across a capped server; decimal strings kept by default, numbers on request', async () => {
		sandbox.configure({ partnerLimitCap: 100 });
		const expected = sandbox.data.appeals.map((appeal) => appeal.id);
		const asSent = await records({ resource: 'appeal', operation: 'getMany', returnAll: true });
		expect(asSent.map((record) => record.id)).toEqual(expected);
		expect(sandbox.requests).toHaveLength(overlappingPages(expected.length, 100, 500).length);
		expect(asSent[0].order_price).toBe(sandbox.data.appeals[0].order_price);
		expect(typeof asSent[0].order_price).toBe('string');

		const converted = await records({
			resource: 'appeal',
			operation: 'getMany',
			limit: 3,
			options: { decimalsAsNumbers: true },
		});
		expect(converted.map((record) => record.order_price)).toEqual(
			sandbox.data.appeals.slice(0, 3).map((appeal) => Number(appeal.order_price)),
		);
		expect(converted.map((record) => record.estimated_reward)).toEqual(
			sandbox.data.appeals.slice(0, 3).map((appeal) => Number(appeal.estimated_reward)),
		);
	});

	test('every appeal filter goes out in the wire format', async () => {
		await records({
			resource: 'appeal',
			operation: 'getMany',
			limit: 10,
			filters: {
				programId: String(ELECTRONICS),
				adSpaceId: '1022',
				status: 'accepted',
				startDate: '2026-01-01',
				endDate: '2026-12-31T23:59:59',
				appealId: 'AP-123456',
			},
		});
		expect(sandbox.requests.map((request) => `${request.path}?${request.rawQuery} ${request.status}`)).toEqual([
			`/appeals/?advcampaign=${ELECTRONICS}&website=1022&status=accepted&start_date=01.01.2026&end_date=31.12.2026&appeal_id=AP-123456&limit=10&offset=0 200`,
		]);
	});

	test('get reads one appeal claim by ID, with the conversion option', async () => {
		const appeal = sandbox.data.appeals[5];
		const [asSent] = await records({ resource: 'appeal', operation: 'get', appealClaimId: String(appeal.id) });
		expect(asSent).toEqual(JSON.parse(JSON.stringify(appeal)));
		const [converted] = await records({
			resource: 'appeal',
			operation: 'get',
			appealClaimId: String(appeal.id),
			options: { decimalsAsNumbers: true },
		});
		expect(converted.order_price).toBe(Number(appeal.order_price));
		expect(converted.estimated_reward).toBe(Number(appeal.estimated_reward));
		expect(sandbox.requests.map((request) => request.path)).toEqual([`/appeals/${appeal.id}/`, `/appeals/${appeal.id}/`]);
	});

	test('create sends the multipart form field by field with the receipt', async () => {
		const result = await run(
			appealCreate({ additionalFields: { comment: 'Order paid, not tracked', appealId: 'APL-77' } }),
			[binaryItem({}, PNG, 'screenshot.png', 'image/png')],
		);
		expect(result.error).toBeUndefined();
		const request = sandbox.requests[0];
		expect(`${request.method} ${request.path} ${request.status}`).toBe('POST /appeals/create/ 201');
		expect(request.multipart?.fields).toEqual({
			advcampaign: String(ELECTRONICS),
			order_id: 'APL-ORDER-1',
			comment: 'Order paid, not tracked',
			appeal_id: 'APL-77',
		});
		expect(request.multipart?.files.receipt).toMatchObject({ filename: 'screenshot.png', contentType: 'image/png' });
		expect(request.multipart!.files.receipt.bytes.equals(PNG)).toBe(true);
		expect(result.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ status: 'processing', order_id: 'APL-ORDER-1', appeal_id: 'APL-77', advcampaign: expect.objectContaining({ id: ELECTRONICS }) }),
		]);
	});

	test('create without a receipt and with only the required fields', async () => {
		await records(appealCreate({ orderId: 'APL-MIN', receiptBinaryProperty: '' }));
		expect(sandbox.requests[0].multipart).toEqual({
			fields: { advcampaign: String(ELECTRONICS), order_id: 'APL-MIN' },
			files: {},
		});
	});
});

describe('bad input is refused with a message naming the field, and nothing is sent', () => {
	const long = (length: number) => 'x'.repeat(length);
	const textAsPdf = [binaryItem({}, Buffer.from('just some text, not a PDF'), 'receipt.pdf', 'application/pdf')];
	const cases: Array<[string, INodeParameters, INodeExecutionData[] | undefined, RegExp]> = [
		['order date 31.02.2026', lostOrderCreate({ orderDate: '31.02.2026' }), pdfInput(), /"Order Date".*31\.02\.2026.*not a real date/],
		['order date as text', lostOrderCreate({ orderDate: 'last tuesday' }), pdfInput(), /"Order Date".*last tuesday/],
		['filter start date 31.02.2026', { resource: 'lostOrder', operation: 'getMany', filters: { startDate: '31.02.2026' } }, undefined, /"Date From".*not a real date/],
		['filter end date as text', { resource: 'appeal', operation: 'getMany', filters: { endDate: 'soon' } }, undefined, /"Date To".*"soon"/],
		['status from an expression that is no status', { resource: 'lostOrder', operation: 'getMany', filters: { status: '={{ "done" }}' } }, undefined, /"Status": "done" is not one of accepted, processing, rejected/],
		['appeal status from an expression that is no status', { resource: 'lostOrder', operation: 'getMany', filters: { appealStatus: '={{ "open" }}' } }, undefined, /"Appeal Status": "open" is not one of processing, resolved/],
		['start date after end date', { resource: 'lostOrder', operation: 'getMany', filters: { startDate: '2026-03-02', endDate: '2026-03-01' } }, undefined, /"Date From".*02\.03\.2026 is after Date To 01\.03\.2026/],
		['order_id of 101 characters', lostOrderCreate({ orderId: long(101) }), pdfInput(), /"Order ID": at most 100 characters are allowed, got 101/],
		['appeal_id of 101 characters', lostOrderCreate({ additionalFields: { appealId: long(101) } }), pdfInput(), /"Appeal ID": at most 100/],
		['comment of 513 characters', lostOrderCreate({ additionalFields: { comment: long(513) } }), pdfInput(), /"Comment": at most 512 characters are allowed, got 513/],
		['appeal: order_id of 101 characters', appealCreate({ orderId: long(101) }), pdfInput(), /"Order ID": at most 100/],
		['appeal: appeal_id of 101 characters', appealCreate({ additionalFields: { appealId: long(101) } }), pdfInput(), /"Appeal ID": at most 100/],
		['appeal: comment of 513 characters', appealCreate({ additionalFields: { comment: long(513) } }), pdfInput(), /"Comment": at most 512/],
		['filter appeal_id of 101 characters', { resource: 'lostOrder', operation: 'getMany', filters: { appealId: long(101) } }, undefined, /"Appeal ID": at most 100/],
		['empty order_id', lostOrderCreate({ orderId: '  ' }), pdfInput(), /"Order ID": a value is required/],
		['non-numeric price', lostOrderCreate({ orderPrice: '={{ "12,50 EUR" }}' }), pdfInput(), /"Order Price": must be a finite number, got "12,50 EUR"/],
		['infinite price', lostOrderCreate({ orderPrice: '={{ 1/0 }}' }), pdfInput(), /"Order Price": must be a finite number/],
		['non-numeric estimated reward', lostOrderCreate({ additionalFields: { estimatedReward: '={{ "about 5" }}' } }), pdfInput(), /"Estimated Reward": must be a finite number/],
		['a .pdf-named file that is really text', lostOrderCreate(), textAsPdf, /"Input Binary Field".*"receipt\.pdf".*not a JPEG, PNG or PDF/],
		['appeal: a .pdf-named file that is really text', appealCreate(), textAsPdf, /not a JPEG, PNG or PDF/],
		['missing binary property', lostOrderCreate(), [{ json: {} }], /"Input Binary Field": the input item has no binary field "data" \(it has no binary data\)/],
		['binary under another name', appealCreate(), [binaryItem({}, PDF, 'r.pdf', 'application/pdf', 'file')], /no binary field "data" \(it has: "file"\)/],
		['program ID as text', lostOrderCreate({ programId: 'fashion' }), pdfInput(), /"Program ID": must be a positive whole number, got "fashion"/],
		['negative ad space ID', lostOrderCreate({ adSpaceId: '-3' }), pdfInput(), /"Ad Space ID": must be a positive whole number/],
		['lost order ID with letters', { resource: 'lostOrder', operation: 'get', lostOrderId: '12x' }, undefined, /"Lost Order ID": must be a positive whole number, got "12x"/],
		['appeal claim ID 0', { resource: 'appeal', operation: 'get', appealClaimId: '0' }, undefined, /"Appeal Claim ID": must be a positive whole number, got "0"/],
		['filter program ID with a fraction', { resource: 'appeal', operation: 'getMany', filters: { programId: '6115.5' } }, undefined, /"Program ID": must be a positive whole number/],
		['order status with a program ID expression that is empty', { resource: 'lostOrder', operation: 'getOrderStatus', programId: '={{ $json.program }}', orderIds: '1' }, [{ json: { program: '' } }], /"Program ID": must be a positive whole number, got ""/],
		['order status without order IDs', { resource: 'lostOrder', operation: 'getOrderStatus', programId: String(FASHION), orderIds: ' ,\n, ' }, undefined, /"Order IDs": at least one order ID is required/],
		['order status with an ID of 101 characters', { resource: 'lostOrder', operation: 'getOrderStatus', programId: String(FASHION), orderIds: `1, ${long(101)}` }, undefined, /"Order IDs": at most 100/],
	];

	test.each(cases)('%s', async (_name, parameters, input, message) => {
		const result = await run(parameters, input);
		expect(result.error?.message).toMatch(message);
		expect(result.items).toEqual([]);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('every invalid field of an item is named in one run, each on its own line, the first in the title', () => {
	const refusals = (description: unknown) => String(description).split('\n');

	test('a lost order with a bad date, a bad price, a 600-character comment and a receipt that is text', async () => {
		const textAsPdf = [binaryItem({}, Buffer.from('just some text'), 'receipt.pdf', 'application/pdf')];
		const parameters = lostOrderCreate({ orderDate: '31.02.2026', orderPrice: '={{ "12,50 EUR" }}', additionalFields: { comment: 'x'.repeat(600) } });
		const result = await run(parameters, textAsPdf);
		expect(result.error?.message).toMatch(/^Invalid "Order Date": .*31\.02\.2026.* \(and 3 more: see below\)$/);
		expect(refusals(result.error?.description)).toEqual([
			expect.stringMatching(/^Invalid "Order Date": /),
			'Invalid "Order Price": must be a finite number, got "12,50 EUR"',
			'Invalid "Comment": at most 512 characters are allowed, got 600',
			expect.stringMatching(/^Invalid "Input Binary Field": the file "receipt\.pdf" .* is not a JPEG, PNG or PDF/),
		]);
		expect(sandbox.requests).toEqual([]);
	});

	test('an appeal with a program ID as text and an order ID of 101 characters', async () => {
		const result = await run(appealCreate({ programId: 'fashion', orderId: 'x'.repeat(101) }), pdfInput());
		expect(refusals(result.error?.description)).toEqual([
			'Invalid "Program ID": must be a positive whole number, got "fashion"',
			'Invalid "Order ID": at most 100 characters are allowed, got 101',
		]);
		expect(sandbox.requests).toEqual([]);
	});

	test('a list with a program ID with a fraction, a start date that does not exist and a status that is none', async () => {
		const filters = { programId: '6115.5', startDate: '31.02.2026', status: '={{ "done" }}' };
		const result = await run({ resource: 'lostOrder', operation: 'getMany', filters });
		expect(refusals(result.error?.description).map((line) => line.match(/^Invalid "([^"]+)"/)?.[1])).toEqual(['Program ID', 'Status', 'Date From']);
		expect(sandbox.requests).toEqual([]);
	});

	test('an expression that fails is not a refusal of its field: its own error, with nothing else folded in', async () => {
		const parameters = lostOrderCreate({ orderDate: '31.02.2026', orderPrice: '={{ $("Price List").item.json.price }}' });
		const result = await run(parameters, pdfInput());
		expect(result.error?.message).toBe("Referenced node doesn't exist");
		expect(result.error?.message).not.toMatch(/Invalid|more: see below/);
		expect(String(result.error?.description ?? '')).not.toMatch(/Order Date/);
		expect(sandbox.requests).toEqual([]);
	});

	test('a receipt whose stored file cannot be read is not a refusal of the field: n8n\'s own error', async () => {
		const stored = { json: {}, binary: { data: { data: '', id: 'filesystem-v2:workflows/1/executions/1/binary_data/gone', mimeType: 'application/pdf', fileName: 'receipt.pdf' } } };
		const result = await run(lostOrderCreate({ orderId: 'x'.repeat(101) }), [stored as INodeExecutionData]);
		expect(result.error?.message).toBe('No binary data manager found for: filesystem-v2');
		expect(sandbox.requests).toEqual([]);
	});

	test('one invalid field: its own error, as before', async () => {
		const result = await run(lostOrderCreate({ orderId: 'x'.repeat(101) }), pdfInput());
		expect(result.error?.message).toBe('Invalid "Order ID": at most 100 characters are allowed, got 101');
	});
});

describe('server errors are shown readably', () => {
	test('403 without the manage_lost_orders right on create names the right and the agreement', async () => {
		const result = await run(lostOrderCreate(), pdfInput(), { credentials: partnerCredential(sandbox.tokens.noManageLostOrders) });
		expect(sandbox.requests.map((request) => request.status)).toEqual([403]);
		expect(result.error?.message).toBe('Access denied (HTTP 403): this operation needs the "manage_lost_orders" right on the token');
		expect(result.error?.description).toMatch(/"manage_lost_orders" scope.*user agreement must be accepted/);
		expect(result.error?.httpCode).toBe('403');
	});

	test('403 when the user agreement of the lost orders tool is not accepted', async () => {
		const agreement = partnerCredential(sandbox.tokens.agreementNotAccepted);
		for (const parameters of [
			{ resource: 'lostOrder', operation: 'getMany' },
			{ resource: 'appeal', operation: 'getMany' },
		]) {
			const result = await run(parameters, undefined, { credentials: agreement });
			expect(result.error?.message).toBe(
				'Access denied (HTTP 403): the user agreement of the lost orders tool has not been accepted',
			);
			expect(result.error?.description).toMatch(/Accept the user agreement in the lost orders section/);
		}
	});

	test('400 from the server names the field once, as the panel calls it, and its message: unknown program', async () => {
		const create = await run(lostOrderCreate({ programId: '999999' }), pdfInput());
		expect(create.error?.message).toBe('The service refused "Program ID": Invalid pk "999999" - object does not exist.');
		expect(create.error?.description).toBe('Fix "Program ID" and run the node again (sent as advcampaign in POST /lost_orders/create/).');
		expect(create.error?.httpCode).toBe('400');
		const status = await run({ resource: 'lostOrder', operation: 'getOrderStatus', programId: '424242', orderIds: '1' });
		expect(status.error?.message).toBe('The service refused "Program ID": Invalid pk "424242" - object does not exist.');
		expect(sandbox.requests.map((request) => request.status)).toEqual([400, 400]);
	});

	test('404 for an unknown lost order or appeal claim names the record', async () => {
		const lost = await run({ resource: 'lostOrder', operation: 'get', lostOrderId: '999999' });
		expect(lost.error?.message).toBe('Lost order 999999 was not found (HTTP 404)');
		expect(lost.error?.description).toMatch(/GET \/lost_orders\/999999\//);
		const appeal = await run({ resource: 'appeal', operation: 'get', appealClaimId: '999999' });
		expect(appeal.error?.message).toBe('Appeal claim 999999 was not found (HTTP 404)');
		expect(appeal.error?.httpCode).toBe('404');
		expect(appeal.error?.description).toMatch(/GET \/appeals\/999999\//);
	});
});

describe('several input items', () => {
	test('continueOnFail: a failed item becomes an error item paired with its input, the others go on', async () => {
		const [first, second] = sandbox.data.lostOrders;
		const result = await run(
			{ resource: 'lostOrder', operation: 'get', lostOrderId: '={{ $json.id }}' },
			[{ json: { id: first.id } }, { json: { id: 999999 } }, { json: { id: 'abc' } }, { json: { id: second.id } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(pairedItems(result)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(result.items[0].json.id).toBe(first.id);
		expect(result.items[1].json).toMatchObject({ error: 'Lost order 999999 was not found (HTTP 404)', httpCode: '404' });
		expect(result.items[2].json.error).toMatch(/"Lost Order ID": must be a positive whole number, got "abc"/);
		expect(result.items[3].json.id).toBe(second.id);
		// The invalid ID never reached the wire.
		expect(sandbox.requests.map((request) => request.path)).toEqual([
			`/lost_orders/${first.id}/`,
			'/lost_orders/999999/',
			`/lost_orders/${second.id}/`,
		]);
	});

	test('continueOnFail on create: a bad receipt fails its item only', async () => {
		const result = await run(
			lostOrderCreate({ orderId: '={{ $json.orderId }}' }),
			[
				binaryItem({ orderId: 'COF-1' }, PDF, 'a.pdf', 'application/pdf'),
				binaryItem({ orderId: 'COF-2' }, Buffer.from('plain text'), 'b.pdf', 'application/pdf'),
				binaryItem({ orderId: 'COF-3' }, JPEG, 'c.jpg', 'image/jpeg'),
			],
			{ continueOnFail: true },
		);
		expect(result.items.map((item) => item.json.order_id ?? item.json.error)).toEqual([
			'COF-1',
			expect.stringMatching(/"b\.pdf".*not a JPEG, PNG or PDF/),
			'COF-3',
		]);
		expect(pairedItems(result)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(sandbox.requests.map((request) => request.multipart?.fields.order_id)).toEqual(['COF-1', 'COF-3']);
	});

	test('expressions across 3 items create 3 lost orders and 3 appeals, each with its own receipt', async () => {
		const input = [
			binaryItem({ orderId: 'EXPR-1', price: 10.5, day: '2026-03-01' }, PDF, 'one.pdf', 'application/pdf'),
			binaryItem({ orderId: 'EXPR-2', price: '20.25', day: '02.03.2026' }, PNG, 'two.png', 'image/png'),
			binaryItem({ orderId: 'EXPR-3', price: 30, day: '2026-03-03T12:00:00' }, JPEG, 'three.jpg', 'image/jpeg'),
		];
		const created = await records(
			lostOrderCreate({
				orderId: '={{ $json.orderId }}',
				orderPrice: '={{ $json.price }}',
				orderDate: '={{ $json.day }}',
				additionalFields: { comment: '=claim for {{ $json.orderId }}' },
			}),
			input,
		);
		expect(created.map((record) => record.order_id)).toEqual(['EXPR-1', 'EXPR-2', 'EXPR-3']);
		expect(sandbox.requests.map((request) => request.multipart?.fields)).toEqual(
			[
				['EXPR-1', '01.03.2026', '10.5'],
				['EXPR-2', '02.03.2026', '20.25'],
				['EXPR-3', '03.03.2026', '30'],
			].map(([orderId, date, price]) => ({
				advcampaign: String(FASHION),
				website: String(PORTAL),
				order_id: orderId,
				order_date: date,
				order_price: price,
				comment: `claim for ${orderId}`,
			})),
		);
		expect(sandbox.requests.map((request) => request.multipart?.files.receipt.filename)).toEqual([
			'one.pdf',
			'two.png',
			'three.jpg',
		]);

		sandbox.resetRequests();
		const appeals = await records(appealCreate({ orderId: '={{ $json.orderId }}' }), input);
		expect(appeals.map((record) => record.order_id)).toEqual(['EXPR-1', 'EXPR-2', 'EXPR-3']);
		expect(sandbox.requests.map((request) => `${request.path} ${request.multipart?.fields.order_id}`)).toEqual([
			'/appeals/create/ EXPR-1',
			'/appeals/create/ EXPR-2',
			'/appeals/create/ EXPR-3',
		]);

		sandbox.resetRequests();
		const ids = created.map((record) => record.id as number);
		const got = await run(
			{ resource: 'lostOrder', operation: 'get', lostOrderId: '={{ $json.id }}' },
			ids.map((id) => ({ json: { id } })),
		);
		expect(got.items.map((item) => item.json.order_id)).toEqual(['EXPR-1', 'EXPR-2', 'EXPR-3']);
		expect(pairedItems(got)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(sandbox.requests.map((request) => request.path)).toEqual(ids.map((id) => `/lost_orders/${id}/`));
	});

	test('order status and lists run once per item with that item\'s parameters', async () => {
		const result = await run(
			{ resource: 'appeal', operation: 'getMany', limit: 2, filters: { programId: '={{ $json.program }}' } },
			[{ json: { program: FASHION } }, { json: { program: ELECTRONICS } }],
		);
		expect(sandbox.requests.map((request) => request.query.advcampaign[0])).toEqual([String(FASHION), String(ELECTRONICS)]);
		expect(result.items.map((item) => [item.pairedItem, (item.json.advcampaign as IDataObject).id])).toEqual([
			[{ item: 0 }, FASHION],
			[{ item: 0 }, FASHION],
			[{ item: 1 }, ELECTRONICS],
			[{ item: 1 }, ELECTRONICS],
		]);
	});
});
