#!/usr/bin/env node
// `npm run test:install`: the package installed, updated and uninstalled the way an n8n user gets
// it, end to end, with nothing leaving this machine:
//
//   1. Verdaccio on 127.0.0.1 (registry.mjs); `npm pack` of the clone published to it as is, then
//      the same tarball at the next patch version (packAndCompare.mjs);
//   2. a throw-away n8n 2.41.1 in its end-to-end test mode, which switches on the licence feature
//      for a custom registry (community.mjs), with N8N_COMMUNITY_PACKAGES_REGISTRY pointing at it;
//   3. POST /rest/community-packages {name}, as the editor's Install button: the node and credential
//      types served, the package listed, the files on disk the tarball's; a saved workflow with the
//      package's node runs against the sandbox (workflow.mjs);
//   4. the next version published, offered as an update, applied with PATCH; the workflow again;
//   5. the Community Nodes page in Chromium after the install and after the update (browser.mjs);
//   6. DELETE /rest/community-packages?name=…: the types and the folder gone.
//
// Ports: n8n 5890, its task broker 5891, sandbox 4310/4311, registry 4390. Output: test-output/install/
// (n8n's and the registry's logs, screenshots). Keep the scratch folder with INSTALL_KEEP=1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openCommunityNodes } from './browser.mjs';
import { BROWSER_ID, CUSTOM_REGISTRY_FEATURE, communityPackages, installEnv, nodesFolder, packageTypes, servedTypes, setFeature } from './community.mjs';
import { ensureRegistry, startRegistry } from './registry.mjs';
import { createReport } from './report.mjs';
import { diffInstalled, packRepository, repackAtVersion } from './packAndCompare.mjs';
import { createSandboxWorkflow, runAgainstSandbox } from './workflow.mjs';
import { ensureChromium } from '../e2e/chromium.mjs';
import { startOutbound } from '../e2e/outbound.mjs';
import { unpack } from '../package/pack.mjs';
import { buildPackageAndSandbox, cleanupStack, ownerEnv, restSession, startN8n, startSandbox, stopChild } from '../n8n-runtime/harness.mjs';
import { PACKAGE_NAME, ensureRuntime, n8nEnv, repoRoot, seconds } from '../n8n-runtime/runtime.mjs';

const PORTS = { n8n: 5890, broker: 5891, partner: 4310, click: 4311, registry: 4390 };
const outputDir = join(repoRoot, 'test-output', 'install');
const log = (line) => console.log(`[install] ${line}`);
const cleanup = cleanupStack(log);
const report = createReport(log);
const { step, check } = report;

const nextPatch = (version) => version.replace(/^(\d+)\.(\d+)\.(\d+).*$/, (_, major, minor, patch) => `${major}.${minor}.${Number(patch) + 1}`);
const fileLog = (name) => {
	const stream = createWriteStream(join(outputDir, name), { flags: 'a' });
	cleanup.push(() => new Promise((resolve) => stream.end(resolve)));
	return (line) => stream.write(`${line}\n`);
};
const onSpawn = (child) => cleanup.push(() => stopChild(child, 'SIGTERM', 20_000));

async function main() {
	rmSync(outputDir, { recursive: true, force: true });
	mkdirSync(outputDir, { recursive: true });
	await step('build the package and the sandbox', () => buildPackageAndSandbox({ log }));
	const runtime = await step('n8n runtime (install or reuse)', () => ensureRuntime());
	const verdaccio = await step('Verdaccio (install or reuse)', () => ensureRegistry(runtime, { log }));
	report.figures.push(verdaccio.installMs ? `Verdaccio installed into the cache in ${seconds(verdaccio.installMs)}` : `Verdaccio found in the cache: ${verdaccio.dir}`);
	await step('chromium (Debian package)', () => ensureChromium({ log }));

	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-install-'));
	if (!process.env.INSTALL_KEEP) cleanup.push(() => rmSync(scratch, { recursive: true, force: true }));
	log(`scratch folder (registry storage, tarballs, n8n user folder): ${scratch}`);
	// The e2e test's outbound proxy with no stand-in asked for: it refuses and records every host.
	// One for n8n (and the npm it runs), one for Chromium, to tell whose attempts they were.
	const [proxy, browserProxy] = await step('proxies that refuse every host', () => Promise.all([startOutbound(), startOutbound()]));
	cleanup.push(() => proxy.close());
	cleanup.push(() => browserProxy.close());
	const registry = await step('start the local registry', () =>
		startRegistry({ registry: verdaccio, node: runtime, port: PORTS.registry, folder: join(scratch, 'registry'), write: fileLog('registry.log'), log, onSpawn }),
	);

	const packed = join(scratch, 'packed');
	const v1 = await step('npm pack', () => packRepository(packed, registry.npmEnv));
	const v2 = await step(`the same tarball at ${nextPatch(v1.version)}`, () => repackAtVersion(v1.file, nextPatch(v1.version), packed, registry.npmEnv));
	const unpacked = { [v1.version]: unpack(v1.file, join(scratch, 'expected', v1.version)), [v2.version]: unpack(v2.file, join(scratch, 'expected', v2.version)) };
	const publish = (tarball) => async () => {
		const { n8n: declared } = JSON.parse(readFileSync(join(unpacked[tarball.version], 'package.json'), 'utf8'));
		const shipped = [...declared.nodes, ...declared.credentials];
		const absent = shipped.filter((path) => !tarball.files.includes(path));
		assert.deepEqual(absent, [], `the tarball lacks what package.json's n8n field names: ${absent.join(', ')}`);
		await registry.publish(tarball.file, join(outputDir, 'npm-publish.log'));
		const packument = await registry.packument(PACKAGE_NAME);
		assert.equal(packument['dist-tags'].latest, tarball.version, `latest is ${packument['dist-tags'].latest}`);
		assert.equal(packument.versions[tarball.version].dist.integrity, tarball.integrity, 'the registry serves another tarball than the one packed');
		return `${tarball.files.length} files with its ${declared.nodes.length} nodes and ${declared.credentials.length} credentials, ${tarball.integrity.slice(0, 19)}…, tagged latest`;
	};
	await check(`publish ${v1.version} to the local registry`, publish(v1), { stop: true });

	const sandbox = await step('start the sandbox', () => startSandbox({ partnerPort: PORTS.partner, clickPort: PORTS.click, quiet: true, log, onSpawn }));
	const userFolder = join(scratch, 'n8n-user');
	mkdirSync(userFolder);
	const folder = nodesFolder(userFolder);
	const base = n8nEnv(runtime, { userFolder, port: PORTS.n8n, brokerPort: PORTS.broker });
	const env = { ...installEnv(base, { registryUrl: registry.url, npmCache: join(scratch, 'n8n-npm-cache'), proxyEnv: proxy.env }), ...ownerEnv(runtime) };

	await check("npm on n8n's PATH", () => {
		const where = spawnSync('sh', ['-c', 'command -v npm'], { env, encoding: 'utf8' }).stdout.trim();
		const versions = JSON.parse(spawnSync('npm', ['version', '--json'], { env, cwd: scratch, encoding: 'utf8' }).stdout);
		const configured = spawnSync('npm', ['config', 'get', 'registry'], { env, cwd: scratch, encoding: 'utf8' }).stdout.trim();
		assert.equal(versions.node, runtime.version, `npm runs on Node ${versions.node}, n8n on ${runtime.version}`);
		assert.equal(configured, `${registry.url}/`, `npm's own registry is ${configured}`);
		return `${where} (npm ${versions.npm}) on Node ${versions.node}; registry ${configured}`;
	});

	const n8n = await step('n8n start (E2E_TESTS=true, fresh user folder)', () => startN8n(runtime, env, { log, write: fileLog('n8n.log'), onSpawn }));
	const api = await restSession(n8n.url, undefined, { headers: { 'browser-id': BROWSER_ID } });
	const packages = communityPackages(api);

	await check('without the licence feature, n8n refuses the local registry', async () => {
		const refused = await packages.install(PACKAGE_NAME).then(() => undefined, (error) => error);
		assert.ok(refused, 'the install went through without the feature');
		assert.match(refused.message, new RegExp(CUSTOM_REGISTRY_FEATURE), 'the refusal does not name the feature');
		assert.deepEqual(await packages.list(), [], 'GET lists a package');
		return `HTTP 500, "${/Your license[^.]*\./.exec(refused.message)?.[0]}"`;
	});
	await step(`PATCH /rest/e2e/feature ${CUSTOM_REGISTRY_FEATURE}`, () => setFeature(n8n.url, CUSTOM_REGISTRY_FEATURE, true));

	const typesServed = async () => {
		const { served, missing } = packageTypes(await servedTypes(api));
		assert.deepEqual(missing, [], `not served: ${missing.join(', ')}`);
		return `${served.length} served: ${served.map((t) => t.replace(`${PACKAGE_NAME}.`, '')).join(', ')}`;
	};
	const installedAt = (tarball) => async () => {
		const [listed] = await packages.list();
		assert.equal(listed?.packageName, PACKAGE_NAME, `GET does not list ${PACKAGE_NAME}`);
		assert.equal(listed.installedVersion, tarball.version, `GET lists it at ${listed.installedVersion}`);
		assert.equal(listed.installedNodes.length, 4, `GET lists ${listed.installedNodes.length} nodes`);
		assert.equal(listed.failedLoading, false, 'GET says it failed to load');
		const manifest = folder.manifest();
		assert.equal(manifest.version, tarball.version, `the package.json on disk says ${manifest.version}`);
		assert.ok(!manifest.devDependencies && !manifest.peerDependencies, 'the package.json on disk has dev or peer dependencies');
		assert.equal(folder.ledger()[PACKAGE_NAME], tarball.version, `n8n's ledger (nodes/package.json) says ${folder.ledger()[PACKAGE_NAME]}`);
		const { differences, files } = diffInstalled(folder.packageDir, unpacked[tarball.version]);
		assert.deepEqual(differences, [], `the files on disk are not the tarball's: ${differences.slice(0, 8).join(', ')}`);
		return `GET lists ${listed.packageName}@${listed.installedVersion} (${listed.installedNodes.map((n) => n.name).join(', ')}); ${files} files on disk equal the tarball's`;
	};
	const runsAgainstSandbox = async () => {
		const { count, ms } = await runAgainstSandbox(n8n.url, sandbox.client);
		return `GET /webhook answered with ${count} lost orders, the sandbox's own, in ${seconds(ms)}`;
	};

	await check('install: POST /rest/community-packages {name}', async () => {
		const { value, ms } = await packages.install(PACKAGE_NAME);
		report.apiTimes.push(['install (POST)', ms]);
		assert.equal(value.installedVersion, v1.version, `installed ${value.installedVersion}`);
		assert.equal(value.installedNodes.length, 4, `${value.installedNodes.length} nodes installed`);
		return `${value.packageName}@${value.installedVersion}, ${value.installedNodes.length} nodes`;
	}, { stop: true });
	await check('node and credential types after the install', typesServed);
	await check(`installed ${v1.version}`, installedAt(v1));
	await check('a saved workflow with the package runs against the sandbox', async () => {
		await createSandboxWorkflow(api, sandbox.state);
		return await runsAgainstSandbox();
	});

	await check(`publish ${v2.version} to the local registry`, publish(v2));
	await check(`GET offers ${v2.version} as an update`, async () => {
		const [listed] = await packages.list();
		assert.equal(listed?.updateAvailable, v2.version, `updateAvailable is ${listed?.updateAvailable}`);
		return `updateAvailable ${listed.updateAvailable} (n8n's npm outdated asked the local registry)`;
	});
	const browser = await step('chromium: sign in', () => openCommunityNodes({ baseUrl: n8n.url, outputDir, proxyUrl: browserProxy.env.HTTPS_PROXY, log }));
	cleanup.push(() => browser.close());
	const page = (version, updateTo, shot) => async () => {
		const { path, text } = await browser.show({ version, updateTo, shot });
		return `${text.slice(0, 140)}; ${path}`;
	};
	await check(`Community Nodes page shows ${v1.version} and the update`, page(v1.version, v2.version, `community-nodes-${v1.version}.png`));

	await check(`update: PATCH /rest/community-packages {name, version: "${v2.version}"}`, async () => {
		const { value, ms } = await packages.update(PACKAGE_NAME, v2.version);
		report.apiTimes.push(['update (PATCH)', ms]);
		assert.equal(value.installedVersion, v2.version, `updated to ${value.installedVersion}`);
		return `${value.packageName}@${value.installedVersion}`;
	});
	await check(`installed ${v2.version}`, installedAt(v2));
	await check('node and credential types after the update', typesServed);
	await check('the saved workflow still runs against the sandbox', runsAgainstSandbox);
	await check(`Community Nodes page shows ${v2.version}`, page(v2.version, undefined, `community-nodes-${v2.version}.png`));
	await check("n8n's npm fetched each tarball from the local registry", () => {
		const fetched = registry.served().filter((r) => r.method === 'GET' && r.path.endsWith('.tgz'));
		for (const tarball of [v1, v2]) {
			const name = tarball.file.split('/').pop();
			assert.equal(fetched.filter((r) => r.path.endsWith(`/${name}`)).length, 1, `${name} fetched once: ${fetched.map((r) => r.path).join(', ')}`);
		}
		assert.ok(fetched.every((r) => r.userAgent.includes(`node/v${runtime.version}`)), `not all by npm on Node ${runtime.version}: ${fetched.map((r) => r.userAgent).join(', ')}`);
		return `${fetched.map((r) => r.path.split('/').pop()).join(', ')}, by ${fetched[0].userAgent.split(' ').slice(0, 2).join(' ')}`;
	});

	await check('uninstall: DELETE /rest/community-packages?name=…', async () => {
		const { ms } = await packages.uninstall(PACKAGE_NAME);
		report.apiTimes.push(['uninstall (DELETE)', ms]);
		return 'answered 200';
	});
	await check('after the uninstall', async () => {
		const { served } = packageTypes(await servedTypes(api));
		assert.deepEqual(served, [], `still served: ${served.join(', ')}`);
		assert.deepEqual(await packages.list(), [], 'GET still lists it');
		assert.ok(!existsSync(folder.packageDir), `${folder.packageDir} is still there`);
		assert.ok(!(PACKAGE_NAME in folder.ledger()), "n8n's ledger still lists it");
		return 'types, list entry, folder and ledger entry gone';
	});
	await check('every attempt to leave 127.0.0.1 was refused', () => {
		const attempts = ([who, { state }]) => {
			assert.deepEqual(state.requests, [], `${who} reached a host through its proxy`);
			const counts = new Map();
			for (const what of state.refused.map((line) => line.replace(/\?.*/, ''))) counts.set(what, (counts.get(what) ?? 0) + 1);
			return `${who}: ${[...counts].map(([what, count]) => `${what} ×${count}`).join(', ') || 'none'}`;
		};
		return Object.entries({ n8n: proxy, chromium: browserProxy }).map(attempts).join('; ');
	});
}

main().then(
	async () => {
		await cleanup.run();
		report.print(outputDir);
		if (report.failures()) process.exitCode = 1;
	},
	async (error) => {
		report.setupFailed(error);
		console.error(`\n[install] ${error.stack ?? error.message}`);
		await cleanup.run();
		report.print(outputDir);
		process.exitCode = 1;
	},
);
