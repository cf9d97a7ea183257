// n8n's side of a community package: the environment of a throw-away n8n that installs from the
// local registry, the licence feature its end-to-end test mode switches on, the calls the editor's
// Community Nodes page makes (install, list, update, uninstall), and the node and credential types
// n8n then serves to the editor.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_NAME } from '../n8n-runtime/runtime.mjs';

export const NODE_TYPES = ['affiliatePartner', 'affiliatePartnerTrigger', 'clickReport', 'clickReportTrigger'].map((node) => `${PACKAGE_NAME}.${node}`);
export const CREDENTIAL_TYPES = ['affiliatePartnerApi', 'clickStatisticsApi'];

/** A registry other than registry.npmjs.org is a licensed feature (community-packages.service.js, getNpmRegistry). */
export const CUSTOM_REGISTRY_FEATURE = 'feat:communityNodes:customRegistry';

/** The editor sends this header with every REST call; a session logged in with it is bound to it. */
export const BROWSER_ID = 'install-test-browser';

/**
 * The environment of this n8n: `base` (`n8nEnv()`: loopback, fresh user folder) without what
 * `npm run` adds for its scripts (npm_config_user_agent, an empty npm_config_noproxy,
 * npm_config_nodedir of the system Node, …), which n8n's own npm would otherwise take as its
 * config, and with:
 * - E2E_TESTS=true: n8n's own end-to-end test mode, whose /rest/e2e/feature switches licence
 *   features (it also opens unauthenticated /rest/e2e routes: loopback only, thrown away after);
 * - the registry n8n's installer passes to `npm pack` and `npm install` as --registry;
 * - NPM_CONFIG_REGISTRY: n8n's list call runs `npm outdated` without --registry, which would ask
 *   the public registry for updates; here it asks the local one (and so sees 0.1.1);
 * - npm's cache in the scratch folder, so that no tarball of an earlier run is reused;
 * - HTTP(S)_PROXY: a proxy on 127.0.0.1 that refuses and records every host, so that whatever n8n
 *   tries to reach outside (its package vetting service) is refused here, not sent.
 */
export function installEnv(base, { registryUrl, npmCache, proxyEnv }) {
	return {
		...Object.fromEntries(Object.entries(base).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE')),
		E2E_TESTS: 'true',
		N8N_COMMUNITY_PACKAGES_REGISTRY: registryUrl,
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		NPM_CONFIG_REGISTRY: `${registryUrl}/`,
		npm_config_cache: npmCache,
		npm_config_update_notifier: 'false',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		...proxyEnv,
	};
}

/** PATCH /rest/e2e/feature: an unauthenticated route of the test mode. */
export async function setFeature(baseUrl, feature, enabled) {
	const response = await fetch(`${baseUrl}/rest/e2e/feature`, {
		method: 'PATCH',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ feature, enabled }),
	});
	if (!response.ok) throw new Error(`PATCH /rest/e2e/feature: HTTP ${response.status} ${await response.text()}`);
}

/** Runs `work` and returns its value with how long it took. */
async function timed(work) {
	const started = performance.now();
	const value = await work();
	return { value, ms: performance.now() - started };
}

/**
 * The Community Nodes page's calls, each timed: the body and query the editor's bundle sends
 * (`{name}` for an unverified package typed by name; `{name, version}` to update; `?name=` to
 * uninstall), with its `browser-id` header (set on the session).
 */
export function communityPackages(api) {
	const body = (value) => JSON.stringify(value);
	return {
		list: async () => (await api('/rest/community-packages')).data,
		install: (name) => timed(async () => (await api('/rest/community-packages', { method: 'POST', body: body({ name }) })).data),
		update: (name, version) => timed(async () => (await api('/rest/community-packages', { method: 'PATCH', body: body({ name, version }) })).data),
		uninstall: (name) => timed(() => api(`/rest/community-packages?name=${encodeURIComponent(name)}`, { method: 'DELETE' })),
	};
}

/**
 * The node and credential types the editor loads. n8n rewrites these files after every install,
 * update and uninstall (postProcessLoaders → FrontendService.generateTypes) and serves them with
 * `Cache-Control: no-cache`, so one read after the call sees the change.
 */
export async function servedTypes(api) {
	const [nodes, credentials] = await Promise.all([api('/types/nodes.json'), api('/types/credentials.json')]);
	return { nodes: new Set(nodes.map((node) => node.name)), credentials: new Set(credentials.map((credential) => credential.name)) };
}

/** Which of the package's types are served, and which are missing. */
export function packageTypes(types) {
	const served = [...NODE_TYPES.filter((t) => types.nodes.has(t)), ...CREDENTIAL_TYPES.filter((t) => types.credentials.has(t))];
	const missing = [...NODE_TYPES.filter((t) => !types.nodes.has(t)), ...CREDENTIAL_TYPES.filter((t) => !types.credentials.has(t))];
	return { served, missing };
}

/** Where n8n puts community packages, and its ledger (`nodes/package.json`) of what it installed. */
export function nodesFolder(userFolder) {
	const folder = join(userFolder, '.n8n', 'nodes');
	return {
		packageDir: join(folder, 'node_modules', PACKAGE_NAME),
		ledger: () => (existsSync(join(folder, 'package.json')) ? JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).dependencies ?? {} : {}),
		manifest: () => JSON.parse(readFileSync(join(folder, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8')),
	};
}
