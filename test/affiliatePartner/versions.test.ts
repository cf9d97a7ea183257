// What each version of the Affiliate Partner node does with a saved workflow's parameters, run
// through n8n-core's WorkflowExecute against the sandbox over real HTTP.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { addCredential, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

const sandbox = useSandbox({ clickItems: 10, clickDays: 2 }, { latencyMs: 0 });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const pdfInput: INodeExecutionData[] = [{ json: {}, binary: { data: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'r.pdf' } } }];

/** A lost-order create as saved: `orderPrice` absent means the user never touched the field. */
const create = (orderPrice?: unknown): INodeParameters => ({
	resource: 'lostOrder',
	operation: 'create',
	programId: '6115',
	adSpaceId: '1021',
	orderId: 'ORD-VERSION-1',
	orderDate: '2026-03-14T00:00:00',
	...(orderPrice === undefined ? {} : { orderPrice: orderPrice as string }),
	receiptBinaryProperty: 'data',
});

async function run(typeVersion: number, parameters: INodeParameters) {
	const credentials = addCredential('affiliatePartnerApi', { baseUrl: sandbox().partnerUrl, accessToken: sandbox().accessToken, maxRequestsPerSecond: 1000 } as never);
	return await runNode({ type: 'affiliatePartner', typeVersion, parameters, credentials }, pdfInput);
}

const posts = () => sandbox().requests.filter((request) => request.method === 'POST');

describe('Order Price of a lost-order create', () => {
	test('Order Price starts empty from version 1.1 (new nodes get 1.3)', () => {
		const { description } = new AffiliatePartner();
		expect(description.defaultVersion).toBe(1.3);
		const prices = description.properties.filter((p) => p.name === 'orderPrice');
		expect(prices.map((p) => [p.displayOptions?.show?.['@version'], p.default])).toEqual([
			[[1], 0],
			[[{ _cnd: { gte: 1.1 } }], null],
		]);
	});

	test.each([
		['version 1, the field left at its default 0', 1, undefined, /"Order Price": must be more than 0, got 0/],
		['version 1, 0 typed in', 1, 0, /"Order Price": must be more than 0, got 0/],
		['version 1.1, 0 typed in', 1.1, 0, /"Order Price": must be more than 0, got 0/],
		['version 1.1, a negative price', 1.1, -5, /"Order Price": must be more than 0, got -5/],
		['version 1.1, the field left empty', 1.1, undefined, /"Order Price": a value is required/],
		['version 1.1, an expression that yields nothing', 1.1, '={{ $json.price }}', /"Order Price": a value is required/],
	])('%s: refused before any POST', async (_name, typeVersion, orderPrice, message) => {
		const result = await run(typeVersion, create(orderPrice));
		expect(result.error?.message).toMatch(message);
		expect(result.items).toEqual([]);
		expect(posts()).toEqual([]);
	});

	test.each([1, 1.1])('version %s: a real price creates the claim with it', async (typeVersion) => {
		const result = await run(typeVersion, create(1999.9));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.order_price).toBe(1999.9);
		expect(posts()).toHaveLength(1);
	});
});
