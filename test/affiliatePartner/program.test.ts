/** Program → Get Many and Get, through real n8n-core against the sandbox: paging, filters, both shapes of a get, the output shapes. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Answer } from '../fuzz/answerFamily';
import { startProxy, type FuzzProxy } from '../fuzz/proxy';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'program' });
const run = partner.run;
let proxy: FuzzProxy;

beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => proxy.close());

/** The ad space whose programs these tests only read (the join and leave tests change others'). */
const AD_SPACE = '1021';
const listPath = `/advcampaigns/website/${AD_SPACE}/`;

async function records(parameters: INodeParameters) {
	const result = await run({ adSpaceId: AD_SPACE, ...parameters });
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

/** The ad space's programs as the service sends them. */
async function allPrograms(query: Record<string, string> = {}) {
	const all = await partner.client.partnerRecords<IDataObject>(listPath, query);
	partner.sandbox.resetRequests();
	return all;
}

/** A credential whose GET answers come through the proxy, each rewritten. */
function rewritingCredential(rewrite: (answer: Answer) => Answer) {
	const route = proxy.open({ upstream: partner.sandbox.partnerUrl, api: 'partner', budget: 10, labels: 'query', rewrite });
	return partner.credentialWith(partner.sandbox.accessToken, route.baseUrl);
}

const sent = () => partner.sandbox.requests.map((request) => `${request.method} ${request.path}?${request.rawQuery}`);

describe('Program → Get Many', () => {
	test('Return All over several pages gives every program once, as the service sends it', async () => {
		const all = await allPrograms();
		expect(all.length).toBeGreaterThanOrEqual(5);
		partner.sandbox.configure({ partnerLimitCap: 2 });
		const read = await records({ operation: 'getMany', returnAll: true });
		expect(read).toEqual(all);
		expect(new Set(read.map((program) => program.id)).size).toBe(all.length);
		expect(partner.sandbox.requests.length).toBeGreaterThanOrEqual(3);
		expect(read[0]).toEqual(expect.objectContaining({ gotolink: expect.stringMatching(/^https:\/\//), actions: expect.any(Array), actions_detail: expect.any(Array) }));
	});

	test('a Limit', async () => {
		expect(await records({ operation: 'getMany', returnAll: false, limit: 2 })).toHaveLength(2);
	});

	test('the filters go as connection_status and has_tool, repeated', async () => {
		const expected = await allPrograms({ connection_status: 'active' });
		const read = await records({ operation: 'getMany', returnAll: true, filters: { connectionStatus: 'active', hasTool: ['deeplink', 'coupons'] } });
		expect(sent()).toEqual([`GET ${listPath}?connection_status=active&has_tool=deeplink&has_tool=coupons&limit=500&offset=0`]);
		expect(read.length).toBeGreaterThan(0);
		expect(read.every((program) => program.connection_status === 'active')).toBe(true);
		expect(read.map((program) => program.id)).toEqual(expected.filter((program) => program.allow_deeplink || !program.coupon_iframe_denied).map((program) => program.id));
	});

	test('a program in another connection status than the filter asked for is an error naming the filter, never data', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: listPath, body: 'set', key: 'results.0.connection_status', value: 'pending' });
		const result = await run({ adSpaceId: AD_SPACE, operation: 'getMany', returnAll: true, filters: { connectionStatus: 'active' } });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain(`GET ${listPath}`);
		expect(result.error?.message).toContain('is in connection status "pending", not the active the filter Connection Status asked for');
	});

	test('One Item per Action Rate: one item per rate of every tariff of every action, each keeping its program, action and tariff', async () => {
		const all = await allPrograms();
		const read = await records({ operation: 'getMany', returnAll: true, options: { onePerActionRate: true } });
		const expected = all.flatMap((program) =>
			(program.actions_detail as IDataObject[]).flatMap((action) =>
				(action.tariffs as IDataObject[]).flatMap((tariff) => {
					const named = { advcampaign_id: program.id, advcampaign_name: program.name, currency: program.currency, action_id: action.id, action_name: action.name, action_type: action.type, tariff_id: tariff.id, tariff_name: tariff.name };
					const rates = tariff.rates as IDataObject[];
					return rates.length ? rates.map((rate) => ({ ...named, ...rate })) : [named];
				}),
			),
		);
		expect(read).toEqual(expected);
		expect(read.some((item) => item.size === undefined)).toBe(true);
		expect(typeof read[0].size).toBe('string');
	});

	test('Decimals as Numbers: rating, trends and rates as numbers', async () => {
		const [program] = await records({ operation: 'getMany', returnAll: false, limit: 1, options: { decimalsAsNumbers: true } });
		expect(typeof program.rating).toBe('number');
		expect(typeof program.epc_trend).toBe('number');
		const rate = ((program.actions_detail as IDataObject[])[0].tariffs as IDataObject[])[0].rates as IDataObject[];
		expect(typeof rate[0].size).toBe('number');
	});

	test('One Item per Action Rate over a program whose rates are no list: an error naming the request, nothing output', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: listPath, body: 'set', key: 'results.1.actions_detail.0.tariffs', value: 'none' });
		const result = await run({ adSpaceId: AD_SPACE, operation: 'getMany', returnAll: true, options: { onePerActionRate: true } });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain(`GET ${listPath}`);
		expect(result.error?.message).toContain('without a "tariffs" list of objects');
	});

	test('bad input names every field at once and sends nothing', async () => {
		const result = await run({ adSpaceId: 'x1', operation: 'getMany', returnAll: false, limit: 0, filters: { connectionStatus: '={{ "joined" }}', hasTool: '={{ ["deeplink", "teleport"] }}' }, options: { onePerActionRate: '={{ 3 }}' } });
		expect(result.error?.name).toBe('NodeOperationError');
		const said = `${result.error?.message}\n${result.error?.description}`;
		for (const field of ['Ad Space Name or ID', 'Connection Status', 'Has Tool', 'One Item per Action Rate', 'Limit']) expect(said).toContain(field);
		expect(said).toContain('teleport');
		expect(partner.sandbox.requests).toHaveLength(0);
	});
});

describe('Program → Get', () => {
	test('one program of the ad space, as the service sends it (the program itself, the docs)', async () => {
		const [first] = await allPrograms();
		expect(await records({ operation: 'get', programId: String(first.id) })).toEqual([first]);
		expect(sent()).toEqual([`GET /advcampaigns/${String(first.id)}/website/${AD_SPACE}/?`]);
	});

	test('the same program wrapped in {results: [program]} (Admitad\'s own client\'s mock): the same item', async () => {
		const [first] = await allPrograms();
		const credentials = rewritingCredential((answer) => ({ ...answer, text: JSON.stringify({ results: [JSON.parse(answer.text)] }) }));
		const result = await run({ adSpaceId: AD_SPACE, operation: 'get', programId: String(first.id) }, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([first]);
	});

	test.each([
		['the program itself', 'id', 'it is not the program'],
		['the program in results', 'results', 'it is not the program'],
	])('another program than asked for (%s) is an error naming the request', async (_shape, key, says) => {
		const [first] = await allPrograms();
		const credentials = rewritingCredential((answer) => {
			const program = { ...(JSON.parse(answer.text) as IDataObject), id: 42 };
			return { ...answer, text: JSON.stringify(key === 'results' ? { results: [program] } : program) };
		});
		const result = await run({ adSpaceId: AD_SPACE, operation: 'get', programId: String(first.id) }, { credentials });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain(`GET /advcampaigns/${String(first.id)}/website/${AD_SPACE}/`);
		expect(result.error?.message).toContain(`${says} ${String(first.id)}: its "id" is 42`);
	});

	test('a program the ad space is not connected to is not found, named', async () => {
		const result = await run({ adSpaceId: AD_SPACE, operation: 'get', programId: '11876' });
		expect(result.error?.message).toContain(`Program 11876 of ad space ${AD_SPACE} was not found`);
	});

	test('One Item per Action Rate on a get', async () => {
		const [first] = await allPrograms();
		const read = await records({ operation: 'get', programId: String(first.id), options: { onePerActionRate: true } });
		expect(read.length).toBeGreaterThan(1);
		expect(read.every((item) => item.advcampaign_id === first.id)).toBe(true);
	});
});
