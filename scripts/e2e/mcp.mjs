// The nodes as tools of an AI agent: a real MCP client (the SDK n8n itself uses) connects to the
// MCP Server Trigger of examples/ai-agent-tools.json in the live n8n, lists the tools as an agent
// sees them, calls each, and compares the answers with the sandbox's own. Bad arguments must come
// back as tool errors that say what to send instead, with no request sent to the service.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { MCP_SERVER, examplesDir } from '../n8n-runtime/harness.mjs';
import { flattened } from './examples.mjs';

/** What each tool must offer the model: its arguments, and which of them it must give. */
const EXPECTED_TOOLS = {
	get_click_report: { properties: ['dateFrom', 'dateTo', 'limit', 'merchantId'], required: [] },
	get_exchange_rate: { properties: ['base', 'date', 'target'], required: ['base', 'date', 'target'] },
	get_lost_orders: { properties: ['createdFrom', 'createdTo', 'limit', 'status'], required: [] },
	get_order_status: { properties: ['orderIds', 'programId'], required: ['orderIds', 'programId'] },
};

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export async function connect(url, token) {
	const headers = { Authorization: `Bearer ${token}` };
	const client = new Client({ name: 'affiliate-partner-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
	return client;
}

/** A tool's answer: the JSON text n8n makes of the node's items, or the error text. */
export async function call(client, name, args) {
	const result = await client.callTool({ name, arguments: args });
	const text = result.content?.map((part) => part.text ?? '').join('') ?? '';
	return { isError: result.isError === true, text, data: result.isError ? undefined : JSON.parse(text) };
}

/**
 * The tools as an MCP client lists them, by name: one per connected node of the example, each
 * described by the node's Description, with the arguments and required ones `expected` names.
 */
export async function listedTools(client, example, expected) {
	const { tools } = await client.listTools();
	tools.sort((a, b) => a.name.localeCompare(b.name));
	assert.deepEqual(tools.map((tool) => tool.name), Object.keys(expected), 'one tool per connected node, named after it');
	for (const tool of tools) {
		const node = example.nodes.find((candidate) => candidate.name === tool.name);
		assert.equal(tool.description, node.parameters.toolDescription, `${tool.name}: the node's Description is what the model reads`);
		assert.deepEqual(Object.keys(tool.inputSchema.properties).sort(), expected[tool.name].properties, `${tool.name}: arguments`);
		assert.deepEqual([...(tool.inputSchema.required ?? [])].sort(), expected[tool.name].required, `${tool.name}: required arguments`);
	}
	return tools;
}

/** The tools as an MCP client lists them, in a form for docs/ai-agents.md: name, description, arguments. */
function describeTools(tools) {
	return tools
		.map((tool) => {
			const required = new Set(tool.inputSchema.required ?? []);
			const args = Object.entries(tool.inputSchema.properties ?? {})
				.sort(([a], [b]) => a.localeCompare(b))
				.map(([name, schema]) => {
					const given = required.has(name) ? 'required' : `default ${JSON.stringify(schema.default)}`;
					return `    ${name} (${schema.type}, ${given}): ${schema.description}`;
				});
			return [`${tool.name}: ${tool.description}`, ...args].join('\n');
		})
		.join('\n\n');
}

export async function checkMcpTools({ baseUrl, sandbox }) {
	const url = `${baseUrl}${MCP_SERVER.path}`;
	const example = JSON.parse(readFileSync(join(examplesDir, 'ai-agent-tools.json'), 'utf8'));

	// Without the trigger's Bearer token, or with another, not even the handshake is answered.
	for (const token of [undefined, 'not-the-token']) {
		const refused = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
			body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } } }),
		});
		assert.ok([401, 403].includes(refused.status), `a client ${token ? 'with another token' : 'without a token'} is refused (HTTP ${refused.status})`);
	}

	const client = await connect(url, MCP_SERVER.token);
	try {
		const tools = await listedTools(client, example, EXPECTED_TOOLS);

		const lostOrders = await call(client, 'get_lost_orders', { status: 'rejected', limit: 5 });
		const directLostOrders = await sandbox.partner('/lost_orders/', { status: 'rejected', limit: 5 });
		assert.equal(lostOrders.isError, false, lostOrders.text);
		assert.deepEqual(lostOrders.data, directLostOrders.results.map(flattened), 'get_lost_orders: the sandbox\'s 5 first rejected claims, flattened');

		const claim = directLostOrders.results[0];
		const orderIds = [claim.order_id, 'E2E-UNKNOWN-ORDER'];
		const status = await call(client, 'get_order_status', { programId: String(claim.advcampaign.id), orderIds: orderIds.join(', ') });
		const directStatus = await sandbox.partner('/lost_orders/payments_info/', [['advcampaign', String(claim.advcampaign.id)], ...orderIds.map((id) => ['order_id', id])]);
		assert.equal(status.isError, false, status.text);
		assert.deepEqual(
			status.data,
			orderIds.map((id) => ({ payment_id: null, payment_status: null, ...directStatus.order_info.find((info) => info.order_id === id) })),
			'get_order_status: one entry per order ID, as the service answers it',
		);

		const day = yesterday();
		const rate = await call(client, 'get_exchange_rate', { base: 'USD', target: 'EUR', date: day });
		const [y, m, d] = day.split('-');
		const directRate = await sandbox.partner('/currencies/rate/', { base: 'USD', target: 'EUR', date: `${d}.${m}.${y}` });
		assert.equal(rate.isError, false, rate.text);
		assert.equal(rate.data[0].rate, Number(directRate.rate), 'get_exchange_rate: the service\'s rate of that day, as a number');

		const clicks = await call(client, 'get_click_report', { dateFrom: day, dateTo: day, limit: 3 });
		const directClicks = await sandbox.click({ dateFrom: day, dateTo: day, limit: 3 });
		assert.equal(clicks.isError, false, clicks.text);
		assert.deepEqual(clicks.data, directClicks.data, 'get_click_report: the first 3 click items of the day');

		// Arguments a model may get wrong: the answer says what to send instead, and nothing is sent.
		await sandbox.clearRequests();
		const wrongStatus = await call(client, 'get_lost_orders', { status: 'declined' });
		assert.equal(wrongStatus.isError, true, 'a wrong status is a tool error');
		assert.match(wrongStatus.text, /"Status": "declined" is not one of accepted, processing, rejected/);
		const impossibleDate = await call(client, 'get_exchange_rate', { base: 'USD', target: 'EUR', date: '2026-02-31' });
		assert.equal(impossibleDate.isError, true, 'an impossible date is a tool error');
		// In the tool's words: its argument asks for YYYY-MM-DD, and so does the refusal.
		assert.match(impossibleDate.text, /"Date": "2026-02-31" is not a real date \(use YYYY-MM-DD\)/);
		const missing = await call(client, 'get_order_status', { programId: '6115' });
		assert.equal(missing.isError, true, 'a missing argument is a tool error');
		assert.match(missing.text, /orderIds/);
		// Only what these three calls would send counts: the published triggers keep polling meanwhile.
		const sentForBadArguments = (await sandbox.requests()).filter(
			(r) => r.path.startsWith('/currencies/rate/') || r.path.startsWith('/lost_orders/payments_info/') || r.query.status?.includes('declined'),
		);
		assert.deepEqual(sentForBadArguments, [], 'no request reached the service for the bad arguments');

		return {
			summary: `${tools.length} tools listed by an MCP client (${tools.map((tool) => tool.name).join(', ')}); each called and equal to the sandbox's answer; a wrong status, an impossible date and a missing argument came back as tool errors, with no request sent`,
			capture: describeTools(tools),
			errors: [wrongStatus.text, impossibleDate.text, missing.text],
		};
	} finally {
		await client.close();
	}
}
