/** Program → Join and Leave, through real n8n-core against the sandbox: POSTs sent once, their answers checked, the ad space's programs changed. */
import type { IDataObject } from 'n8n-workflow';

import type { FaultSpec } from '../../sandbox/server';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'program' });
const run = partner.run;

/** The ad space these tests join and leave programs of; the read tests use another. */
const AD_SPACE = '1022';

const posts = () => partner.sandbox.requests.filter((request) => request.method === 'POST');

async function connectionOf(programId: string): Promise<string | undefined> {
	const all = await partner.client.partnerRecords<IDataObject>(`/advcampaigns/website/${AD_SPACE}/`);
	partner.sandbox.resetRequests();
	return all.find((program) => String(program.id) === programId)?.connection_status as string | undefined;
}

/** A token the sandbox mints for exactly these scopes. */
async function tokenWith(scopes: string[]): Promise<string> {
	const basic = Buffer.from(`${partner.sandbox.clientId}:${partner.sandbox.clientSecret}`).toString('base64');
	const answer = await fetch(`${partner.sandbox.partnerUrl}/token/`, {
		method: 'POST',
		headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ grant_type: 'client_credentials', client_id: partner.sandbox.clientId, scope: scopes.join(' ') }).toString(),
	});
	return ((await answer.json()) as { access_token: string }).access_token;
}

describe('Program → Join and Leave', () => {
	test('Join: one POST to attach, the answer as the service sends it, and Get Many then lists the program as active', async () => {
		expect(await connectionOf('6115')).toBeUndefined();
		const result = await run({ operation: 'join', adSpaceId: AD_SPACE, programId: '6115' });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ message: expect.any(String), success: 'OK' }]);
		expect(posts().map((request) => request.path)).toEqual([`/advcampaigns/6115/attach/${AD_SPACE}/`]);
		const listed = await run({ operation: 'getMany', adSpaceId: AD_SPACE, returnAll: true, filters: { connectionStatus: 'active' } });
		expect(listed.items.map((item) => item.json.id)).toContain(6115);
	});

	test('Leave: one POST to detach, answered "Deleted"; the program is then no longer the ad space\'s', async () => {
		expect(await connectionOf('9120')).toBe('active');
		const result = await run({ operation: 'leave', adSpaceId: AD_SPACE, programId: '9120' });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ message: expect.any(String), success: 'Deleted' }]);
		expect(posts().map((request) => request.path)).toEqual([`/advcampaigns/9120/detach/${AD_SPACE}/`]);
		expect(await connectionOf('9120')).toBeUndefined();
		const got = await run({ operation: 'get', adSpaceId: AD_SPACE, programId: '9120' });
		expect(got.error?.message).toContain(`Program 9120 of ad space ${AD_SPACE} was not found`);
	});

	// 500 is retried for no request; 503 and a dropped connection are, for a GET: a POST is not.
	test.each<[string, string, string, FaultSpec]>([
		['join', 'attach', 'HTTP 500', { kind: 'status', status: 500 }],
		['join', 'attach', 'HTTP 503', { kind: 'status', status: 503 }],
		['join', 'attach', 'closed unexpectedly', { kind: 'reset' }],
		['leave', 'detach', 'HTTP 503', { kind: 'status', status: 503 }],
	])('%s (POST …/%s/…) is sent once even when the answer says %s', async (operation, word, says, fault) => {
		partner.sandbox.injectFault({ ...fault, api: 'partner', method: 'POST', pathPrefix: '/advcampaigns/' });
		const result = await run({ operation, adSpaceId: AD_SPACE, programId: '7204' });
		expect(`${result.error?.message} ${result.error?.description}`).toContain(says);
		expect(`${result.error?.message} ${result.error?.description}`).toContain(`POST /advcampaigns/7204/${word}/${AD_SPACE}/`);
		expect(posts()).toHaveLength(1);
		expect(partner.sandbox.requests).toHaveLength(1);
	});

	test('a join answered in another shape is an error naming the request, which says the join may have happened (and it did)', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', method: 'POST', pathPrefix: '/advcampaigns/', body: 'set', key: 'success', value: 'Maybe' });
		const result = await run({ operation: 'join', adSpaceId: AD_SPACE, programId: '8311' });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain(`POST /advcampaigns/8311/attach/${AD_SPACE}/`);
		expect(result.error?.message).toContain('its "success" is "Maybe", not "OK"; the ad space may have joined the program all the same: check with Program → Get');
		expect(posts()).toHaveLength(1);
		expect(await connectionOf('8311')).toBe('active');
	});

	test('a leave answered "OK" (a join\'s answer) is an error, never taken as left', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', method: 'POST', pathPrefix: '/advcampaigns/', body: 'set', key: 'success', value: 'OK' });
		const result = await run({ operation: 'leave', adSpaceId: AD_SPACE, programId: '8311' });
		expect(result.error?.message).toContain('its "success" is "OK", not "Deleted"; the ad space may have left the program all the same');
		expect(posts()).toHaveLength(1);
	});

	test('a token without manage_advcampaigns: the error names the scope to add, and reads still work', async () => {
		const readOnly = partner.credentialWith(await tokenWith(['advcampaigns_for_website']));
		const refused = await run({ operation: 'join', adSpaceId: AD_SPACE, programId: '11876' }, { credentials: readOnly });
		expect(refused.error?.message).toContain('"manage_advcampaigns"');
		const read = await run({ operation: 'getMany', adSpaceId: AD_SPACE, returnAll: true }, { credentials: readOnly });
		expect(read.error).toBeUndefined();
		const none = await run({ operation: 'getMany', adSpaceId: AD_SPACE, returnAll: true }, { credentials: partner.credentialWith(await tokenWith(['statistics'])) });
		expect(none.error?.message).toContain('"advcampaigns_for_website"');
	});

	test('a join with a program ID that is no ID is refused by name before any request', async () => {
		const result = await run({ operation: 'join', adSpaceId: AD_SPACE, programId: '={{ "12a" }}' });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toContain('Program Name or ID');
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('a new resource: dropdowns in every version of the node, named so (here version 1)', async () => {
		const { runNode } = await import('../harness/run');
		const result = await runNode({ type: 'affiliatePartner', typeVersion: 1, parameters: { resource: 'program', operation: 'leave', adSpaceId: 'abc', programId: '={{ "12a" }}' }, credentials: partner.credentials });
		const said = `${result.error?.message}\n${result.error?.description}`;
		expect(said).toContain('Ad Space Name or ID');
		expect(said).toContain('Program Name or ID');
		expect(partner.sandbox.requests).toHaveLength(0);
	});
});
