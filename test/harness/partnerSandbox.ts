/**
 * A sandbox for a file of Affiliate Partner tests: started before them, stopped after, its faults,
 * page cap and request log reset before each, and the node run through real n8n-core against it.
 */
import type { INodeCredentials, INodeParameters } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox, type SandboxConfig } from '../../sandbox/server';
import { addCredential, runNode } from './run';

export interface PartnerSandbox {
	readonly sandbox: Sandbox;
	/** Reads the sandbox with its own token (what the service holds). */
	readonly client: SandboxClient;
	/** The credential of the sandbox's own token. */
	readonly credentials: INodeCredentials;
	credentialWith(accessToken: string, baseUrl?: string): INodeCredentials;
	/** Runs the node (version 1.2) on one empty item with these parameters on top of `base`. */
	run(parameters: INodeParameters, options?: { credentials?: INodeCredentials }): ReturnType<typeof runNode>;
}

export function partnerSandbox(base: INodeParameters, config: Partial<SandboxConfig> = {}): PartnerSandbox {
	let sandbox: Sandbox;
	let client: SandboxClient;
	let credentials: INodeCredentials;
	const credentialWith = (accessToken: string, baseUrl = sandbox.partnerUrl) =>
		addCredential('affiliatePartnerApi', { baseUrl, accessToken, maxRequestsPerSecond: 1000 });
	beforeAll(async () => {
		sandbox = await startSandbox();
		client = new SandboxClient(sandbox);
		credentials = credentialWith(sandbox.accessToken);
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => {
		sandbox.clearFaults();
		sandbox.configure({ partnerLimitCap: 500, ...config });
		sandbox.resetRequests();
	});
	return {
		get sandbox() {
			return sandbox;
		},
		get client() {
			return client;
		},
		get credentials() {
			return credentials;
		},
		credentialWith,
		run: async (parameters, options = {}) =>
			await runNode(
				{ type: 'affiliatePartner', typeVersion: 1.2, parameters: { ...base, ...parameters }, credentials: options.credentials ?? credentials },
				[{ json: {} }],
			),
	};
}
