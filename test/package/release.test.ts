// Publishing (docs/releasing.md): npm's prepublishOnly guard refuses every publish but the one the
// publish workflow makes on the version's tag, with provenance, through `npm run release`; and
// `npm run release -- <version>` prepares that tag on a clean main.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { localEnv, repoRoot, runCommand } from './scripts';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const tag = `v${manifest.version}`;
const repository = 'affiliate-partner/n8n-nodes-affiliate-partner';

/** What GitHub Actions and npm set for `npm publish --provenance` run by `npm run release` in publish.yml on the tag. */
const PUBLISH_WORKFLOW_ENV: Record<string, string> = {
	GITHUB_ACTIONS: 'true',
	GITHUB_REPOSITORY: repository,
	GITHUB_WORKFLOW_REF: `${repository}/.github/workflows/publish.yml@refs/tags/${tag}`,
	GITHUB_EVENT_NAME: 'push',
	GITHUB_REF: `refs/tags/${tag}`,
	RUNNER_ENVIRONMENT: 'github-hosted',
	ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.githubusercontent.com/oidc-token-request',
	npm_config_provenance: 'true',
	AFFILIATE_PARTNER_RELEASE_CHECKED: manifest.version,
};

const guard = (env: NodeJS.ProcessEnv) => runCommand(process.execPath, [join(repoRoot, 'scripts/release/guard.mjs')], { env });

describe('the publish guard', () => {
	it("refuses a local `npm publish --dry-run`, run with this repository's .npmrc, before anything is packed", () => {
		const run = runCommand('npm', ['publish', '--dry-run'], { cwd: repoRoot });
		expect(run.status).not.toBe(0);
		expect(run.stderr).toContain(`Publishing n8n-nodes-affiliate-partner@${manifest.version} is refused`);
		expect(run.stderr).toContain('it does not run in GitHub Actions');
		expect(`${run.stdout}${run.stderr}`).not.toMatch(/Tarball Contents|\+ n8n-nodes-affiliate-partner/);
	});

	it('lets the publish workflow publish the tagged version with provenance', () => {
		const run = guard(localEnv(PUBLISH_WORKFLOW_ENV));
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
	});

	it.each([
		['GITHUB_ACTIONS', undefined, 'it does not run in GitHub Actions'],
		['GITHUB_REPOSITORY', 'someone/fork', 'it does not run in affiliate-partner/n8n-nodes-affiliate-partner'],
		['GITHUB_WORKFLOW_REF', `${repository}/.github/workflows/ci.yml@refs/tags/${tag}`, 'it does not run in .github/workflows/publish.yml'],
		['GITHUB_WORKFLOW_REF', `${repository}/.github/workflows/publish.yml@refs/heads/main`, 'it does not run in .github/workflows/publish.yml'],
		['GITHUB_REF', 'refs/tags/v9.9.9', `it was not started by pushing the tag ${tag}`],
		['GITHUB_EVENT_NAME', 'workflow_dispatch', `it was not started by pushing the tag ${tag}`],
		['RUNNER_ENVIRONMENT', 'self-hosted', 'GitHub-hosted runner'],
		['ACTIONS_ID_TOKEN_REQUEST_URL', undefined, 'id-token: write'],
		['npm_config_provenance', undefined, '--provenance'],
		['AFFILIATE_PARTNER_RELEASE_CHECKED', undefined, 'npm run release'],
	])('refuses when %s is %s, and says why', (key, value, reason) => {
		const env = localEnv({ ...PUBLISH_WORKFLOW_ENV });
		if (value === undefined) delete env[key];
		else env[key] = value;
		const run = guard(env);
		expect(run.status).toBe(1);
		expect(run.stderr.split('\n').filter((line) => line.startsWith('  - '))).toEqual([expect.stringContaining(reason)]);
	});

	it('refuses a version CHANGELOG.md does not describe', () => {
		const copy = mkdtempSync(join(tmpdir(), 'affiliate-guard-'));
		try {
			mkdirSync(join(copy, 'scripts'));
			cpSync(join(repoRoot, 'scripts', 'release'), join(copy, 'scripts', 'release'), { recursive: true });
			cpSync(join(repoRoot, 'package.json'), join(copy, 'package.json'));
			writeFileSync(join(copy, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n\n- Not released yet.\n');
			const run = runCommand(process.execPath, [join(copy, 'scripts/release/guard.mjs')], { env: localEnv(PUBLISH_WORKFLOW_ENV) });
			expect(run.status).toBe(1);
			expect(run.stderr).toContain(`CHANGELOG.md has no section "## [${manifest.version}]"`);
		} finally {
			rmSync(copy, { recursive: true, force: true });
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
	const changelog = ['# Changelog', '', '## [Unreleased]', '', '### Fixed', '- A fix.', '', '## [0.1.0] - 2026-11-01', '', '- First.', ''].join('\n');

	beforeEach(() => {
		repo = mkdtempSync(join(tmpdir(), 'affiliate-release-'));
		mkdirSync(join(repo, 'scripts'));
		cpSync(join(repoRoot, 'scripts', 'release'), join(repo, 'scripts', 'release'), { recursive: true });
		const pkg = { name: 'n8n-nodes-affiliate-partner', version: '0.1.0', private: true };
		writeFileSync(join(repo, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
		writeFileSync(join(repo, 'package-lock.json'), `${JSON.stringify({ name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages: { '': pkg } }, null, 2)}\n`);
		writeFileSync(join(repo, 'CHANGELOG.md'), changelog);
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
		expect(run.stdout).toContain('git push origin main v0.1.1');
	});

	it('refuses with changes in the working tree, off main, or with nothing under Unreleased', () => {
		writeFileSync(join(repo, 'stray.txt'), 'x');
		expect(release('0.1.1')).toMatchObject({ status: 1, stderr: expect.stringContaining('the working tree has changes') });
		rmSync(join(repo, 'stray.txt'));

		git('checkout', '--quiet', '-b', 'feature');
		expect(release('0.1.1')).toMatchObject({ status: 1, stderr: expect.stringContaining('releases are made from main, not feature') });
		git('checkout', '--quiet', 'main');

		writeFileSync(join(repo, 'CHANGELOG.md'), changelog.replace('### Fixed\n- A fix.\n\n', ''));
		git('commit', '--quiet', '-am', 'empty unreleased');
		expect(release('0.1.1')).toMatchObject({ status: 1, stderr: expect.stringContaining('nothing under "## [Unreleased]"') });
		expect(git('tag').stdout).toBe('');
	});
});
