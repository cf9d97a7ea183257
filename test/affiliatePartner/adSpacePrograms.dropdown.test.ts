// The program dropdown of Deeplink → Create and Program → Get and Leave: the chosen ad space's
// programs with their connection status (/advcampaigns/website/{id}/), loaded through n8n-core's
// LoadOptionsContext as the editor loads them; without an ad space chosen, the account's programs
// of the statistics, as every other program dropdown.
import type { INodeParameters } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { loadOptions } from '../harness/loadOptions';
import { addCredential } from '../harness/run';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(async () => sandbox.close());
beforeEach(() => sandbox.resetRequests());

const credentials = () => addCredential('affiliatePartnerApi', { baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });
const load = async (parameters: INodeParameters) => await loadOptions('affiliatePartner', 'getAdSpacePrograms', parameters, credentials(), 1.3);
const sent = () => sandbox.requests.map((request) => request.path);

test.each([
	['Deeplink → Create', { resource: 'deeplink', operation: 'create' }],
	['Program → Get', { resource: 'program', operation: 'get' }],
	['Program → Leave', { resource: 'program', operation: 'leave' }],
])('%s: the chosen ad space\'s programs, each with its connection status', async (_name, operation) => {
	const programs = await new SandboxClient(sandbox).partnerRecords<{ id: number; name: string; connection_status: string }>('/advcampaigns/website/1021/');
	sandbox.resetRequests();
	const options = await load({ ...operation, adSpaceId: '1021' });
	expect(options.map((option) => option.value).sort()).toEqual(programs.map((program) => String(program.id)).sort());
	expect(options).toContainEqual({ name: `${programs[0].name} (${programs[0].id})`, value: String(programs[0].id), description: `Connection: ${programs[0].connection_status}` });
	expect(options.map((option) => option.description)).toContain('Connection: pending');
	expect(sent()).toEqual(['/advcampaigns/website/1021/']);
});

test('another ad space, other programs', async () => {
	const first = await load({ resource: 'deeplink', operation: 'create', adSpaceId: '1021' });
	const other = await load({ resource: 'deeplink', operation: 'create', adSpaceId: '1023' });
	expect(other.map((option) => option.value)).not.toEqual(first.map((option) => option.value));
	expect(other).toHaveLength(2);
});

test('no ad space chosen, or one by expression: the programs of the statistics', async () => {
	const ofStatistics = await loadOptions('affiliatePartner', 'getPrograms', { resource: 'landingPage', operation: 'getMany' }, credentials(), 1.3);
	expect(ofStatistics.length).toBeGreaterThan(0);
	expect(await load({ resource: 'deeplink', operation: 'create', adSpaceId: '' })).toEqual(ofStatistics);
	expect(await load({ resource: 'deeplink', operation: 'create', adSpaceId: '={{ $json.adSpace }}' })).toEqual(ofStatistics);
	expect(sent().every((path) => path === '/statistics/campaigns/')).toBe(true);
});
