// Affiliate links as tools of an AI agent (examples/ai-agent-links.json): a real MCP client connects
// to its MCP Server Trigger in the live n8n and does what an agent asked "give me an affiliate link
// for this page" does. The tools it lists make links and read; none joins or leaves a program. Each
// link must be the sandbox's own for that URL, asked directly; a URL that is not one comes back as a
// tool error naming the field, with no request sent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { LINKS_MCP_SERVER, examplesDir } from '../n8n-runtime/harness.mjs';
import { call, connect, listedTools } from './mcp.mjs';

const EXPECTED_TOOLS = {
	create_deeplinks: { properties: ['programId', 'subId', 'urls'], required: ['programId', 'urls'] },
	get_joined_programs: { properties: ['limit'], required: [] },
	get_tracking_links: { properties: ['subId', 'urls'], required: ['urls'] },
};
/** What an agent must never reach: joining accepts a program's rules, leaving drops its links. */
const OUT_OF_REACH = new Set(['program:join', 'program:leave']);

const AD_SPACE = 1021;
/** A page of a shop the click sandbox covers, and one of a shop no program covers (sandbox/click/resolve.ts). */
const COVERED_PAGE = 'https://www.shop-one.example/product/agent-1?size=42,5';
const UNCOVERED_PAGE = 'https://no-program.example/item/7';
const isLinkRequest = (r) => r.path.startsWith('/deeplink/') || r.path.endsWith('/resolve');

/** The click service's resolve for these URLs, asked directly with the sandbox's own key. */
async function resolvedDirectly(sandbox, iris, subId) {
	const { clickUrl, publicKey } = await sandbox.state();
	const response = await fetch(`${clickUrl}/v1/product/monetize-api/v2/resolve`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${publicKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ iris, subId }),
	});
	assert.equal(response.status, 200, `the sandbox resolves ${iris.join(', ')}`);
	return (await response.json()).data;
}

export async function checkLinkTools({ baseUrl, sandbox, token }) {
	const example = JSON.parse(readFileSync(join(examplesDir, 'ai-agent-links.json'), 'utf8'));
	const operations = example.nodes.filter((node) => node.type.endsWith('Tool')).map((node) => `${node.parameters.resource}:${node.parameters.operation}`);
	assert.deepEqual(operations.filter((operation) => OUT_OF_REACH.has(operation)), [], 'no tool joins or leaves a program');

	const client = await connect(`${baseUrl}${LINKS_MCP_SERVER.path}`, token);
	try {
		const tools = await listedTools(client, example, EXPECTED_TOOLS);

		// "Give me an affiliate link for this page": Takeads finds the shop itself, or says no program covers it.
		await sandbox.clearRequests();
		const pages = [COVERED_PAGE, UNCOVERED_PAGE];
		const tracking = await call(client, 'get_tracking_links', { urls: pages.join('\n'), subId: 'agent' });
		assert.equal(tracking.isError, false, tracking.text);
		assert.equal((await sandbox.requests()).filter(isLinkRequest).length, 1, 'both pages in one resolve request');
		const resolved = await resolvedDirectly(sandbox, pages, 'agent');
		assert.ok(typeof resolved[0].trackingLink === 'string' && resolved[1].trackingLink === null, 'the sandbox covers the first page and not the second');
		assert.deepEqual(
			tracking.data,
			resolved.map((entry, i) => ({ url: pages[i], resolved: entry.trackingLink !== null, iri: entry.iri, trackingLink: entry.trackingLink })),
			"get_tracking_links: the sandbox's answer for each page, in the order asked",
		);

		// For the Admitad ad space: the programs it has joined, then a deeplink to a page of one of them.
		const programs = await call(client, 'get_joined_programs', {});
		assert.equal(programs.isError, false, programs.text);
		const joined = await sandbox.partnerRecords(`/advcampaigns/website/${AD_SPACE}/`, { connection_status: 'active' });
		assert.deepEqual(programs.data, joined, "get_joined_programs: the sandbox's programs of the ad space in status active");
		const [program] = programs.data;
		const page = `${program.site_url}product/agent-2?colors=red,blue`;
		await sandbox.clearRequests();
		const deeplink = await call(client, 'create_deeplinks', { programId: String(program.id), urls: page, subId: 'agent' });
		assert.equal(deeplink.isError, false, deeplink.text);
		assert.equal((await sandbox.requests()).filter(isLinkRequest).length, 1, 'one deeplink request');
		const [direct] = await sandbox.partner(`/deeplink/${AD_SPACE}/advcampaign/${program.id}/`, [['subid', 'agent'], ['ulp', page]]);
		const link = typeof direct === 'string' ? direct : direct.link;
		assert.deepEqual(deeplink.data, [{ url: page, link, is_affiliate_product: direct.is_affiliate_product ?? null }], `create_deeplinks: the sandbox's link for a page of ${program.name}`);

		// A model that sends a name instead of a URL, or a URL without its scheme: the answer names the field, and nothing is sent.
		await sandbox.clearRequests();
		const notUrl = await call(client, 'get_tracking_links', { urls: 'the blue shoes page' });
		assert.equal(notUrl.isError, true, 'a text that is not a URL is a tool error');
		assert.match(notUrl.text, /URLs/);
		const noScheme = await call(client, 'create_deeplinks', { programId: String(program.id), urls: 'shop.sandbox.example/product/1' });
		assert.equal(noScheme.isError, true, 'a URL without its scheme is a tool error');
		assert.match(noScheme.text, /URLs/);
		assert.deepEqual((await sandbox.requests()).filter(isLinkRequest), [], 'no request reached the service for the bad arguments');

		return {
			summary: `${tools.length} tools listed by an MCP client (${tools.map((tool) => tool.name).join(', ')}), none joins or leaves a program; get_tracking_links gave, in one request, the sandbox's tracking link for a covered page and resolved: false for another; get_joined_programs the ${joined.length} programs of ad space ${AD_SPACE} in status active; create_deeplinks the sandbox's link for a page of ${program.name}; a text that is not a URL and a URL without its scheme came back as tool errors, with no request sent`,
			capture: [`get_tracking_links (${pages.join(', ')}):`, JSON.stringify(tracking.data, null, 2), `create_deeplinks (${program.id}, ${page}):`, JSON.stringify(deeplink.data, null, 2)].join('\n'),
			errors: [notUrl.text, noScheme.text],
		};
	} finally {
		await client.close();
	}
}
