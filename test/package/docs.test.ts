// The README a user reads first stays short, opens with the two commands that try the package and
// says whether it is on npm (firstScreen.ts), and every relative link of the README, the changelog
// and docs/ leads to a file that exists and, with an anchor, to a heading in it (GitHub's slugs).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

import { FIRST_SCREEN_WORDS, firstScreenProblems, isReleased } from './firstScreen';
import { anchorsOf, proseLines, slug } from './markdownAnchors';
import { repoRoot } from './scripts';

const DOCUMENTS = ['README.md', 'CHANGELOG.md', 'BENCHMARKS.md', ...readdirSync(join(repoRoot, 'docs')).map((name) => `docs/${name}`)];

function brokenLinks(file: string): string[] {
	const document = relative(repoRoot, file);
	const broken: string[] = [];
	for (const [number, line] of proseLines(file)) {
		for (const [, target] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
			if (/^[a-z]+:/.test(target)) continue;
			const [path, anchor] = target.split('#');
			const linked = path ? resolve(dirname(file), path) : file;
			const where = `${document}:${number} → ${target}`;
			if (!existsSync(linked)) broken.push(`${where}: no such file`);
			else if (anchor !== undefined && (statSync(linked).isDirectory() || !anchorsOf(linked).has(anchor))) {
				broken.push(`${where}: no heading #${anchor} in ${relative(repoRoot, linked)}`);
			}
		}
	}
	return broken;
}

describe('the documentation', () => {
	it('keeps the README under 3,000 words', () => {
		const words = readFileSync(join(repoRoot, 'README.md'), 'utf8').split(/\s+/).filter(Boolean).length;
		expect(words).toBeLessThan(3000);
	});

	it('opens with `npm ci && npm start` and says whether the package is on npm, as CHANGELOG.md does', () => {
		const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
		const changelog = readFileSync(join(repoRoot, 'CHANGELOG.md'), 'utf8');
		const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
		expect(firstScreenProblems(readme, changelog, version)).toEqual([]);
	});

	it('finds a first screen without the two commands, too long, or wrong about npm', () => {
		const unreleased = '## [0.1.0]\n\nNot yet published.\n';
		const released = '## [0.1.0] - 2026-12-01\n';
		const history = '\n## Version history\n\nAt 0.1.0, not yet published.\n';
		const tryIt = '# p\n\n```bash\nnpm ci && npm start\n```\n';
		expect(isReleased(released, '0.1.0')).toBe(true);
		expect(isReleased(unreleased, '0.1.0')).toBe(false);
		expect(firstScreenProblems(`${tryIt}Not yet published.\n${history}`, unreleased, '0.1.0')).toEqual([]);
		expect(firstScreenProblems(`# p\n\nNot yet published.\n\n## Development\n\nnpm ci && npm start\n${history}`, unreleased, '0.1.0')).toEqual([
			expect.stringContaining('no `npm ci && npm start`'),
		]);
		expect(firstScreenProblems(`${tryIt}Install it from the Community Nodes panel.\n${history}`, unreleased, '0.1.0')).toEqual([
			expect.stringContaining('does not say the package is not yet published'),
		]);
		expect(firstScreenProblems(`${tryIt}Not on npm yet.\n`, released, '0.1.0')).toEqual([expect.stringContaining('CHANGELOG.md dates 0.1.0')]);
		expect(firstScreenProblems(`${tryIt}Not yet published. ${'word '.repeat(FIRST_SCREEN_WORDS)}\n${history}`, unreleased, '0.1.0')).toEqual([
			expect.stringContaining('more than a screen'),
		]);
	});

	it('has no relative link to a missing file or heading', () => {
		expect(DOCUMENTS.flatMap((document) => brokenLinks(join(repoRoot, document)))).toEqual([]);
	});

	it('finds a link to a missing heading and to a missing file', () => {
		const folder = mkdtempSync(join(tmpdir(), 'affiliate-docs-'));
		try {
			const docs = relative(folder, join(repoRoot, 'docs'));
			const page = join(folder, 'page.md');
			writeFileSync(page, `[ok](${docs}/releasing.md#the-guard) [heading](${docs}/releasing.md#the-gaurd) [file](${docs}/releases.md)\n`);
			expect(brokenLinks(page)).toEqual([expect.stringContaining('no heading #the-gaurd'), expect.stringContaining('no such file')]);
			expect(slug("Scaling: n8n's queue mode")).toBe('scaling-n8ns-queue-mode');
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});
