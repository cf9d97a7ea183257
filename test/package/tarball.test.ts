// The tarball n8n installs (scripts/package/tarball.mjs): exactly the compiled nodes and credentials,
// their codex files and icons, package.json, README, LICENSE and CHANGELOG, within 320 kB unpacked.
// `npm test` builds first, so dist/ is this tree's build.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { copyOfRepo, runJsonScript } from './scripts';

interface TarballCheck {
	files: number;
	unpackedSize: number;
	problems: string[];
}

const PACKAGE_ENTRIES = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'dist'];

describe('the tarball', () => {
	it('holds exactly the allow-list, within the size budget', () => {
		const check = runJsonScript<TarballCheck>('scripts/package/tarball.mjs');
		expect(check.problems).toEqual([]);
		expect(check.unpackedSize).toBeLessThanOrEqual(640_000);
		// 91 compiled files, 4 codex files, 8 icons, 4 top-level files today; the allow-list is exact.
		expect(check.files).toBeGreaterThan(100);
	});

	it('fails on a file a deleted source left in dist/, and on a source map', () => {
		const copy = copyOfRepo(PACKAGE_ENTRIES);
		try {
			mkdirSync(join(copy, 'dist', 'nodes', 'Removed'), { recursive: true });
			writeFileSync(join(copy, 'dist', 'nodes', 'Removed', 'Removed.node.js'), 'module.exports = {};\n');
			writeFileSync(join(copy, 'dist', 'nodes', 'ClickReport', 'ClickReport.node.js.map'), '{"version":3,"sources":[]}\n');
			const check = runJsonScript<TarballCheck>('scripts/package/tarball.mjs', ['--dir', copy]);
			expect(check.problems).toEqual([
				expect.stringContaining('ships dist/nodes/ClickReport/ClickReport.node.js.map'),
				expect.stringContaining('ships dist/nodes/Removed/Removed.node.js'),
			]);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});

	it('fails when a node package.json names is missing, and when the budget is exceeded', () => {
		const copy = copyOfRepo(PACKAGE_ENTRIES);
		try {
			rmSync(join(copy, 'dist', 'nodes', 'ClickReportTrigger', 'ClickReportTrigger.node.js'));
			writeFileSync(join(copy, 'README.md'), 'x'.repeat(640_000));
			const check = runJsonScript<TarballCheck>('scripts/package/tarball.mjs', ['--dir', copy]);
			expect(check.problems).toEqual([
				'does not ship dist/nodes/ClickReportTrigger/ClickReportTrigger.node.js',
				"package.json's n8n block names dist/nodes/ClickReportTrigger/ClickReportTrigger.node.js, which the tarball lacks",
				expect.stringMatching(/^unpacks to \d+ bytes, over the budget of 640000$/),
			]);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});
});
