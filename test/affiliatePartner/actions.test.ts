/** Action → Get Many through real n8n-core against the sandbox: every conversion once, the filters as the service takes them, answers held to what was asked. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'action', operation: 'getMany' });
const run = partner.run;

async function actions(parameters: INodeParameters) {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

const actionRequests = () => partner.sandbox.requests.filter((request) => request.path === '/statistics/actions/');
const query = (rawQuery: string) => new URLSearchParams(rawQuery);

describe('Action → Get Many', () => {
	test('Return All over many pages outputs every action the service holds, each once, as it sends them', async () => {
		const all = await partner.client.actions<IDataObject>('partner');
		expect(all.length).toBeGreaterThan(100);
		partner.sandbox.configure({ partnerLimitCap: 40 });
		const read = await actions({ returnAll: true });
		expect(actionRequests().length).toBeGreaterThan(3);
		expect(read.map((action) => action.id).sort()).toEqual(all.map((action) => action.id).sort());
		expect(new Set(read.map((action) => action.id)).size).toBe(read.length);
		const first = all.find((action) => action.id === read[0].id);
		expect(read[0]).toEqual(first);
	});

	test('a Limit returns exactly that many', async () => {
		expect(await actions({ returnAll: false, limit: 7 })).toHaveLength(7);
	});

	test('every filter goes in the service format, and what comes back answers it', async () => {
		const all = await partner.client.actions<IDataObject>('partner');
		const approved = all.find((action) => action.status === 'approved' && action.action_type === 'sale') as IDataObject;
		const day = String(approved.action_date).slice(0, 10);
		const read = await actions({
			returnAll: true,
			filters: {
				status: 'approved',
				actionType: 'sale',
				actionDateFrom: day,
				actionDateTo: day.split('-').reverse().join('.'),
				statusUpdatedFrom: `${day} 00:00:00`,
				programIds: [String(approved.advcampaign_id)],
			},
			options: { orderBy: 'datetime' },
		});
		const sent = query(actionRequests()[0].rawQuery);
		const dotted = day.split('-').reverse().join('.');
		expect(sent.get('status')).toBe('approved');
		expect(sent.get('action_type')).toBe('sale');
		expect(sent.get('date_start')).toBe(dotted);
		expect(sent.get('date_end')).toBe(dotted);
		expect(sent.get('status_updated_start')).toBe(`${dotted} 00:00:00`);
		expect(sent.getAll('campaign')).toEqual([String(approved.advcampaign_id)]);
		expect(sent.get('order_by')).toBe('datetime');
		expect(read.map((action) => action.id)).toContain(approved.id);
		for (const action of read) expect(action).toMatchObject({ status: 'approved', action_type: 'sale', advcampaign_id: approved.advcampaign_id });
	});

	test('ad spaces go as repeated website parameters', async () => {
		await actions({ returnAll: false, limit: 5, filters: { adSpaceIds: ['22', '23'], subId: 'spring' } });
		const sent = query(actionRequests()[0].rawQuery);
		expect(sent.getAll('website')).toEqual(['22', '23']);
		expect(sent.get('subid')).toBe('spring');
	});

	test('an answer about another status than the filter asked for is an error naming the filter, never data', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: '/statistics/actions/', body: 'set', key: 'results.0.status', value: 'declined' });
		const result = await run({ returnAll: true, filters: { status: 'approved' } });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('GET /statistics/actions/');
		expect(result.error?.message).toContain('results[0] has "status" "declined", where the Status filter asked for "approved"');
	});

	test('one item per position keeps the action on each line; decimals as numbers', async () => {
		const read = await actions({ returnAll: false, limit: 20, options: { onePerPosition: true, decimalsAsNumbers: true } });
		expect(read.length).toBeGreaterThanOrEqual(20);
		for (const line of read) {
			expect(line).toEqual(expect.objectContaining({ action_id: expect.any(Number), status: expect.any(String), currency: expect.any(String) }));
			if ('amount' in line) expect(typeof line.amount).toBe('number');
		}
	});

	test('bad input names every field at once and sends nothing', async () => {
		const result = await run({
			returnAll: true,
			filters: { actionDateFrom: '2026-11-20', actionDateTo: '2026-11-01', statusUpdatedFrom: 'yesterday', actionId: 'abc', subId3: 'x'.repeat(251) },
		});
		expect(result.error?.name).toBe('NodeOperationError');
		const said = `${result.error?.message}\n${result.error?.description}`;
		for (const field of ['Action Date From', 'Status Updated From', 'Action ID', 'Sub ID 3']) expect(said).toContain(field);
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('a token without the statistics scope: the error says which scope to add', async () => {
		const result = await run({ returnAll: false, limit: 5 }, { credentials: partner.credentialWith(partner.sandbox.tokens.noStatistics) });
		expect(result.error?.message).toContain('"statistics"');
	});

	test('an HTML page with status 200 is an error naming the request', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: '/statistics/actions/', body: 'html' });
		const result = await run({ returnAll: false, limit: 5 });
		expect(result.error?.message).toContain('GET /statistics/actions/');
		expect(result.items).toHaveLength(0);
	});
});
