// The bench's sandboxes, through the sandbox's one client (sandbox/client.ts): each in a process of
// its own, so that the node under measurement shares its CPU and memory with nothing but n8n-core.
import { spawnSandbox, type SpawnOptions, type SpawnedSandbox } from '../sandbox/client';

export type BenchSandbox = SpawnedSandbox;

export function startBenchSandbox(options: SpawnOptions): Promise<BenchSandbox> {
	// Up to 100,000 click items and a log of every request.
	return spawnSandbox({ ...options, nodeOptions: ['--max-old-space-size=4096'] });
}
