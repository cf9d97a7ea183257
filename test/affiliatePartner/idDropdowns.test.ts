// Ad spaces and programs as dropdowns (Affiliate Partner 1.3), run through n8n-core's
// WorkflowExecute against the sandbox over HTTP: the options are loaded as the editor loads them,
// a chosen ID and an ID from an expression are sent alike, and versions 1 to 1.2 still run with
// the text their saved workflows hold. The panel per version: idDropdowns.panel.test.ts.
import type { INodeExecutionData, INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import { loadOptions } from '../harness/loadOptions';
import { addCredential, runNode } from '../harness/run';

let sandbox: Sandbox;
let programs: INodePropertyOptions[];
let adSpaces: INodePropertyOptions[];
beforeAll(async () => {
	sandbox = await startSandbox();
	programs = await loadOptions('affiliatePartner', 'getPrograms', { resource: 'landingPage', operation: 'getMany' }, credentials(), 1.3);
	adSpaces = await loadOptions('affiliatePartner', 'getAdSpaces', { resource: 'landingPage', operation: 'getMany' }, credentials(), 1.3);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

const credentials = () => addCredential('affiliatePartnerApi', { baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });

async function run(typeVersion: number, parameters: INodeParameters, input: INodeExecutionData[] = [{ json: {} }]) {
	return await runNode({ type: 'affiliatePartner', typeVersion, parameters, credentials: credentials() }, input);
}

/** Each request as `METHOD path?query`, and a create's form fields. */
const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path}?${request.rawQuery}`);
const formOf = () => sandbox.requests.find((request) => request.method === 'POST')?.multipart?.fields;

/** The first program of the dropdown with landing pages, and another: what a user picks. */
const chosenProgram = (index = 0) => String(programs.filter((option) => String(option.value) in sandbox.data.landings)[index].value);
const chosenAdSpace = () => String(adSpaces[0].value);

const knownOrder = () => sandbox.data.knownOrders[0];
const create = (programId: unknown, adSpaceId: unknown): INodeParameters => ({
	resource: 'lostOrder',
	operation: 'create',
	programId: programId as string,
	adSpaceId: adSpaceId as string,
	orderId: 'ORD-DROPDOWN-1',
	orderDate: '2026-03-14',
	orderPrice: 19.9,
	receiptBinaryProperty: '',
});

describe('versions 1, 1.1 and 1.2 run with the text their saved workflows hold', () => {
	test.each([1, 1.1, 1.2])('version %s', async (typeVersion) => {
		const runs: INodeParameters[] = [
			{ resource: 'landingPage', operation: 'getMany', programId: '7204', adSpaceId: '1021', returnAll: true },
			{ resource: 'lostOrder', operation: 'getMany', returnAll: true, filters: { programId: '6115', adSpaceId: ' 1021 ' } },
			{ resource: 'appeal', operation: 'getMany', returnAll: true, filters: { programId: '7204' } },
			{ resource: 'category', operation: 'getMany', returnAll: true, filters: { programIds: '6115, 7204' } },
			{ resource: 'category', operation: 'getManyForProgram', programId: '8311', returnAll: true },
			{ resource: 'lostOrder', operation: 'getOrderStatus', programId: String(knownOrder().advcampaign), orderIds: knownOrder().order_id },
			create('6115', '1021'),
		];
		for (const parameters of runs) expect((await run(typeVersion, parameters)).error).toBeUndefined();
		expect(sent()).toEqual([
			'GET /landings/7204/website/1021/?limit=500&offset=0',
			'GET /lost_orders/?advcampaign=6115&website=1021&limit=500&offset=0',
			'GET /appeals/?advcampaign=7204&limit=500&offset=0',
			'GET /categories/?campaign=6115&campaign=7204&limit=500&offset=0',
			'GET /categories/advcampaign/8311/?limit=500&offset=0',
			`GET /lost_orders/payments_info/?advcampaign=${knownOrder().advcampaign}&order_id=${knownOrder().order_id}`,
			'POST /lost_orders/create/?',
		]);
		expect(formOf()).toMatchObject({ advcampaign: '6115', website: '1021' });
	});
});

describe('version 1.3: the dropdowns', () => {
	test('list the account\'s programs and ad spaces, loaded as the editor loads them', () => {
		expect(programs.length).toBeGreaterThan(1);
		expect(programs.every((option) => /^\d+$/.test(String(option.value)))).toBe(true);
		expect(adSpaces.map((option) => String(option.value))).toEqual(expect.arrayContaining(sandbox.data.websites.map((website) => String(website.id))));
		expect(adSpaces.every((option) => option.name.endsWith(`(${String(option.value)})`))).toBe(true);
	});

	// A value from the list and the same IDs from an expression (numbers there) are sent alike.
	const chosen = () => ({ program: chosenProgram(), other: chosenProgram(1), adSpace: chosenAdSpace() });
	const fromList = () => chosen();
	const fromExpression = () => ({ program: '={{ $json.program }}', other: '={{ $json.other }}', adSpace: '={{ $json.adSpace }}' });
	const input = () => [{ json: Object.fromEntries(Object.entries(chosen()).map(([key, id]) => [key, Number(id)])) }];

	test.each([
		['chosen from the list', fromList],
		['given by an expression', fromExpression],
	])('an ID %s reaches the service as the text field sent it', async (_how, values) => {
		const { program, other, adSpace } = values();
		const ids = chosen();
		const runs: INodeParameters[] = [
			{ resource: 'landingPage', operation: 'getMany', programId: program, adSpaceId: adSpace, returnAll: true },
			{ resource: 'lostOrder', operation: 'getMany', returnAll: true, filters: { programId: program, adSpaceId: adSpace } },
			{ resource: 'appeal', operation: 'getMany', returnAll: true, filters: { programId: other } },
			{ resource: 'category', operation: 'getMany', returnAll: true, filters: { programIds: values === fromList ? [program, other] : '={{ [$json.program, $json.other] }}' } },
			{ resource: 'category', operation: 'getManyForProgram', programId: program, returnAll: true },
			create(program, adSpace),
		];
		for (const parameters of runs) expect((await run(1.3, parameters, input())).error).toBeUndefined();
		expect(sent()).toEqual([
			`GET /landings/${ids.program}/website/${ids.adSpace}/?limit=500&offset=0`,
			`GET /lost_orders/?advcampaign=${ids.program}&website=${ids.adSpace}&limit=500&offset=0`,
			`GET /appeals/?advcampaign=${ids.other}&limit=500&offset=0`,
			`GET /categories/?campaign=${ids.program}&campaign=${ids.other}&limit=500&offset=0`,
			`GET /categories/advcampaign/${ids.program}/?limit=500&offset=0`,
			'POST /lost_orders/create/?',
		]);
		expect(formOf()).toMatchObject({ advcampaign: ids.program, website: ids.adSpace });
	});

	test('Get Order Status takes its program from the dropdown or an expression', async () => {
		const order = knownOrder();
		for (const programId of [String(order.advcampaign), `={{ ${order.advcampaign} }}`]) {
			const result = await run(1.3, { resource: 'lostOrder', operation: 'getOrderStatus', programId, orderIds: order.order_id });
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.order_id)).toEqual([order.order_id]);
		}
		expect(sent()).toEqual(Array(2).fill(`GET /lost_orders/payments_info/?advcampaign=${order.advcampaign}&order_id=${order.order_id}`));
	});
});

describe('a bad ID is named as the version shows its field, before anything is sent', () => {
	test.each([
		[1.2, { resource: 'landingPage', operation: 'getMany', programId: 'shop', adSpaceId: '1021' }, 'Program ID'],
		[1.3, { resource: 'landingPage', operation: 'getMany', programId: '={{ "shop" }}', adSpaceId: '1021' }, 'Program Name or ID'],
		[1.2, { resource: 'landingPage', operation: 'getMany', programId: '7204', adSpaceId: '-3' }, 'Ad Space ID'],
		[1.3, { resource: 'landingPage', operation: 'getMany', programId: '7204', adSpaceId: '={{ -3 }}' }, 'Ad Space Name or ID'],
		[1.2, { resource: 'lostOrder', operation: 'getMany', filters: { adSpaceId: 'x' } }, 'Ad Space ID'],
		[1.3, { resource: 'lostOrder', operation: 'getMany', filters: { adSpaceId: 'x' } }, 'Ad Space Name or ID'],
		[1.2, { resource: 'category', operation: 'getMany', filters: { programIds: '6115, shop' } }, 'Program IDs'],
		[1.3, { resource: 'category', operation: 'getMany', filters: { programIds: ['6115', 'shop'] } }, 'Program Names or IDs'],
		[1.2, create('6115', 'web'), 'Ad Space ID'],
		[1.3, create('={{ "6115" }}', '={{ "web" }}'), 'Ad Space Name or ID'],
	])('version %s, %j: "%s"', async (typeVersion, parameters, field) => {
		const result = await run(typeVersion, parameters as INodeParameters);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${field}": `));
		expect(sent()).toEqual([]);
	});
});
