// Click Report → Link → Resolve through real n8n-core against the sandbox over HTTP: the run, the
// URLs of covered and uncovered shops (sandbox/click/resolve.ts), and what the sandbox was sent.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RESOLVE_PATH } from '../../nodes/shared/linkResolve';
import type { Sandbox } from '../../sandbox/server';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

export { RESOLVE_PATH };

export const useResolveSandbox = () => useSandbox({ clickItems: 10, clickDays: 2 }, { latencyMs: 0, rateLimits: false, resolveUncovered: 'nullLink' });

/** A product URL of a shop the sandbox covers (one of four, in turn), or with `uncovered`, of none. */
export function productUrl(index: number, uncovered = false): string {
	const shops = ['https://shop-one.example', 'https://www.fashion-two.example', 'https://travel-three.example', 'https://electro-four.example'];
	return uncovered ? `https://no-program.example/item/${index}?sizes=38,39` : `${shops[index % shops.length]}/product/${index}?ref=sheet,a`;
}

export interface ResolveRun {
	continueOnFail?: boolean;
	baseUrl?: string;
	parameters?: INodeParameters;
}

/** The node at version 1.2 resolving the URLs of each input item (`json.urls`, and `json.subId` when set). */
export async function resolveLinks(sandbox: Sandbox, inputs: IDataObject[], run: ResolveRun = {}) {
	const credentials = addCredential('clickStatisticsApi', {
		baseUrl: run.baseUrl ?? sandbox.clickUrl,
		publicKey: sandbox.publicKey,
		maxRequestsPerSecond: 1000,
		maxRequestsPer5Minutes: UNLIMITED_WINDOW,
	});
	return await runNode(
		{
			type: 'clickReport',
			typeVersion: 1.2,
			parameters: { resource: 'link', operation: 'resolve', urls: '={{ $json.urls }}', subId: '={{ $json.subId ?? "" }}', ...run.parameters },
			credentials,
			continueOnFail: run.continueOnFail,
		},
		inputs.map((json) => ({ json })),
	);
}

/** The resolve requests the sandbox received, with the JSON body each sent (from the link of each answer's entries). */
export const resolveRequests = (sandbox: Sandbox) => sandbox.requests.filter((request) => request.path === RESOLVE_PATH);

/** The query of a tracking link: `s` (the sub ID) and `url` (the deeplink). */
export const linkQuery = (link: unknown) => new URL(String(link)).searchParams;
