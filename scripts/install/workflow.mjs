// A saved workflow that uses the installed package against the sandbox, made as a user makes one:
// a credential of the package's type and a workflow created over REST, then published. It answers
// a webhook with every lost order (Affiliate Partner, Lost Order: Get Many, Return All), so one GET
// runs it through the live server; the test compares the IDs with the sandbox's own records.
import assert from 'node:assert/strict';

import { CREDENTIAL_IDS, sandboxCredentials } from '../n8n-runtime/harness.mjs';
import { PACKAGE_NAME } from '../n8n-runtime/runtime.mjs';

export const WEBHOOK_PATH = 'install-test-lost-orders';

/** Creates the credential and the workflow, and publishes it; returns the workflow's id. */
export async function createSandboxWorkflow(api, state) {
	const source = sandboxCredentials(state).find((c) => c.id === CREDENTIAL_IDS.partner);
	const { data: credential } = await api('/rest/credentials', {
		method: 'POST',
		body: JSON.stringify({ name: source.name, type: source.type, data: source.data }),
	});
	const nodes = [
		{
			id: '00000000-0000-4000-a000-000000000001',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: '00000000-0000-4000-a000-0000000000aa',
			parameters: { httpMethod: 'GET', path: WEBHOOK_PATH, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
		},
		{
			id: '00000000-0000-4000-a000-000000000002',
			name: 'Lost orders',
			type: `${PACKAGE_NAME}.affiliatePartner`,
			typeVersion: 1.1,
			position: [260, 0],
			credentials: { affiliatePartnerApi: { id: credential.id, name: credential.name } },
			parameters: { resource: 'lostOrder', operation: 'getMany', returnAll: true, filters: {}, options: {} },
		},
	];
	const { data: workflow } = await api('/rest/workflows', {
		method: 'POST',
		body: JSON.stringify({
			name: 'Install test: every lost order',
			nodes,
			connections: { Webhook: { main: [[{ node: 'Lost orders', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		}),
	});
	await api(`/rest/workflows/${workflow.id}/activate`, { method: 'POST', body: JSON.stringify({ versionId: workflow.versionId }) });
	return workflow.id;
}

/**
 * Runs the published workflow through its webhook and checks its items against the sandbox's. n8n
 * registers a published workflow's webhook a moment after the publish call returns, so a 404 is
 * asked again for up to `registerMs`.
 */
export async function runAgainstSandbox(baseUrl, sandbox, { registerMs = 30_000 } = {}) {
	const started = performance.now();
	let response;
	let text;
	for (;;) {
		const attempt = performance.now();
		response = await fetch(`${baseUrl}/webhook/${WEBHOOK_PATH}`);
		text = await response.text();
		if (response.status !== 404 || attempt - started > registerMs) break;
		await new Promise((r) => setTimeout(r, 250));
	}
	const ms = performance.now() - started;
	assert.equal(response.status, 200, `the webhook answered ${response.status}: ${text.slice(0, 400)}`);
	const items = JSON.parse(text);
	const expected = (await sandbox.partnerRecords('/lost_orders/')).map((order) => order.id);
	assert.ok(expected.length > 0, 'the sandbox holds lost orders');
	assert.deepEqual(
		items.map((item) => item.id),
		expected,
		`the workflow's ${items.length} items are the sandbox's ${expected.length} lost orders, in its order`,
	);
	return { count: items.length, ms };
}
