// The bench's sandboxes, through the sandbox's one client (sandbox/client.ts): each in a process of
// its own, so that the node under measurement shares its CPU and memory with nothing but n8n-core.
import { spawnSandbox, type SpawnOptions, type SpawnedSandbox } from '../sandbox/client';
import { freePort } from './httpRequestNode';

export type BenchSandbox = SpawnedSandbox;

export function startBenchSandbox(options: SpawnOptions): Promise<BenchSandbox> {
	// Up to 100,000 click items and a log of every request.
	return spawnSandbox({ ...options, nodeOptions: ['--max-old-space-size=4096'] });
}

/**
 * Fixed ports for the sandboxes, so that every HTTP Request workflow can be built and imported
 * in one CLI call at the start. The keys come from the sandbox seed (1), the same in every one.
 */
const ports: Record<string, { partnerPort: number; clickPort: number }> = {};
export async function portsFor(name: string) {
	ports[name] ??= { partnerPort: await freePort(), clickPort: await freePort() };
	return ports[name];
}
export const urls = (p: { partnerPort: number; clickPort: number }) => ({
	partnerUrl: `http://127.0.0.1:${p.partnerPort}`,
	clickUrl: `http://127.0.0.1:${p.clickPort}`,
});
