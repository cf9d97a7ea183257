/** Ad Space → Get Many and Get, and the ad spaces' dropdown, through real n8n-core against the sandbox, in both envelopes of /websites/v2/. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FaultSpec } from '../../sandbox/server';
import { startProxy, type FuzzProxy } from '../fuzz/proxy';
import { loadOptions } from '../harness/loadOptions';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'adSpace' }, { websitesV2Envelope: 'array' });
const run = partner.run;
let proxy: FuzzProxy;

beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => proxy.close());

async function records(parameters: INodeParameters) {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

/** Every ad space as the service sends it in the docs' envelope, a bare array. */
async function allAdSpaces(query: Record<string, string> = {}) {
	partner.sandbox.configure({ websitesV2Envelope: 'array' });
	const all = await partner.client.partner<IDataObject[]>('/websites/v2/', query);
	partner.sandbox.resetRequests();
	return all;
}

const sent = () => partner.sandbox.requests.map((request) => `${request.path}?${request.rawQuery}`);

describe('Ad Space → Get Many', () => {
	test('a bare array (the docs): every ad space, proven whole by the page after it', async () => {
		const all = await allAdSpaces();
		expect(all.length).toBeGreaterThanOrEqual(5);
		expect(await records({ operation: 'getMany', returnAll: true })).toEqual(all);
		// The sandbox, as the docs show it, ignores the paging: the same records again prove the first whole.
		expect(sent()).toEqual(['/websites/v2/?limit=500&offset=0', `/websites/v2/?limit=500&offset=${all.length}`]);
	});

	test('a bare array paged without a count (a server capping pages silently) fails loudly, nothing output', async () => {
		const all = await allAdSpaces();
		const capped = proxy.open({
			upstream: partner.sandbox.partnerUrl,
			api: 'partner',
			budget: 20,
			labels: 'query',
			rewrite: (answer, exchange) => {
				const offset = Number(exchange.query.get('offset') ?? 0);
				const body = JSON.parse(answer.text) as IDataObject[];
				return { ...answer, text: JSON.stringify(body.slice(offset, offset + 3)) };
			},
		});
		const result = await run({ operation: 'getMany', returnAll: true }, { credentials: partner.credentialWith(partner.sandbox.accessToken, capped.baseUrl) });
		expect(all.length).toBeGreaterThan(3);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('GET /websites/v2/ cannot be read whole: it answered a bare array of 3 records, and more at offset 3');
	});

	test('{results, _meta} pages (the Python client): Return All over several pages gives every ad space once', async () => {
		const all = await allAdSpaces();
		partner.sandbox.configure({ websitesV2Envelope: 'results', partnerLimitCap: 2 });
		const read = await records({ operation: 'getMany', returnAll: true });
		expect(read).toEqual(all);
		expect(partner.sandbox.requests.length).toBeGreaterThan(2);
	});

	test('a Limit, in either envelope', async () => {
		expect(await records({ operation: 'getMany', returnAll: false, limit: 2 })).toHaveLength(2);
		partner.sandbox.configure({ websitesV2Envelope: 'results' });
		expect(await records({ operation: 'getMany', returnAll: false, limit: 3 })).toHaveLength(3);
	});

	test('the status filters go as status and campaign_status', async () => {
		const active = await allAdSpaces({ status: 'active', campaign_status: 'active' });
		expect(active.length).toBeGreaterThan(0);
		const read = await records({ operation: 'getMany', returnAll: true, filters: { status: 'active', campaignStatus: 'active' } });
		expect(read).toEqual(active);
		expect(sent()[0]).toBe('/websites/v2/?status=active&campaign_status=active&limit=500&offset=0');
	});

	test('a bare array of exactly the 500 asked for cannot be told whole: refused, nothing output', async () => {
		const padded = proxy.open({
			upstream: partner.sandbox.partnerUrl,
			api: 'partner',
			budget: 20,
			labels: 'query',
			rewrite: (answer) => {
				const body = JSON.parse(answer.text) as IDataObject[];
				const more = Array.from({ length: 500 - body.length }, (_, index) => ({ ...body[0], id: 900_000 + index }));
				return { ...answer, text: JSON.stringify([...body, ...more]) };
			},
		});
		const result = await run({ operation: 'getMany', returnAll: true }, { credentials: partner.credentialWith(partner.sandbox.accessToken, padded.baseUrl) });
		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toContain('GET /websites/v2/ cannot be read whole: it answered the same 500 records, as many as asked for, at offsets 0 and 500');
	});

	test('an ad space in another status than the filter asked for is an error naming the filter, never data', async () => {
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: '/websites/v2/', body: 'set', key: '0.status', value: 'declined' });
		const result = await run({ operation: 'getMany', returnAll: true, filters: { status: 'active' } });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('GET /websites/v2/');
		expect(result.error?.message).toContain('the array[0] is in status "declined", not the active the filter Status asked for');
	});

	test.each<[string, 'array' | 'results', Partial<FaultSpec>, string]>([
		['an HTML page with status 200', 'array', { body: 'html' }, 'GET /websites/v2/'],
		['a cut-off body', 'results', { body: 'truncated' }, 'GET /websites/v2/'],
		['an ad space without an id', 'array', { body: 'set', key: '1', value: { name: 'no id' } }, 'the array[1] is not an object with "id"'],
		['a count that is not a whole number', 'results', { body: 'set', key: '_meta.count', value: 1.5 }, '"_meta.count" is 1.5, not a whole number'],
	])('%s (%s) is an error naming the request', async (_name, envelope, fault, says) => {
		partner.sandbox.configure({ websitesV2Envelope: envelope });
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: '/websites/v2/', ...fault } as FaultSpec);
		const result = await run({ operation: 'getMany', returnAll: true });
		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toContain('GET /websites/v2/');
		expect(result.error?.message).toContain(says);
	});

	test('bad input names every field at once and sends nothing', async () => {
		const result = await run({ operation: 'getMany', returnAll: false, limit: 0, filters: { status: '={{ "gone" }}', campaignStatus: '={{ 5 }}' } });
		expect(result.error?.name).toBe('NodeOperationError');
		const said = `${result.error?.message}\n${result.error?.description}`;
		for (const field of ['Limit', 'Status', 'Program Connection Status']) expect(said).toContain(field);
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('a token without the websites scope: the error names the scope to add', async () => {
		const result = await run({ operation: 'getMany', returnAll: true }, { credentials: partner.credentialWith(partner.sandbox.tokens.noWebsites) });
		expect(result.error?.message).toContain('"websites"');
	});
});

describe('Ad Space → Get', () => {
	test('one ad space by its ID, as the service sends it', async () => {
		const [first] = await allAdSpaces();
		expect(await records({ operation: 'get', adSpaceId: String(first.id) })).toEqual([first]);
		expect(sent()).toEqual([`/websites/v2/${String(first.id)}/?`]);
	});

	test('an ID that is not digits is refused before any request', async () => {
		const result = await run({ operation: 'get', adSpaceId: '12a' });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toContain('Ad Space Name or ID');
		expect(partner.sandbox.requests).toHaveLength(0);
	});

	test('an ad space that does not exist is named; another ad space answered is an error', async () => {
		const missing = await run({ operation: 'get', adSpaceId: '999999' });
		expect(missing.error?.message).toContain('Ad space 999999');
		const [first] = await allAdSpaces();
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: `/websites/v2/${String(first.id)}/`, body: 'set', key: 'id', value: 4242 });
		const other = await run({ operation: 'get', adSpaceId: String(first.id) });
		expect(other.items).toHaveLength(0);
		expect(other.error?.message).toContain(`GET /websites/v2/${String(first.id)}/`);
		expect(other.error?.message).toContain('not the record asked for');
	});
});

describe('the ad spaces dropdown', () => {
	test.each(['array', 'results'] as const)('lists every ad space as "Name (ID)" (envelope %s)', async (envelope) => {
		const all = await allAdSpaces();
		partner.sandbox.configure({ websitesV2Envelope: envelope, partnerLimitCap: 2 });
		const options = await loadOptions('affiliatePartner', 'getAdSpaces', { resource: 'adSpace', operation: 'get' }, partner.credentials);
		expect(options.map((option) => option.value).sort()).toEqual(all.map((adSpace) => String(adSpace.id)).sort());
		for (const adSpace of all) expect(options).toContainEqual(expect.objectContaining({ name: `${String(adSpace.name)} (${String(adSpace.id)})`, value: String(adSpace.id) }));
		expect(options.map((option) => option.name)).toEqual([...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b, 'en')));
	});
});
