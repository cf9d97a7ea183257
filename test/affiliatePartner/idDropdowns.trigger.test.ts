// The Affiliate Partner Trigger's program and ad space filters as dropdowns (version 1.2), through
// n8n-core's PollContext against the sandbox: loaded as the editor loads them, a chosen ID and an
// ID from an expression narrow the claim and conversion reads alike, and version 1.1 still polls
// with the text its saved workflows hold.
import type { INodePropertyOptions } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import { loadOptions } from '../harness/loadOptions';
import { addCredential, createTrigger } from '../harness/run';

let sandbox: Sandbox;
let programs: INodePropertyOptions[];
let adSpaces: INodePropertyOptions[];
const EVENTS = { events: ['lostOrderCreated', 'appealStatusChanged', 'conversionStatusChanged'] };
beforeAll(async () => {
	sandbox = await startSandbox({ seed: 11 });
	programs = await loadOptions('affiliatePartnerTrigger', 'getPrograms', EVENTS, credentials(), 1.2);
	adSpaces = await loadOptions('affiliatePartnerTrigger', 'getAdSpaces', EVENTS, credentials(), 1.2);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

const credentials = () => addCredential('affiliatePartnerApi', { baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });
const poll = async (typeVersion: number, filters: Record<string, string>) =>
	await createTrigger({ ...EVENTS, filters }, credentials(), {}, 'affiliatePartnerTrigger', typeVersion).poll();

/** The program and ad space each read was narrowed to, by path. */
const narrowedTo = () =>
	sandbox.requests.map((request) => {
		const [program, adSpace] = request.path === '/statistics/actions/' ? ['campaign', 'website'] : ['advcampaign', 'website'];
		return `${request.path} ${String(request.query[program])} ${String(request.query[adSpace])}`;
	});

test('the dropdowns list what the Affiliate Partner node lists', async () => {
	const nodeOptions = await loadOptions('affiliatePartner', 'getPrograms', { resource: 'landingPage', operation: 'getMany' }, credentials(), 1.3);
	expect(programs.length).toBeGreaterThan(0);
	expect(programs).toEqual(nodeOptions);
	expect(adSpaces.length).toBeGreaterThan(0);
});

test.each([
	['version 1.1, the text as saved', 1.1, (program: string, adSpace: string) => ({ programId: program, adSpaceId: adSpace })],
	['version 1.2, chosen from the list', 1.2, (program: string, adSpace: string) => ({ programId: program, adSpaceId: adSpace })],
	['version 1.2, given by an expression', 1.2, (program: string, adSpace: string) => ({ programId: `={{ ${program} }}`, adSpaceId: `={{ "${adSpace}" }}` })],
])('%s: every read is narrowed to the program and ad space', async (_how, typeVersion, filters) => {
	const program = String(programs[0].value);
	const adSpace = String(adSpaces[0].value);
	expect(await poll(typeVersion, filters(program, adSpace))).toBeNull();
	expect(new Set(narrowedTo())).toEqual(new Set(['/lost_orders/', '/appeals/', '/statistics/actions/'].map((path) => `${path} ${program} ${adSpace}`)));
});

test.each([
	[1.1, 'Program ID'],
	[1.2, 'Program Name or ID'],
])('version %s: a bad filter is named "%s", and nothing is sent', async (typeVersion, field) => {
	await expect(poll(typeVersion, { programId: '={{ "abc" }}' })).rejects.toThrow(`Invalid "${field}": must be a positive whole number, got "abc"`);
	expect(sandbox.requests).toHaveLength(0);
});
