#!/usr/bin/env node
// The skips of every suite, per n8n line, each under its reason (skipRecords.mjs): .ci/run ends
// with this, also when a step failed.
//
//   node scripts/ci/skips.mjs                               print the summary
//   node scripts/ci/skips.mjs --none <suite> <line> <cmd>   record that <cmd>, a suite whose runner
//                                                           skips nothing, passed (.ci/run)
import { CI_SUITES, readRecords, recordSkips, summaryLines } from './skipRecords.mjs';

const [flag, suite, line, ...command] = process.argv.slice(2);
if (flag === '--none') {
	if (!CI_SUITES.some((known) => known.suite === suite && String(known.line) === line) || command.length === 0) {
		console.error(`usage: skips.mjs --none <suite> <line> <command>; suites: ${CI_SUITES.map((known) => `${known.suite} ${known.line}`).join(', ')}`);
		process.exit(2);
	}
	recordSkips({ suite, line: Number(line), sources: { [command.join(' ')]: { skipped: [] } } });
} else {
	console.log(`\n${summaryLines(readRecords()).join('\n')}`);
}
