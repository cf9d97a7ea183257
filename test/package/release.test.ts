// Releasing (docs/releasing.md): the versions `npm run release -- <version>` accepts and the npm
// dist-tag each goes under, the checks of the publish workflow's pack job, the prepublishOnly guard
// that refuses every publish from a folder, and `npm run release -- <version>` preparing the tag on
// a clean main.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { callExport, copyOfRepo, localEnv, offlineNpmEnv, packTinyPackage, repoRoot, runCommand } from './scripts';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const repository = 'affiliate-partner/n8n-nodes-affiliate-partner';
const changelog = readFileSync(join(repoRoot, 'CHANGELOG.md'), 'utf8');

/** What GitHub Actions sets for `npm run release` in publish.yml's pack job on the tag v<version>. */
const packJobEnv = (version: string): Record<string, string> => ({
	GITHUB_ACTIONS: 'true',
	GITHUB_REPOSITORY: repository,
	GITHUB_WORKFLOW_REF: `${repository}/.github/workflows/publish.yml@refs/tags/v${version}`,
	GITHUB_EVENT_NAME: 'push',
	GITHUB_REF: `refs/tags/v${version}`,
	RUNNER_ENVIRONMENT: 'github-hosted',
});

describe('release versions and their dist-tags (scripts/release/versions.mjs)', () => {
	const versions = 'scripts/release/versions.mjs';

	it.each([
		['0.1.1', null],
		['0.2.0', null],
		['1.0.0-beta.1', null],
		['0.1.1-rc.0', null],
		['0.1.0', 'package.json is at 0.1.0 already'],
		['0.0.9', '0.0.9 comes before package.json\'s 0.1.0'],
		['0.1.0-beta.1', '0.1.0-beta.1 comes before package.json\'s 0.1.0'],
		['1.0', 'is not one'],
		['v1.0.0', 'is not one'],
		['1.0.0-01', 'is not one'],
		['1.0.0-beta..1', 'is not one'],
		['1.0.0+build.7', 'is not one'],
		[undefined, 'give the version to release'],
	])('npm run release -- %s with package.json at 0.1.0: %s', (version, problem) => {
		const [answer] = callExport<string | null>(versions, 'releaseVersionProblem', [[version, '0.1.0']]);
		if (problem === null) expect(answer).toBeNull();
		else expect(answer).toContain(problem);
	});

	it("orders versions as semver.org's precedence example does", () => {
		const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.10.0', '2.0.0'];
		const pairs = ordered.slice(1).map((later, index) => [ordered[index], later]);
		expect(callExport(versions, 'compareVersions', pairs)).toEqual(pairs.map(() => -1));
		expect(callExport(versions, 'compareVersions', pairs.map(([a, b]) => [b, a]))).toEqual(pairs.map(() => 1));
		expect(callExport(versions, 'compareVersions', [['1.0.0-rc.1', '1.0.0-rc.1']])).toEqual([0]);
	});

	it.each([
		['0.2.0', 'latest'],
		['1.0.0', 'latest'],
		['1.0.0-beta.1', 'next'],
		['1.0.0-rc.1', 'next'],
		['2.0.0-0', 'next'],
		['1.0.0-latest.1', 'next'],
	])('publishes %s under the dist-tag %s', (version, tag) => {
		expect(callExport(versions, 'distTag', [[version]])).toEqual([tag]);
	});
});

describe("the publish workflow's pack job (scripts/release/rules.mjs)", () => {
	const refusals = (env: Record<string, string | undefined>, version = manifest.version, log = changelog) =>
		callExport<string[]>('scripts/release/rules.mjs', 'packJobRefusals', [[env, { ...manifest, version }, log]])[0];

	it('packs the tagged version, a prerelease too, in the job without an OIDC token', () => {
		expect(refusals(packJobEnv(manifest.version))).toEqual([]);
		expect(refusals(packJobEnv('1.0.0-beta.1'), '1.0.0-beta.1', `${changelog}\n## [1.0.0-beta.1] - 2026-12-01\n`)).toEqual([]);
	});

	it.each([
		['GITHUB_ACTIONS', undefined, 'it does not run in GitHub Actions'],
		['GITHUB_REPOSITORY', 'someone/fork', `it does not run in ${repository}`],
		['GITHUB_WORKFLOW_REF', `${repository}/.github/workflows/ci.yml@refs/tags/v${manifest.version}`, 'it does not run in .github/workflows/publish.yml'],
		['GITHUB_WORKFLOW_REF', `${repository}/.github/workflows/publish.yml@refs/heads/main`, 'it does not run in .github/workflows/publish.yml'],
		['GITHUB_REF', 'refs/tags/v9.9.9', `it was not started by pushing the tag v${manifest.version}`],
		['GITHUB_EVENT_NAME', 'workflow_dispatch', `it was not started by pushing the tag v${manifest.version}`],
		['RUNNER_ENVIRONMENT', 'self-hosted', 'GitHub-hosted runner'],
		['ACTIONS_ID_TOKEN_REQUEST_URL', 'https://pipelines.actions.githubusercontent.com/oidc', 'only the publish job may have `id-token: write`'],
	])('refuses when %s is %s, and says why', (key, value, reason) => {
		expect(refusals({ ...packJobEnv(manifest.version), [key]: value })).toEqual([expect.stringContaining(reason)]);
	});

	it('refuses a version CHANGELOG.md does not describe', () => {
		expect(refusals(packJobEnv(manifest.version), manifest.version, '# Changelog\n\n## [Unreleased]\n')).toEqual([
			`CHANGELOG.md has no section "## [${manifest.version}]"`,
		]);
	});

	it('npm run release in a job that can mint an OIDC token stops before it builds anything', () => {
		// In a copy, so that a broken check builds nothing in the repository.
		const copy = copyOfRepo(['scripts/release', 'package.json', 'CHANGELOG.md']);
		try {
			const env = localEnv({ ...packJobEnv(manifest.version), ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.githubusercontent.com/oidc' });
			const run = runCommand(process.execPath, [join(copy, 'scripts/release/release.mjs')], { cwd: copy, env });
			expect(run.status).toBe(1);
			expect(run.stderr).toContain(`not packing ${manifest.version} for publishing`);
			expect(run.stdout).not.toContain('npm run build');
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});
});

describe('the publish guard (prepublishOnly)', () => {
	it("refuses a local `npm publish --dry-run`, run with this repository's .npmrc, before anything is packed", () => {
		const run = runCommand('npm', ['publish', '--dry-run'], { cwd: repoRoot });
		expect(run.status).not.toBe(0);
		expect(run.stderr).toContain(`Publishing n8n-nodes-affiliate-partner@${manifest.version} from a folder is refused`);
		expect(`${run.stdout}${run.stderr}`).not.toMatch(/Tarball Contents|\+ n8n-nodes-affiliate-partner/);
	});

	it('refuses a publish from a folder in the publish workflow too, which publishes a tarball', () => {
		const env = localEnv({ ...packJobEnv(manifest.version), ACTIONS_ID_TOKEN_REQUEST_URL: 'https://example.invalid', npm_config_provenance: 'true' });
		const run = runCommand(process.execPath, [join(repoRoot, 'scripts/release/guard.mjs')], { env });
		expect(run.status).toBe(1);
		expect(run.stderr).toContain('published only by .github/workflows/publish.yml');
	});

	it('is skipped by `npm publish <tarball>`, as docs/releasing.md says: it prevents accidents only', () => {
		const folder = mkdtempSync(join(tmpdir(), 'affiliate-guard-'));
		try {
			const tarball = packTinyPackage(folder, { version: '0.2.0', scripts: { prepublishOnly: 'echo guard ran >&2 && exit 1' } });
			const fromFolder = runCommand('npm', ['publish', '--dry-run'], { cwd: join(folder, 'package'), env: offlineNpmEnv(folder) });
			expect(fromFolder).toMatchObject({ status: 1, stderr: expect.stringContaining('guard ran') });
			const fromTarball = runCommand('npm', ['publish', tarball, '--dry-run'], { cwd: folder, env: offlineNpmEnv(folder) });
			expect(fromTarball.stderr).not.toContain('guard ran');
			expect(fromTarball).toMatchObject({ status: 0, stderr: expect.stringContaining('Publishing to http://127.0.0.1:9/ with tag latest') });
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});

describe('npm run release -- <version>, on a developer machine', () => {
	let repo: string;
	const git = (...args: string[]) => runCommand('git', args, { cwd: repo, env: gitEnv });
	const gitEnv = localEnv({
		GIT_AUTHOR_NAME: 'Release Test',
		GIT_AUTHOR_EMAIL: 'release-test@example.invalid',
		GIT_COMMITTER_NAME: 'Release Test',
		GIT_COMMITTER_EMAIL: 'release-test@example.invalid',
	});
	const release = (version: string) => runCommand(process.execPath, ['scripts/release/release.mjs', version], { cwd: repo, env: gitEnv });
	const log = ['# Changelog', '', '## [Unreleased]', '', '### Fixed', '- A fix.', '', '## [0.1.0] - 2026-11-01', '', '- First.', ''].join('\n');

	beforeEach(() => {
		repo = mkdtempSync(join(tmpdir(), 'affiliate-release-'));
		mkdirSync(join(repo, 'scripts'));
		cpSync(join(repoRoot, 'scripts', 'release'), join(repo, 'scripts', 'release'), { recursive: true });
		const pkg = { name: 'n8n-nodes-affiliate-partner', version: '0.1.0', private: true };
		writeFileSync(join(repo, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
		writeFileSync(join(repo, 'package-lock.json'), `${JSON.stringify({ name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages: { '': pkg } }, null, 2)}\n`);
		writeFileSync(join(repo, 'CHANGELOG.md'), log);
		git('init', '--quiet', '--initial-branch=main');
		git('add', '.');
		git('commit', '--quiet', '-m', 'start');
	});
	afterEach(() => rmSync(repo, { recursive: true, force: true }));

	it('moves Unreleased under the version, bumps package.json and the lock, commits and tags v<version>', () => {
		const run = release('0.1.1');
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		const released = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
		expect(released).toMatch(/## \[Unreleased\]\n\n## \[0\.1\.1\] - \d{4}-\d{2}-\d{2}\n\n### Fixed\n- A fix\.\n\n## \[0\.1\.0\]/);
		expect(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version).toBe('0.1.1');
		expect(JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')).version).toBe('0.1.1');
		expect(git('log', '-1', '--format=%s').stdout.trim()).toBe('Release 0.1.1');
		expect(git('describe', '--exact-match', '--tags').stdout.trim()).toBe('v0.1.1');
		expect(git('status', '--porcelain').stdout).toBe('');
		expect(run.stdout).toContain('under the npm dist-tag latest');
		expect(run.stdout).toContain('git push origin main v0.1.1');
	});

	it('tags a prerelease, to be published under next', () => {
		const run = release('1.0.0-beta.1');
		expect(run).toMatchObject({ status: 0, stderr: '' });
		expect(readFileSync(join(repo, 'CHANGELOG.md'), 'utf8')).toMatch(/^## \[1\.0\.0-beta\.1\] - /m);
		expect(git('describe', '--exact-match', '--tags').stdout.trim()).toBe('v1.0.0-beta.1');
		expect(run.stdout).toContain('under the npm dist-tag next, as a prerelease never goes under latest');
	});

	it('refuses a version that is not one, or not after the current one, before any change, commit or tag', () => {
		for (const [version, reason] of [['1.0.0-01', 'is not one'], ['0.0.9', 'comes before'], ['0.1.0', 'is at 0.1.0 already']]) {
			expect(release(version)).toMatchObject({ status: 1, stderr: expect.stringContaining(reason) });
		}
		expect(git('status', '--porcelain').stdout).toBe('');
		expect(git('log', '--format=%s').stdout.trim()).toBe('start');
		expect(git('tag').stdout).toBe('');
	});

	it('refuses with changes in the working tree, off main, or with nothing under Unreleased', () => {
		writeFileSync(join(repo, 'stray.txt'), 'x');
		expect(release('0.1.1')).toMatchObject({ status: 1, stderr: expect.stringContaining('the working tree has changes') });
		rmSync(join(repo, 'stray.txt'));

		git('checkout', '--quiet', '-b', 'feature');
		expect(release('0.1.1')).toMatchObject({ status: 1, stderr: expect.stringContaining('releases are made from main, not feature') });
		git('checkout', '--quiet', 'main');

		writeFileSync(join(repo, 'CHANGELOG.md'), log.replace('### Fixed\n- A fix.\n\n', ''));
		git('commit', '--quiet', '-am', 'empty unreleased');
		expect(release('0.1.1')).toMatchObject({ status: 1, stderr: expect.stringContaining('nothing under "## [Unreleased]"') });
		expect(git('tag').stdout).toBe('');
	});
});
