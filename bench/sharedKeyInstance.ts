// One n8n instance of the shared-key run (sharedKey.ts), in a process of its own: the Click Report's
// Return All through n8n-core's WorkflowExecute against the sandbox, again and again until told to
// stop, each read checked complete (as many distinct items as the sandbox holds for the period).
// Protocol with the parent (IPC): `ready` after a warm-up read against another origin (so this
// key's pace starts untouched), then `go`; `stop` ends the reads; `result` follows.
import '../test/harness/env';

export interface SharedKeyTask {
	clickUrl: string;
	publicKey: string;
	warmUpUrl: string;
	rate: number;
	maxRequestsPer5Minutes: number;
	dateFrom: string;
	dateTo: string;
	expectedItems: number;
}

export interface InstanceResult {
	reads: number;
	incomplete: string[];
	failed: string[];
	/** The share of the credential's limits this instance ended with. */
	finalShare: number;
}

async function main() {
	const task = JSON.parse(process.argv[2]) as SharedKeyTask;
	const { addCredential, runNode } = await import('../test/harness/run');
	const { sharesByAccount } = await import('../nodes/shared/transport/pacers');
	const credential = (baseUrl: string) =>
		addCredential('clickStatisticsApi', { baseUrl, publicKey: task.publicKey, maxRequestsPerSecond: task.rate, maxRequestsPer5Minutes: task.maxRequestsPer5Minutes });
	const read = (baseUrl: string, returnAll: boolean) =>
		runNode({
			type: 'clickReport',
			parameters: { operation: 'getMany', returnAll, limit: 1, filters: { dateFrom: task.dateFrom, dateTo: task.dateTo } } as never,
			credentials: credential(baseUrl),
		});
	await read(task.warmUpUrl, false);
	let stopping = false;
	const go = new Promise<void>((resolve) =>
		process.on('message', (message: string) => {
			if (message === 'go') resolve();
			if (message === 'stop') stopping = true;
		}),
	);
	// A parent that is gone (a test stopped by its timeout) never says stop: this instance would read,
	// and fail, forever.
	process.on('disconnect', () => process.exit(1));
	process.send!('ready');
	await go;
	const result: InstanceResult = { reads: 0, incomplete: [], failed: [], finalShare: 1 };
	while (!stopping) {
		const outcome = await read(task.clickUrl, true);
		result.reads++;
		if (outcome.error) {
			result.failed.push(`${outcome.error.message} ${outcome.error.description ?? ''}`.trim());
			continue;
		}
		const distinct = new Set(outcome.items.map((item) => item.json.id)).size;
		if (distinct !== task.expectedItems || outcome.items.length !== task.expectedItems) {
			result.incomplete.push(`${outcome.items.length} items, ${distinct} distinct, expected ${task.expectedItems}`);
		}
	}
	const origin = new URL(task.clickUrl).origin;
	result.finalShare = Object.entries(sharesByAccount()).find(([key]) => key.includes(origin))?.[1] ?? Number.NaN;
	process.send!({ type: 'result', result });
	setTimeout(() => process.exit(0), 100);
}

void main();
