// The runners of the conversion lists' Return All (conversionCases.ts) inside a worker process
// (worker.ts): any node and operation of the package through n8n-core, or a hand-written loop over
// an offset list ({results, _meta}) or a cursor list ({meta: {next}, data}); the batched link
// operations' runner is in linkRunners.ts.
import { linkNodeRunner, type LinkNodeTask } from './linkRunners';
import { sequentialCursorList, sequentialPartnerList, type SequentialResult } from './sequential';

export type ListService = 'partner' | 'click';

/** The package's node as n8n runs it: the credential of `service` at `rate`, then the node with `parameters` and Return All. */
export interface ListNodeTask {
	kind: 'listNode';
	service: ListService;
	url: string;
	key: string;
	rate: number;
	/** Click credentials only: the client-side 5-minute window. */
	maxRequestsPer5Minutes?: number;
	type: 'affiliatePartner' | 'clickReport';
	typeVersion?: number;
	parameters: Record<string, unknown>;
	/** The fields that tell one output item from another, to count distinct items. */
	keyFields: string[];
}

/** The loop a user writes by hand: one page after the other, paced by the same RequestPacer. */
export interface ListSeqTask {
	kind: 'listSeq';
	service: ListService;
	url: string;
	key: string;
	rate: number;
	path: string;
	query?: Record<string, string>;
	paging: 'offset' | 'cursor';
}

/** A list read (Return All) by the node or by a loop, or a batched link operation (linkRunners.ts). */
export type ListTask = ListNodeTask | ListSeqTask | LinkNodeTask;

export interface ListRunner {
	warmUp(): Promise<void>;
	run(): Promise<{ items: number; extra?: Record<string, unknown>; keep: unknown }>;
}

/** The credential of a service at a pace (and, for the click service, a 5-minute window), added to the harness. */
export async function credentialsFor(at: Pick<ListNodeTask, 'service' | 'url' | 'key' | 'rate' | 'maxRequestsPer5Minutes'>) {
	const { addCredential } = await import('../test/harness/run');
	return at.service === 'click'
		? addCredential('clickStatisticsApi', {
				baseUrl: at.url,
				publicKey: at.key,
				maxRequestsPerSecond: at.rate,
				maxRequestsPer5Minutes: at.maxRequestsPer5Minutes ?? 100,
			})
		: addCredential('affiliatePartnerApi', { baseUrl: at.url, authentication: 'accessToken', accessToken: at.key, maxRequestsPerSecond: at.rate });
}

export async function listNodeRunner(task: ListNodeTask): Promise<ListRunner> {
	const { runNode } = await import('../test/harness/run');
	const credentials = await credentialsFor(task);
	const execute = async (returnAll: boolean) => {
		const parameters = { ...task.parameters, returnAll, limit: 1 };
		const result = await runNode({ type: task.type, typeVersion: task.typeVersion, parameters: parameters as never, credentials });
		if (result.error) throw new Error(`${result.error.message} ${result.error.description ?? ''}`);
		return result;
	};
	return {
		warmUp: async () => {
			await execute(false);
		},
		run: async () => {
			const result = await execute(true);
			return { items: result.items.length, keep: result };
		},
	};
}

export function listSeqRunner(task: ListSeqTask): ListRunner {
	const options = { baseUrl: task.url, authorization: `Bearer ${task.key}`, rate: task.rate, path: task.path, query: task.query ?? {} };
	return {
		warmUp: async () => {
			const query = new URLSearchParams({ ...task.query, limit: '1' });
			await (await fetch(`${task.url}${task.path}?${query}`, { headers: { Authorization: `Bearer ${task.key}` } })).text();
		},
		run: async () => {
			const result: SequentialResult = task.paging === 'cursor' ? await sequentialCursorList(options) : await sequentialPartnerList(options);
			return {
				items: result.items.length,
				extra: { clientRequests: result.requests, throttled: result.throttled, jsonBytes: result.jsonBytes },
				keep: result,
			};
		},
	};
}

export async function listRunner(task: ListTask): Promise<ListRunner> {
	if (task.kind === 'linkNode') return await linkNodeRunner(task);
	return task.kind === 'listNode' ? await listNodeRunner(task) : listSeqRunner(task);
}

/** Distinct output items by the task's key fields (a report row is its group and currency). */
export function distinctByKeys(keep: unknown, keyFields: string[]): number | undefined {
	const items = (keep as { items?: Array<{ json: Record<string, unknown> }> }).items;
	return items ? new Set(items.map((item) => JSON.stringify(keyFields.map((field) => item.json[field])))).size : undefined;
}
