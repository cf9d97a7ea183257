// Rows that drop into a sheet: Flatten Nested Fields on every claim operation, and order-status
// items with the same fields on every row (version 1.1). Run through n8n-core's WorkflowExecute
// against the sandbox over real HTTP.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { flattenRecord } from '../../nodes/shared/flatten';
import { addCredential, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

const sandbox = useSandbox({ clickItems: 10, clickDays: 2 }, { latencyMs: 0, partnerLimitCap: 500 });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const pdfInput: INodeExecutionData[] = [{ json: {}, binary: { data: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'r.pdf' } } }];
const FASHION = 6115;

async function run(parameters: INodeParameters, typeVersion = 1, input?: INodeExecutionData[]) {
	const credentials = addCredential('affiliatePartnerApi', { baseUrl: sandbox().partnerUrl, accessToken: sandbox().accessToken, maxRequestsPerSecond: 1000 } as never);
	const result = await runNode({ type: 'affiliatePartner', typeVersion, parameters, credentials }, input);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

const nestedValues = (record: IDataObject) => Object.values(record).filter((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

describe('flattenRecord', () => {
	test.each([
		['nested records at any depth', { id: 1, website: { id: 2, name: 'A' }, a: { b: { c: 3 } } }, { id: 1, website_id: 2, website_name: 'A', a_b_c: 3 }],
		['lists and empty values stay', { tags: [{ x: 1 }], comment: '', reward: null }, { tags: [{ x: 1 }], comment: '', reward: null }],
		['a flat record is unchanged', { id: 1, status: 'processing' }, { id: 1, status: 'processing' }],
	])('%s', (_name, record, flat) => {
		expect(flattenRecord(record as IDataObject)).toEqual(flat);
	});
});

describe('Flatten Nested Fields on claim operations', () => {
	const flatten = { options: { flatten: true } };
	const claimColumns = ['website_id', 'website_name', 'advcampaign_id', 'advcampaign_name'];

	test('lost orders, Get Many: every row has the same flat columns, the values of the nested records', async () => {
		const nested = await run({ resource: 'lostOrder', operation: 'getMany', limit: 30 });
		const flat = await run({ resource: 'lostOrder', operation: 'getMany', limit: 30, ...flatten });
		expect(flat).toHaveLength(30);
		const columns = Object.keys(flat[0]);
		for (const [index, row] of flat.entries()) {
			expect(nestedValues(row)).toEqual([]);
			expect(Object.keys(row)).toEqual(columns);
			const original = nested[index] as { website: IDataObject; advcampaign: IDataObject };
			expect(row).toMatchObject({
				id: nested[index].id,
				website_id: original.website.id,
				website_name: original.website.name,
				advcampaign_id: original.advcampaign.id,
				advcampaign_name: original.advcampaign.name,
			});
		}
		expect(columns).toEqual(expect.arrayContaining(claimColumns));
	});

	test('off by default: records stay as the service sends them', async () => {
		const [record] = await run({ resource: 'lostOrder', operation: 'getMany', limit: 1 });
		expect(record.website).toEqual({ id: expect.any(Number), name: expect.any(String) });
		expect(record).not.toHaveProperty('website_id');
	});

	test.each([
		['lost order, Get', () => ({ resource: 'lostOrder', operation: 'get', lostOrderId: String(sandbox().data.lostOrders[0].id) })],
		['appeal, Get', () => ({ resource: 'appeal', operation: 'get', appealClaimId: String(sandbox().data.appeals[0].id) })],
		['appeal, Get Many', () => ({ resource: 'appeal', operation: 'getMany', limit: 5 })],
	])('%s', async (_name, parameters) => {
		const rows = await run({ ...parameters(), ...flatten } as INodeParameters);
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			expect(nestedValues(row)).toEqual([]);
			expect(Object.keys(row)).toEqual(expect.arrayContaining(claimColumns));
		}
	});

	test('lost order and appeal Create give the created claim flat', async () => {
		const lost = await run(
			{ resource: 'lostOrder', operation: 'create', programId: String(FASHION), adSpaceId: '1021', orderId: 'FLAT-1', orderDate: '2026-03-14', orderPrice: 10, ...flatten },
			1,
			pdfInput,
		);
		const appeal = await run({ resource: 'appeal', operation: 'create', programId: '7204', orderId: 'FLAT-2', options: { flatten: true, decimalsAsNumbers: true } }, 1, pdfInput);
		for (const row of [...lost, ...appeal]) {
			expect(nestedValues(row)).toEqual([]);
			expect(Object.keys(row)).toEqual(expect.arrayContaining(claimColumns));
		}
		expect(appeal[0]).toMatchObject({ status: 'processing', advcampaign_id: 7204 });
	});
});

describe('order status: the same fields on every row', () => {
	const ids = () => {
		const known = sandbox().data.knownOrders.filter((order) => order.advcampaign === FASHION);
		return [known.find((o) => o.owner)!.order_id, known.find((o) => !o.owner)!.order_id, 'UNKNOWN-1'];
	};
	const statusOf = (typeVersion: number) => run({ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(FASHION), orderIds: ids().join(',') }, typeVersion);

	test('version 1.1: payment_id and payment_status on every row, null when the order is not yours', async () => {
		const rows = await statusOf(1.1);
		expect(rows.map((row) => Object.keys(row).sort())).toEqual(Array(3).fill(['order_id', 'payment_id', 'payment_status', 'status']));
		expect(rows[0]).toMatchObject({ status: 'owner', payment_id: expect.any(Number), payment_status: expect.any(String) });
		expect(rows[1]).toMatchObject({ status: 'already_counted', payment_id: null, payment_status: null });
		expect(rows[2]).toMatchObject({ status: 'does_not_exist', payment_id: null, payment_status: null });
	});

	test('version 1 keeps its output: the fields only where the service sends them', async () => {
		const rows = await statusOf(1);
		expect(rows[0]).toHaveProperty('payment_id');
		expect(rows[1]).not.toHaveProperty('payment_id');
		expect(rows[2]).not.toHaveProperty('payment_status');
	});
});
