// Three n8n instances sharing one click key, each a separate process running the Click Report's
// Return All through n8n-core at the credential's full 3/s, against the sandbox with the service's
// real per-second limit (its 5-minute cap raised out of the way; the simulated test covers it).
// The instances are the bench's (bench/sharedKey.ts), compiled here first. It runs alone, after the
// other tests (npm test's second jest run: `*.alone.test.ts`): it paces real processes against a
// real limit, and the other suites' load on two cores distorts what it measures.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import type { SharedKeyResult } from '../../bench/sharedKey';
import { needsN8n2 } from '../harness/skipByLine';

const repo = join(__dirname, '..', '..');

needsN8n2("its processes run bench/dist, which loads node_modules' n8n-core 2.x: jest maps 1.x into its own workers only").test('3 processes on one key: under 5% refused, at least 85% of the limit together, every read complete', async () => {
	execFileSync(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(repo, 'bench', 'tsconfig.json')], { stdio: 'inherit' });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { runSharedKey } = require(join(repo, 'bench', 'dist', 'bench', 'sharedKey.js')) as { runSharedKey: (run: { instances: number; durationMs: number }) => Promise<SharedKeyResult> };
	const result = await runSharedKey({ instances: 3, durationMs: 60_000 });
	console.log(
		`3 processes on one click key at 3/s for ${result.seconds} s: ${result.sent} requests, ${result.refused} refused (${(result.refusedShare * 100).toFixed(1)}%), ${(result.accepted / result.seconds).toFixed(2)} accepted per second (${(result.throughputShare * 100).toFixed(1)}% of the limit); ${result.reads} Return Alls of ${result.pagesPerRead} pages; final shares ${result.perInstance.map((r) => r.finalShare.toFixed(2)).join(', ')}`,
	);
	for (const instance of result.perInstance) {
		expect(instance.failed).toEqual([]);
		expect(instance.incomplete).toEqual([]);
		expect(instance.reads).toBeGreaterThan(0);
	}
	expect(result.refusedShare).toBeLessThan(0.05);
	expect(result.throughputShare).toBeGreaterThanOrEqual(0.85);
}, 180_000);
