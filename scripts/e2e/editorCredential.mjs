// The client-credentials credential in the real editor, as a user changes it: its stored token is
// bound to the values it was minted with (nodes/shared/transport/boundToken.ts).
//   1. a run of Lost Order → Get Many stores a token;
//   2. a wrong Client Secret typed over it: Retry says the service refused it; saved, the test
//      fails and leaves the old token stored, and the next run fails too instead of using it;
//   3. the Scopes narrowed to public_data and saved: the test fails on lost orders, and so does the
//      next run of the node, with a token minted for the narrowed scopes (the old one would still work);
//   4. the values put back and saved: the test and the run pass again.
// A screenshot of each banner and each refused run.
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { signIn } from './editor.mjs';
import { CREDENTIAL_IDS } from '../n8n-runtime/harness.mjs';

const WORKFLOW_ID = 'AffE2eScopeCheck';
const NODE_NAME = 'Lost orders';
const FULL_SCOPES = 'lost_orders manage_lost_orders landings public_data statistics websites deeplink_generator advcampaigns_for_website manage_advcampaigns coupons_for_website coupons';

async function createWorkflow(api) {
	try {
		return (await api(`/rest/workflows/${WORKFLOW_ID}`)).data.id;
	} catch {
		// not there yet
	}
	const nodes = [
		{ id: '00000000-0000-4000-8000-00000000c0d1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: '00000000-0000-4000-8000-00000000c0d2',
			name: NODE_NAME,
			type: 'n8n-nodes-affiliate-partner.affiliatePartner',
			typeVersion: 1,
			position: [260, 0],
			parameters: { resource: 'lostOrder', operation: 'getMany', returnAll: false, limit: 5, filters: {} },
			credentials: { affiliatePartnerApi: { id: CREDENTIAL_IDS.partnerClient, name: 'Affiliate Partner sandbox (client credentials)' } },
		},
	];
	const connections = { Start: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] } };
	const body = { id: WORKFLOW_ID, name: 'E2E: lost orders with the client-credentials credential', nodes, connections, settings: { executionOrder: 'v1' }, active: false };
	return (await api('/rest/workflows', { method: 'POST', body: JSON.stringify(body) })).data.id;
}

/** Runs the workflow from the editor; the toast's text when a node failed, else undefined. */
async function runInEditor(page, baseUrl, workflowId) {
	await page.goto(`${baseUrl}/workflow/${workflowId}`);
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${NODE_NAME}"]`).waitFor({ state: 'visible' });
	await page.getByTestId('execute-workflow-button').first().click();
	const outcome = page.getByText(/Workflow executed successfully|Problem in node/).first();
	await outcome.waitFor({ timeout: 60_000 });
	if (/executed successfully/.test(await outcome.innerText())) return undefined;
	const toast = page.locator('.el-notification').filter({ hasText: 'Problem in node' }).first();
	await toast.waitFor({ state: 'visible' });
	// The toast slides in: the screenshot waits for it to be whole.
	await page.waitForTimeout(1000);
	return (await toast.innerText()).replace(/\s+/g, ' ');
}

/** Opens the credential, sets the fields, then Save or Retry; the banner's text and the test's answer. */
async function editCredential(page, baseUrl, fields, button) {
	await page.goto(`${baseUrl}/home/credentials/${CREDENTIAL_IDS.partnerClient}`);
	const modal = page.getByTestId('editCredential-modal');
	await modal.waitFor({ state: 'visible' });
	// The editor tests the saved credential as it opens; its answer comes first.
	await page.waitForResponse((response) => response.url().includes('/rest/credentials/test'));
	for (const [name, value] of Object.entries(fields)) await modal.locator(`[data-test-id="parameter-input-${name}"] input`).fill(value);
	const answer = page.waitForResponse((response) => response.url().includes('/rest/credentials/test'));
	await (button === 'Retry' ? modal.getByRole('button', { name: 'Retry' }) : modal.getByTestId('credential-save-button')).click();
	const { data } = await (await answer).json();
	const banner = modal.getByText(button === 'Retry' || data.status !== 'OK' ? /Couldn.t connect with these settings|Connection tested successfully/ : 'Connection tested successfully').first();
	await banner.waitFor({ state: 'visible' });
	return { banner: await banner.innerText(), result: data, modal };
}

export async function checkCredentialEditor({ baseUrl, api, sandbox, screenshotsDir, log, line = 2 }) {
	const state = await sandbox.state();
	const workflowId = await createWorkflow(api);
	const { chromium, selectors } = await import('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
	const shots = [];
	const shot = async (page, name) => {
		const path = join(screenshotsDir, `credential-${name}.png`);
		await page.screenshot({ path });
		shots.push(path);
	};
	try {
		const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
		page.setDefaultTimeout(20_000);
		await signIn(page, baseUrl, log);

		assert.equal(await runInEditor(page, baseUrl, workflowId), undefined, 'Lost Order → Get Many runs with the saved client credentials');

		const wrongSecret = await editCredential(page, baseUrl, { clientSecret: 'a-wrong-secret-typed-here' }, 'Retry');
		assert.equal(wrongSecret.result.status, 'Error', `a wrong client secret fails the test (${wrongSecret.result.message})`);
		assert.match(wrongSecret.result.message, /the client ID or client secret was refused/);
		assert.match(wrongSecret.banner, /Couldn.t connect with these settings/);
		await shot(page, 'wrong-secret');

		// Saved, the wrong secret fails the test, which leaves the stored token as it was: the next run
		// must not go on with it.
		const savedWrong = await editCredential(page, baseUrl, { clientSecret: 'a-wrong-secret-saved-here' }, 'Save');
		assert.equal(savedWrong.result.status, 'Error', `a wrong client secret saved fails the test (${savedWrong.result.message})`);
		const withWrongSecret = await runInEditor(page, baseUrl, workflowId);
		assert.ok(withWrongSecret, 'with a wrong client secret saved, Lost Order → Get Many fails (the token minted with the old secret would still work)');
		assert.match(withWrongSecret, /client ID or client secret was refused/, `the run says why: ${withWrongSecret}`);
		await shot(page, 'wrong-secret-run');

		const narrowed = await editCredential(page, baseUrl, { clientSecret: state.clientSecret, scopes: 'public_data' }, 'Save');
		assert.equal(narrowed.result.status, 'Error', `scopes without lost_orders fail the test (${narrowed.result.message})`);
		// n8n 1.x's credential tester shows its own text for a refused status (README, Compatibility).
		assert.match(narrowed.result.message, line === 1 ? /^Forbidden - perhaps check your credentials\?$/ : /cannot read lost orders \(HTTP 403\)/);
		await shot(page, 'scopes-narrowed');
		const minted = (await sandbox.requests()).filter((request) => request.path === '/token/').length;
		const refused = await runInEditor(page, baseUrl, workflowId);
		assert.ok(refused, 'after the scopes were narrowed and saved, Lost Order → Get Many is refused (the old token would still read lost orders)');
		assert.match(refused, /lost_orders|403|Forbidden/i, `the refusal names the missing right: ${refused}`);
		await shot(page, 'scopes-narrowed-run');
		const mintedForRun = (await sandbox.requests()).filter((request) => request.path === '/token/').length - minted;

		const restored = await editCredential(page, baseUrl, { scopes: FULL_SCOPES }, 'Save');
		assert.equal(restored.result.status, 'OK', `the full scopes pass again (${restored.result.message})`);
		assert.equal(await runInEditor(page, baseUrl, workflowId), undefined, 'Lost Order → Get Many runs again with the scopes put back');
		assert.ok(!JSON.stringify([wrongSecret, savedWrong, withWrongSecret, narrowed, refused]).includes(state.clientSecret), 'the client secret is shown nowhere');
		const summary = `a wrong client secret typed fails Retry ("${wrongSecret.result.message.slice(0, 70)}…"); saved, it fails the next run too; scopes narrowed to public_data and saved fail the test and the next run (${mintedForRun} token(s) minted for it); put back, both pass; ${shots.length} screenshots`;
		log(summary);
		return { summary, shots };
	} finally {
		await browser.close();
	}
}
