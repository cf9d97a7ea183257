// n8n's community-package scanner's rules (scripts/package/scan.mjs) over the source and the packed
// tarball: nothing found. And what it is there to find, planted in copies, is found.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { copyOfRepo, runJsonScript } from './scripts';

interface Leg {
	files: number;
	errors: number;
	warnings: number;
	messages: Array<{ file: string; rule: string; severity: string }>;
}

const PLANTED = [
	"import { execSync } from 'child_process';",
	'export function planted(): string {',
	'\tsetTimeout(() => undefined, 10);',
	"\treturn execSync(process.env.PLANTED_COMMAND ?? 'true').toString();",
	'}',
	'',
].join('\n');

const rulesOf = (leg: Leg) => [...new Set(leg.messages.map((message) => message.rule))].sort();

describe("n8n's scanner", () => {
	it('finds nothing in the source or the tarball: 0 errors, 0 warnings', () => {
		const legs = runJsonScript<Record<string, Leg>>('scripts/package/scan.mjs');
		expect(Object.keys(legs).sort()).toEqual(['source', 'tarball']);
		for (const leg of Object.values(legs)) {
			expect(leg.messages).toEqual([]);
			expect(leg.files).toBeGreaterThan(90);
		}
	});

	it('refuses process.env, setTimeout and child_process planted in the source', () => {
		const copy = copyOfRepo(['package.json', 'nodes', 'credentials']);
		try {
			writeFileSync(join(copy, 'nodes', 'shared', 'planted.ts'), PLANTED);
			const { source } = runJsonScript<Record<string, Leg>>('scripts/package/scan.mjs', ['--source', copy, '--no-tarball']);
			expect(source.messages.every((message) => message.file === 'nodes/shared/planted.ts')).toBe(true);
			expect(rulesOf(source)).toEqual([
				'@n8n/community-nodes/no-dangerous-functions',
				'@n8n/community-nodes/no-restricted-globals',
				'@n8n/community-nodes/no-restricted-imports',
			]);
			expect(source.errors).toBe(4);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});

	it('refuses the same in compiled JavaScript in the tarball', () => {
		const copy = copyOfRepo(['package.json', 'dist']);
		try {
			mkdirSync(join(copy, 'dist', 'nodes', 'shared'), { recursive: true });
			const compiled = PLANTED.replace("import { execSync } from 'child_process';", "const { execSync } = require('child_process');")
				.replace('export function planted(): string {', 'exports.planted = function planted() {');
			writeFileSync(join(copy, 'dist', 'nodes', 'shared', 'planted.js'), compiled);
			const legs = runJsonScript<Record<string, Leg>>('scripts/package/scan.mjs', ['--source', copy, '--tarball', copy]);
			expect(rulesOf(legs.tarball)).toEqual(expect.arrayContaining(['@n8n/community-nodes/no-restricted-globals', '@n8n/community-nodes/no-restricted-imports']));
			expect(legs.tarball.messages.every((message) => message.file === 'dist/nodes/shared/planted.js')).toBe(true);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});
});
