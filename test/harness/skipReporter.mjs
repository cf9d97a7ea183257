// A jest reporter: after a run, the tests it skipped, each under its reason (which
// test/harness/skipByLine.ts puts in a skipped test's title), printed and kept per test file in
// test-output/skips/jest-<line>.json for the summary .ci/run ends with (scripts/ci/skips.mjs).
// A skipped test that gives no reason (a bare test.skip or test.todo, or the rest of a file with a
// test.only) fails the run: no skip is silent. Options: { line } (jest.config.js: 2;
// test/jest.v1.config.js: 1).
import { relative } from 'node:path';

import { parseSkippedTitle, recordSkips, skipLines } from '../../scripts/ci/skipRecords.mjs';

export default class SkipReporter {
	constructor(globalConfig, options) {
		this.globalConfig = globalConfig;
		this.line = options.line;
		this.error = undefined;
	}

	onRunComplete(_contexts, results) {
		if (this.globalConfig.testNamePattern) {
			// A name filter skips every other test: not skips of the suite.
			console.log('[skips] not recorded: a test name filter (-t) skips the other tests');
			return;
		}
		const sources = {};
		const skipped = [];
		for (const file of results.testResults) {
			const source = relative(this.globalConfig.rootDir, file.testFilePath);
			const fileSkips = file.testResults
				.filter((test) => test.status === 'pending' || test.status === 'todo')
				.map((test) => parseSkippedTitle([...test.ancestorTitles, test.title]));
			sources[source] = { skipped: fileSkips, failed: file.numFailingTests + (file.testExecError ? 1 : 0) };
			skipped.push(...fileSkips.map((skip) => ({ ...skip, source })));
		}
		const record = recordSkips({ suite: 'jest', line: this.line, sources });
		console.log(`\n[skips] jest on n8n ${this.line}.x: ${skipped.length} skipped (${relative(this.globalConfig.rootDir, record)})`);
		for (const line of skipLines(skipped, '  ')) console.log(line);
		const unexplained = skipped.filter((skip) => !skip.reason);
		if (unexplained.length) {
			this.error = new Error(
				`${unexplained.length} skipped test(s) give no reason: skip by the n8n line with needsN8n2(reason) (test/harness/skipByLine.ts), or run them\n${unexplained.map((skip) => `  ${skip.source}: ${skip.title}`).join('\n')}`,
			);
			console.error(`[skips] ${this.error.message}`);
		}
	}

	getLastError() {
		return this.error;
	}
}
