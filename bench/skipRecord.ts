// What a bench run skipped, and why, kept with every suite's skips for the summary .ci/run ends
// with (scripts/ci/skipRecords.mjs; an ES module, imported the way runtime.mjs is).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { importEsm, repoRoot } from './httpRequestNode';

export interface BenchSkip {
	title: string;
	reason: string;
}

/** Records `skipped` as the suite `bench smoke` or `bench`, on the n8n line of the nodes' n8n-core. */
export async function recordBenchSkips(smoke: boolean, skipped: BenchSkip[]): Promise<string> {
	const { recordSkips } = await importEsm(pathToFileURL(join(repoRoot, 'scripts', 'ci', 'skipRecords.mjs')).href);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { version } = require('n8n-core/package.json') as { version: string };
	const line = Number(version.split('.')[0]);
	return recordSkips({ suite: smoke ? 'bench smoke' : 'bench', line, sources: { 'bench/main.ts': { skipped } } });
}
