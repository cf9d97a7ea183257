// What each suite skipped, and why: one record per suite and n8n line in
// test-output/skips/<suite>-<line>.json, written by the suite (jest's reporter,
// test/harness/skipReporter.mjs; the end-to-end runner; the bench) or, for a suite whose runner
// skips nothing, by .ci/run once it passed. `node scripts/ci/skips.mjs` prints them all at the end
// of .ci/run, so that no skip is silent. The reading and the summary are pure (skips.test.mjs).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SKIPS_DIR = join(repoRoot, 'test-output', 'skips');

/** The suites of .ci/run, in its order: the summary names each, those that skipped nothing too. */
export const CI_SUITES = [
	{ suite: 'jest', line: 2 },
	{ suite: 'jest', line: 1 },
	{ suite: 'e2e', line: 2 },
	{ suite: 'e2e', line: 1 },
	{ suite: 'queue', line: 2 },
	{ suite: 'install', line: 2 },
	{ suite: 'chaos', line: 2 },
	{ suite: 'bench smoke', line: 2 },
];

const SKIPPED_TITLE = /^(.*) \[skipped on n8n (\d+)\.x: (.+)\]$/;

/**
 * A skipped test's title parts (describe titles, then its own) as one title and its reason, which
 * test/harness/skipByLine.ts puts in one of them: `<title> [skipped on n8n 1.x: <reason>]`. No reason:
 * `reason` is undefined.
 */
export function parseSkippedTitle(parts) {
	let reason;
	const titles = parts.map((part) => {
		const found = SKIPPED_TITLE.exec(part);
		if (!found) return part;
		reason = found[3];
		return found[1];
	});
	return { title: titles.join(' › '), reason };
}

export const recordFile = (suite, line, dir = SKIPS_DIR) => join(dir, `${suite.replace(/\W+/g, '-')}-${line}.json`);

/**
 * Writes what `sources` skipped into the suite's record. Each source (a test file, a runner) is
 * `{ skipped: [{ title, reason }], failed }`; the record's other sources stay, so that npm test's two
 * jest runs on 2.x, or a rerun of one file, each add their own.
 */
export function recordSkips({ suite, line, sources, dir = SKIPS_DIR }) {
	const file = recordFile(suite, line, dir);
	let record = { suite, line, sources: {} };
	try {
		record = JSON.parse(readFileSync(file, 'utf8'));
	} catch {
		// the suite's first run here
	}
	record.sources = { ...record.sources, ...sources };
	mkdirSync(dir, { recursive: true });
	writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
	return file;
}

/** Every record in `dir`. */
export function readRecords(dir = SKIPS_DIR) {
	let names = [];
	try {
		names = readdirSync(dir).filter((name) => name.endsWith('.json'));
	} catch {
		return [];
	}
	return names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** The lines listing `skipped` ([{ title, reason, source }]) under their reasons, indented. */
export function skipLines(skipped, indent = '    ') {
	const byReason = new Map();
	for (const skip of skipped) {
		const reason = skip.reason ?? 'NO REASON GIVEN';
		if (!byReason.has(reason)) byReason.set(reason, []);
		byReason.get(reason).push(skip.source ? `${skip.source}: ${skip.title}` : skip.title);
	}
	const lines = [];
	for (const [reason, titles] of byReason) {
		lines.push(`${indent}skipped because ${reason}:`);
		for (const title of titles) lines.push(`${indent}  - ${title}`);
	}
	return lines;
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The summary .ci/run ends with: each suite and line of `suites`, then any other record, with its
 * count and every skipped check under its reason; a suite without a record is said to have none.
 */
export function summaryLines(records, suites = CI_SUITES) {
	const key = ({ suite, line }) => `${suite}@${line}`;
	const byKey = new Map(records.map((record) => [key(record), record]));
	const extra = records.filter((record) => !suites.some((suite) => key(suite) === key(record)));
	const lines = ['Skipped checks, per suite and n8n line (test-output/skips/):'];
	let total = 0;
	for (const { suite, line } of [...suites, ...extra]) {
		const name = `  ${suite}, n8n ${line}.x:`;
		const record = byKey.get(key({ suite, line }));
		if (!record) {
			lines.push(`${name} no record (not run, or stopped before it reported)`);
			continue;
		}
		const sources = Object.entries(record.sources);
		const skipped = sources.flatMap(([source, { skipped: list }]) => list.map((skip) => ({ ...skip, source: sources.length > 1 ? source : undefined })));
		const failed = sources.reduce((sum, [, { failed = 0 }]) => sum + failed, 0);
		total += skipped.length;
		lines.push(`${name} ${skipped.length} skipped${failed ? `, ${failed} failed` : ''}`);
		lines.push(...skipLines(skipped));
	}
	lines.push(`Skipped in all: ${total}`);
	return lines;
}
