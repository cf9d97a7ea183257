// What a worker (worker.ts) measures besides time: a full GC, the node's own item transform, what
// nodes log, and the distinct items of a result.
import { createRequire } from 'node:module';

export function fullGc() {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (gc) {
		gc();
		gc();
	}
}

export async function microbenchToItems(keep: unknown): Promise<{ toItemsMsPer10k: number }> {
	const { toItems } = await import('../nodes/shared/execution');
	const records = ((keep as { items: Array<{ json: never }> }).items ?? []).map((item) => item.json);
	const rounds = 5;
	const started = process.cpuUsage();
	for (let round = 0; round < rounds; round++) toItems(records, 0);
	const used = process.cpuUsage(started);
	return { toItemsMsPer10k: ((used.user + used.system) / 1000 / rounds / Math.max(1, records.length)) * 10_000 };
}

/**
 * Keeps what nodes log from here on. A node's `this.logger` is n8n-core's Logger from its DI
 * container (silent in the bench, with `info` a no-op); n8n-core's own copies of @n8n/di and
 * @n8n/backend-common are the ones its execution contexts ask.
 */
export function captureNodeLog(): string[] {
	const fromCore = createRequire(require.resolve('n8n-core'));
	const { Container } = fromCore('@n8n/di') as { Container: { get(type: unknown): object; set(type: unknown, instance: object): void } };
	const { Logger } = fromCore('@n8n/backend-common') as { Logger: unknown };
	const lines: string[] = [];
	const capturing = Object.create(Container.get(Logger)) as object;
	for (const level of ['error', 'warn', 'info', 'debug']) {
		Object.defineProperty(capturing, level, { value: (message: string) => lines.push(`${level}: ${message}`) });
	}
	Container.set(Logger, capturing);
	return lines;
}

export function distinctIds(keep: unknown): number | undefined {
	const items = (keep as { items?: Array<{ json: { id?: unknown } }> }).items;
	return items ? new Set(items.map((item) => String(item.json.id))).size : undefined;
}
