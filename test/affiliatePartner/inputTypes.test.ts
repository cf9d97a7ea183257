// Every text, ID, list, choice, date and number parameter of every Affiliate Partner operation,
// set by an expression to a value of the wrong type: refused before any request, with an error
// that names the field and says what it got. IDs beyond 2^53 given as text are sent exactly.
// Run through n8n-core's WorkflowExecute against the sandbox over real HTTP.
import type { INodeCredentials, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox/server';
import { addCredential, runNode } from '../harness/run';

let sandbox: Sandbox;
let credentials: INodeCredentials;

beforeAll(async () => {
	sandbox = await startSandbox({ clickItems: 10, clickDays: 2 });
	credentials = addCredential('affiliatePartnerApi', {
		baseUrl: sandbox.partnerUrl,
		accessToken: sandbox.accessToken,
		maxRequestsPerSecond: 1000,
	} as never);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

const run = async (parameters: INodeParameters) => await runNode({ type: 'affiliatePartner', parameters, credentials });

/** An ID beyond Number.MAX_SAFE_INTEGER: exact as text, already rounded as a JS number. */
const BIG_ID = '100000000000000000001';

type Kind = 'text' | 'id' | 'textList' | 'idList' | 'choice' | 'date' | 'number' | 'limit';

interface FieldRow {
	operation: string;
	/** Valid parameters of the operation; the row's parameter is set on top. */
	base: INodeParameters;
	/** The parameter, with its collection: `filters.programId`. */
	parameter: string;
	/** The name the error gives it. */
	field: string;
	kind: Kind;
	/** For IDs: where the request carries it (`path`, `query:<name>`, `form:<name>`). */
	sentIn?: string;
}

const op = (resource: string, operation: string, rest: INodeParameters = {}): INodeParameters => ({
	resource,
	operation,
	...rest,
});
const lostOrderCreate = op('lostOrder', 'create', {
	programId: '6115',
	adSpaceId: '1021',
	orderId: 'ORD-1',
	orderDate: '2026-03-14',
	orderPrice: 10,
	receiptBinaryProperty: '',
});
const appealCreate = op('appeal', 'create', { programId: '7204', orderId: 'APL-1', receiptBinaryProperty: '' });
const orderStatus = op('lostOrder', 'getOrderStatus', { programId: '6115', orderIds: '61150001' });
const rate = op('currency', 'getRate', { baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-03-01' });

function fields(operation: string, base: INodeParameters, rows: Array<[string, string, Kind, string?]>): FieldRow[] {
	return rows.map(([parameter, field, kind, sentIn]) => ({ operation, base, parameter, field, kind, sentIn }));
}

const claimFilterRows = (withAppealStatus: boolean): Array<[string, string, Kind, string?]> => [
	['filters.programId', 'Program ID', 'id', 'query:advcampaign'],
	['filters.adSpaceId', 'Ad Space ID', 'id', 'query:website'],
	['filters.appealId', 'Appeal ID', 'text'],
	['filters.status', 'Status', 'choice'],
	...(withAppealStatus ? [['filters.appealStatus', 'Appeal Status', 'choice'] as [string, string, Kind]] : []),
	['filters.startDate', 'Date From', 'date'],
	['filters.endDate', 'Date To', 'date'],
	['limit', 'Limit', 'limit'],
];

// prettier-ignore
const FIELDS: FieldRow[] = [
	...fields('lostOrder: create', lostOrderCreate, [
		['programId', 'Program ID', 'id', 'form:advcampaign'],
		['adSpaceId', 'Ad Space ID', 'id', 'form:website'],
		['orderId', 'Order ID', 'text'],
		['orderDate', 'Order Date', 'date'],
		['orderPrice', 'Order Price', 'number'],
		['receiptBinaryProperty', 'Input Binary Field', 'text'],
		['additionalFields.comment', 'Comment', 'text'],
		['additionalFields.appealId', 'Appeal ID', 'text'],
		['additionalFields.estimatedReward', 'Estimated Reward', 'number'],
	]),
	...fields('lostOrder: get', op('lostOrder', 'get', { lostOrderId: '1' }), [['lostOrderId', 'Lost Order ID', 'id', 'path']]),
	...fields('lostOrder: getMany', op('lostOrder', 'getMany'), claimFilterRows(true)),
	...fields('lostOrder: getOrderStatus', orderStatus, [
		['programId', 'Program ID', 'id', 'query:advcampaign'],
		['orderIds', 'Order IDs', 'textList'],
	]),
	...fields('appeal: create', appealCreate, [
		['programId', 'Program ID', 'id', 'form:advcampaign'],
		['orderId', 'Order ID', 'text'],
		['receiptBinaryProperty', 'Input Binary Field', 'text'],
		['additionalFields.comment', 'Comment', 'text'],
		['additionalFields.appealId', 'Appeal ID', 'text'],
	]),
	...fields('appeal: get', op('appeal', 'get', { appealClaimId: '1' }), [['appealClaimId', 'Appeal Claim ID', 'id', 'path']]),
	...fields('appeal: getMany', op('appeal', 'getMany'), claimFilterRows(false)),
	...fields('category: get', op('category', 'get', { categoryId: '1' }), [
		['categoryId', 'Category ID', 'id', 'path'],
		['options.language', 'Language Name or ID', 'choice'],
	]),
	...fields('category: getMany', op('category', 'getMany'), [
		['filters.programIds', 'Program IDs', 'idList', 'query:campaign'],
		['options.language', 'Language Name or ID', 'choice'],
		['options.orderBy', 'Order By', 'choice'],
		['limit', 'Limit', 'limit'],
	]),
	...fields('category: getManyForProgram', op('category', 'getManyForProgram', { programId: '6115' }), [
		['programId', 'Program ID', 'id', 'path'],
		['options.language', 'Language Name or ID', 'choice'],
		['options.orderBy', 'Order By', 'choice'],
		['limit', 'Limit', 'limit'],
	]),
	...fields('currency: getMany', op('currency', 'getMany'), [['limit', 'Limit', 'limit']]),
	...fields('currency: getRate', rate, [
		['baseCurrency', 'Base Currency Name or ID', 'choice'],
		['targetCurrency', 'Target Currency Name or ID', 'choice'],
		['date', 'Date', 'date'],
	]),
	...fields('landingPage: getMany', op('landingPage', 'getMany', { programId: '6115' }), [
		['programId', 'Program ID', 'id', 'path'],
		['adSpaceId', 'Ad Space ID', 'id', 'path'],
		['limit', 'Limit', 'limit'],
	]),
	...fields('language: get', op('language', 'get', { languageCode: 'en' }), [['languageCode', 'Language Name or ID', 'choice']]),
	...fields('language: getMany', op('language', 'getMany'), [['limit', 'Limit', 'limit']]),
	...fields('adSpaceKind: getMany', op('adSpaceKind', 'getMany'), [['limit', 'Limit', 'limit']]),
	...fields('region: getMany', op('region', 'getMany'), [['limit', 'Limit', 'limit']]),
	...fields('trafficSource: getMany', op('trafficSource', 'getMany'), [['limit', 'Limit', 'limit']]),
];

/** The base parameters with `path` (`collection.name` or `name`) set to `value`. */
function withParameter(base: INodeParameters, path: string, value: unknown): INodeParameters {
	const [first, second] = path.split('.');
	if (!second) return { ...base, [first]: value } as INodeParameters;
	return { ...base, [first]: { ...((base[first] as object) ?? {}), [second]: value } } as INodeParameters;
}

const isList = (kind: Kind) => kind === 'textList' || kind === 'idList';
const takesIds = (kind: Kind) => kind === 'id' || kind === 'idList';
const takesText = (kind: Kind) => takesIds(kind) || kind === 'text' || kind === 'textList';

/** Wrong types an expression may yield, each with how the error must describe it. */
function wrongValues(kind: Kind): Array<[label: string, expression: string, described: string]> {
	return [
		['an object', '={{ {"a": 1} }}', 'an object ({"a":1})'],
		// A list takes an array but not an object inside it; a single value takes no array at all.
		['an array of objects', '={{ [{"a": 1}] }}', isList(kind) ? 'an object ({"a":1})' : 'an array ([{"a":1}])'],
		...(isList(kind) ? [] : [['a plain array', '={{ [1, 2] }}', 'an array ([1,2])'] as [string, string, string]]),
		['a boolean', '={{ true }}', 'a boolean (true)'],
		...(takesText(kind) ? [['a number beyond 2^53', `={{ ${BIG_ID} }}`, 'has lost precision'] as [string, string, string]] : []),
	];
}

const refusals = FIELDS.flatMap((row) =>
	wrongValues(row.kind).map(([label, expression, described]) => ({ ...row, label, expression, described })),
);

describe('a value of the wrong type is refused before any request, naming the field and what it got', () => {
	test.each(refusals)('$operation, $parameter: $label', async ({ base, parameter, field, kind, expression, described }) => {
		const result = await run(withParameter(base, parameter, expression));
		// The run data keeps a copy of the error, not the instance.
		expect(result.error?.name).toBe(NodeOperationError.name);
		const message = result.error?.message ?? '';
		expect(message.startsWith(kind === 'limit' ? 'Limit must' : `Invalid "${field}":`)).toBe(true);
		expect(message).toContain(described);
		expect(message).not.toContain('[object Object]');
		expect(result.items).toEqual([]);
		expect(sandbox.requests).toEqual([]);
	});
});

/** What a request carries in `sentIn`: its path, a query parameter's values or a form field. */
function carried(request: RecordedRequest, sentIn: string): string {
	const [where, name] = sentIn.split(':');
	if (where === 'path') return request.path;
	if (where === 'query') return (request.query[name] ?? []).join(',');
	return request.multipart?.fields[name] ?? '';
}

describe('IDs beyond 2^53', () => {
	const idRows = FIELDS.filter((row) => takesIds(row.kind));

	test.each(idRows)('$operation, $parameter: given as text, sent exactly', async ({ base, parameter, sentIn }) => {
		await run(withParameter(base, parameter, BIG_ID));
		// The service may refuse an ID it does not know; what matters is what was sent.
		expect(sandbox.requests.length).toBeGreaterThan(0);
		expect(carried(sandbox.requests[0], sentIn!)).toMatch(new RegExp(`(^|[/,])${BIG_ID}([/,]|$)`));
	});
});

describe('numbers where text or IDs are expected', () => {
	test('order IDs as numbers from an expression are looked up', async () => {
		const result = await run({ ...orderStatus, orderIds: '={{ [61150001, 61150002] }}' });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.query.order_id)).toEqual([['61150001', '61150002']]);
		expect(result.items.map((item) => item.json.order_id)).toEqual(['61150001', '61150002']);
	});

	test('an order ID and IDs given as numbers are sent as their digits', async () => {
		const result = await run({ ...lostOrderCreate, programId: '={{ 6115 }}', adSpaceId: '={{ 1021 }}', orderId: '={{ 12345 }}' });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].multipart?.fields).toMatchObject({ advcampaign: '6115', website: '1021', order_id: '12345' });
	});

	test('leading zeros of an ID are dropped, as before', async () => {
		await run(op('lostOrder', 'get', { lostOrderId: ' 0007 ' }));
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/lost_orders/7/']);
	});
});
