// Click Report → Merchant and Coupon through real n8n-core against the sandbox over HTTP: the node
// run with its parameters and input items, what the sandbox was asked, and the sandbox's own
// answers read directly with its key, to compare with.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

export const MERCHANTS_PATH = '/v1/product/monetize-api/v2/merchant';
export const COUPONS_PATH = '/v1/product/monetize-api/v1/coupon';
export const SEARCH_PATH = '/v1/product/monetize-api/v1/coupon/search';

export const useMonetizeSandbox = () => useSandbox({ clickItems: 100, clickDays: 5 }, { latencyMs: 0, rateLimits: false });

/** The Click Report 1.2 running `resource`/`operation` with these parameters over `input` items. */
export async function runClick(
	sandbox: Sandbox,
	resource: string,
	operation: string,
	parameters: INodeParameters,
	options: { input?: INodeExecutionData[]; continueOnFail?: boolean } = {},
) {
	const credentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.clickUrl,
		publicKey: sandbox.publicKey,
		maxRequestsPerSecond: 1000,
		maxRequestsPer5Minutes: UNLIMITED_WINDOW,
	});
	return await runNode(
		{ type: 'clickReport', typeVersion: 1.2, parameters: { resource, operation, ...parameters }, credentials, continueOnFail: options.continueOnFail },
		options.input,
	);
}

export const requestsTo = (sandbox: Sandbox, path: string) => sandbox.requests.filter((request) => request.path === path);
export const sentQuery = (request: { rawQuery: string }) => new URLSearchParams(request.rawQuery);

/** Every record of a cursor list as the sandbox serves it for `query`, read directly. */
export async function everyRecord(sandbox: Sandbox, path: string, query = ''): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	let next: string | null = null;
	do {
		const url = `${sandbox.clickUrl}${path}?limit=500${query ? `&${query}` : ''}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
		const page = (await (await fetch(url, { headers: { authorization: `Bearer ${sandbox.publicKey}` } })).json()) as { meta: { next: string | null }; data: IDataObject[] };
		records.push(...page.data);
		next = page.meta.next;
	} while (next !== null);
	return records;
}

/** The sandbox's search answer for these URLs, asked directly (one request, not counted by the tests' own). */
export async function searchDirectly(sandbox: Sandbox, body: IDataObject): Promise<Array<{ iri: string; coupons: IDataObject[] }>> {
	const res = await fetch(`${sandbox.clickUrl}${SEARCH_PATH}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sandbox.publicKey}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return ((await res.json()) as { data: Array<{ iri: string; coupons: IDataObject[] }> }).data;
}
