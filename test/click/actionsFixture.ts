// Click Report → Action → Get Many through real n8n-core against the sandbox over HTTP: a sandbox
// with the seeded actions and 1,300 more created by the test (several pages of 500), the run, and
// what the sandbox was asked.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, runNode } from '../harness/run';

export const ACTIONS_PATH = '/v3/api/stats/action';
/** Created by the test: with the 300 seeded, four pages of 500 in all. */
export const CREATED_ACTIONS = 1_300;

export interface ActionSandbox {
	sandbox: Sandbox;
	client: SandboxClient;
	/** The created actions' createdAt range: a filter on it reads only them, which nothing seeded changes. */
	created: { from: string; to: string; ids: string[] };
}

export function useActionSandbox(): () => ActionSandbox {
	let fixture: ActionSandbox | undefined;
	beforeAll(async () => {
		const sandbox = await startSandbox({ clickItems: 2_000, clickDays: 30 });
		const client = new SandboxClient(sandbox);
		const made = await client.createActions<IDataObject>('click', Array.from({ length: CREATED_ACTIONS }, () => ({})));
		const stamps = made.map((action) => String(action.createdAt)).sort();
		fixture = { sandbox, client, created: { from: stamps[0], to: stamps[stamps.length - 1], ids: made.map((action) => String(action.actionId)) } };
	});
	afterAll(async () => fixture?.sandbox.close());
	beforeEach(() => {
		fixture!.sandbox.clearFaults();
		fixture!.sandbox.resetRequests();
		fixture!.sandbox.configure({ latencyMs: 0, rateLimits: false });
	});
	return () => fixture!;
}

/** The node at `typeVersion` (1.2 unless given) reading actions with these parameters. */
export async function readActions(fixture: ActionSandbox, parameters: INodeParameters, options: { rate?: number; typeVersion?: number } = {}) {
	const { sandbox } = fixture;
	const credentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.clickUrl,
		publicKey: sandbox.publicKey,
		maxRequestsPerSecond: options.rate ?? 1000,
		maxRequestsPer5Minutes: UNLIMITED_WINDOW,
	});
	return await runNode({
		type: 'clickReport',
		typeVersion: options.typeVersion ?? 1.2,
		parameters: { resource: 'action', operation: 'getMany', ...parameters },
		credentials,
	});
}

export const actionRequests = (fixture: ActionSandbox) => fixture.sandbox.requests.filter((request) => request.path === ACTIONS_PATH);
export const sentQuery = (request: { rawQuery: string }) => new URLSearchParams(request.rawQuery);
export const actionIds = (items: Array<{ json: IDataObject }>) => items.map((item) => String(item.json.actionId));
