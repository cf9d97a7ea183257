// Skips by the n8n line, each with its reason. Apart from line.ts, which the bench also compiles
// (through run.ts), because this needs jest's globals.
import { N8N_LINE, onN8nLine1 } from './line';

/**
 * The title of a test skipped on this line: the reason goes into it, where the skip reporter
 * (test/harness/skipReporter.mjs) reads it for the run's list and CI's summary of skips.
 */
export const skippedTitle = (title: string, reason: string) => `${title} [skipped on n8n ${N8N_LINE}.x: ${reason}]`;

/**
 * Tests of what only n8n 2.x has: they run on 2.x, and on 1.x they are skipped by name, each with
 * `reason` in its title, so that the run lists it (never a bare `test.skip`, which fails the run).
 */
export function needsN8n2(reason: string) {
	const skip = onN8nLine1;
	return {
		test(title: string, body: jest.ProvidesCallback, timeout?: number) {
			if (skip) test.skip(skippedTitle(title, reason), body, timeout);
			else test(title, body, timeout);
		},
		describe: {
			each<Row>(table: readonly Row[]) {
				return (title: string, body: (row: Row) => void) => {
					if (skip) describe.skip.each([...table])(skippedTitle(title, reason), body);
					else describe.each([...table])(title, body);
				};
			},
		},
	};
}
