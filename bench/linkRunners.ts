// The runner of the link cases (linkCases.ts) inside a worker process (worker.ts): a batched
// operation of the package (Deeplink → Create, Link → Resolve) through n8n-core, one input item
// per URL, as a sheet's rows reach it, or all URLs in one item. The run checks the pairing itself: a fast run that puts a
// link on the wrong row is no result.
import { registerPerItemFloor, type ParameterReads } from './linkFloor';
import { credentialsFor, type ListNodeTask, type ListRunner } from './listRunners';

export interface LinkNodeTask extends Pick<ListNodeTask, 'service' | 'url' | 'key' | 'rate' | 'maxRequestsPer5Minutes' | 'type' | 'typeVersion'> {
	kind: 'linkNode';
	/** The operation's parameters but its URLs, which read the input items' URLs. */
	parameters: Record<string, unknown>;
	urls: string[];
	/** All URLs in one input item (an array read by `{{ $json.urls }}`) instead of one item per URL. */
	inOneItem?: boolean;
	/** The output field that holds the link (`link`, `trackingLink`). */
	linkField: string;
	/** The parameters the operation reads, for n8n's per-item floor (linkFloor.ts). */
	reads: ParameterReads;
	/** Run the per-item floor node (the same parameters read, no check, no request) instead of the operation. */
	perItemFloor?: boolean;
	/** Write a CPU profile of the measured run to this file (linkProfile.ts). */
	profileFile?: string;
}

const inputOf = (urls: string[], inOneItem?: boolean) => (inOneItem ? [{ json: { urls } }] : urls.map((url) => ({ json: { url } })));

/** What is wrong with a run's output, or undefined: one item per URL, in input order, paired with its item, each with a link. */
function pairingProblem(items: Array<{ json: Record<string, unknown>; pairedItem?: unknown }>, urls: string[], linkField: string | undefined, inOneItem?: boolean): string | undefined {
	if (items.length !== urls.length) return `${items.length} items for ${urls.length} URLs`;
	for (let index = 0; index < urls.length; index++) {
		const { json, pairedItem } = items[index];
		if (json.url !== urls[index]) return `item ${index} is the URL ${String(json.url)}, expected ${urls[index]}`;
		if ((pairedItem as { item?: number } | undefined)?.item !== (inOneItem ? 0 : index)) return `item ${index} is paired with ${JSON.stringify(pairedItem)}`;
		if (linkField && typeof json[linkField] !== 'string') return `item ${index} has no ${linkField}`;
	}
	return undefined;
}

export async function linkNodeRunner(task: LinkNodeTask): Promise<ListRunner> {
	const { runNode } = await import('../test/harness/run');
	const credentials = await credentialsFor(task);
	// The floor node has no links to check: its items carry the URLs read, paired as the operation's.
	const type = task.perItemFloor ? await registerPerItemFloor(task.type, task.typeVersion ?? 1, task.reads) : task.type;
	const execute = async (urls: string[]) => {
		const parameters = { ...task.parameters, urls: task.inOneItem ? '={{ $json.urls }}' : '={{ $json.url }}' };
		const result = await runNode({ type, typeVersion: task.typeVersion, parameters: parameters as never, credentials }, inputOf(urls, task.inOneItem));
		if (result.error) throw new Error(`${result.error.message} ${result.error.description ?? ''}`);
		const problem = pairingProblem(result.items as never, urls, task.perItemFloor ? undefined : task.linkField, task.inOneItem);
		if (problem) throw new Error(`the links do not pair with their URLs: ${problem}`);
		return result;
	};
	return {
		warmUp: async () => {
			await execute(task.urls.slice(0, 1));
		},
		run: async () => {
			const result = await execute(task.urls);
			return { items: result.items.length, keep: result };
		},
	};
}
