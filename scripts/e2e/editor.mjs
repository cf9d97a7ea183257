// The editor in a real browser (Debian's chromium driven by playwright-core): log in, open a
// workflow holding the package's three nodes, open each node's panel, check that the icon, the
// credential and the operations render, and save a screenshot of each; then the examples that end in
// Google Sheets and Slack (editorExamples.mjs).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { checkExampleEditors, closeNodePanel } from './editorExamples.mjs';
import { checkNewUserEditor } from './editorNewUser.mjs';
import { checkSmallThingsEditor } from './editorSmallThings.mjs';
import { CREDENTIAL_IDS, OWNER } from '../n8n-runtime/harness.mjs';

const PACKAGE = 'n8n-nodes-affiliate-partner';
export const EDITOR_WORKFLOW_ID = 'AffE2eEditorView';

const clickCredential = { clickStatisticsApi: { id: CREDENTIAL_IDS.click, name: 'Click Statistics sandbox' } };
const partnerCredential = { affiliatePartnerApi: { id: CREDENTIAL_IDS.partner, name: 'Affiliate Partner sandbox' } };

/** What the editor check opens, node by node, and what each panel must show. */
const NODES = [
	{
		name: 'Click Report Trigger',
		type: `${PACKAGE}.clickReportTrigger`,
		parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, filters: {}, options: {} },
		credentials: clickCredential,
		credentialName: 'Click Statistics sandbox',
		icon: 'clickReportTrigger.svg',
		selected: { mode: 'Every Minute' },
		texts: ['Each poll starts one execution that carries every new or changed click item', 'Poll Times', 'Filters', 'Options'],
	},
	{
		name: 'Click Report',
		type: `${PACKAGE}.clickReport`,
		parameters: { operation: 'getMany', returnAll: false, limit: 50, filters: {} },
		credentials: clickCredential,
		credentialName: 'Click Statistics sandbox',
		icon: 'clickReport.svg',
		selected: { operation: 'Get Many' },
		operations: ['Get Many'],
		texts: ['Without a period, the report covers today (UTC)', 'Return All', 'Filters'],
	},
	{
		name: 'Affiliate Partner',
		type: `${PACKAGE}.affiliatePartner`,
		parameters: { resource: 'lostOrder', operation: 'getMany', returnAll: false, limit: 50, filters: {} },
		credentials: partnerCredential,
		credentialName: 'Affiliate Partner sandbox',
		icon: 'affiliatePartner.svg',
		selected: { resource: 'Lost Order', operation: 'Get Many' },
		resources: ['Ad Space Kind', 'Appeal', 'Category', 'Currency', 'Landing Page', 'Language', 'Lost Order', 'Region', 'Traffic Source'],
		operations: ['Create', 'Get', 'Get Many', 'Get Order Status'],
		texts: ['Return All', 'Filters'],
	},
];

/** The workflow the check opens, created over REST. */
export async function createEditorWorkflow(api) {
	try {
		return (await api(`/rest/workflows/${EDITOR_WORKFLOW_ID}`)).data.id;
	} catch {
		// not there yet
	}
	const nodes = NODES.map((node, i) => ({
		id: `00000000-0000-4000-8000-0000000e2e0${i + 1}`,
		name: node.name,
		type: node.type,
		typeVersion: 1,
		position: [i * 260, 0],
		parameters: node.parameters,
		credentials: node.credentials,
	}));
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	const { data } = await api('/rest/workflows', {
		method: 'POST',
		body: JSON.stringify({ id: EDITOR_WORKFLOW_ID, name: 'E2E: the three nodes of the package', nodes, connections, settings: { executionOrder: 'v1' }, active: false }),
	});
	return data.id;
}

/** Signs the owner in, as a person would. */
export async function signIn(page, baseUrl, log) {
	await page.goto(`${baseUrl}/signin`);
	await page.fill('input[name="emailOrLdapLoginId"]', OWNER.email);
	await page.fill('input[name="password"]', OWNER.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
	log(`logged in as ${OWNER.email}`);
}

async function waitForImage(page, selector, what) {
	await page.waitForFunction(
		(sel) => {
			const img = document.querySelector(sel);
			return img && img.complete && img.naturalWidth > 0;
		},
		selector,
		{ timeout: 15_000 },
	).catch(() => {
		throw new Error(`${what} did not render (${selector})`);
	});
}

async function optionTexts(page, parameter) {
	// A dropdown closed just before (Escape) fades out for a moment; its items would be read as
	// this one's, so wait until no dropdown is on screen.
	await page.waitForFunction(
		() =>
			![...document.querySelectorAll('.el-select-dropdown')].some((dropdown) => {
				const style = getComputedStyle(dropdown);
				return style.display !== 'none' && style.visibility !== 'hidden' && dropdown.getClientRects().length > 0;
			}),
		undefined,
		{ timeout: 10_000 },
	);
	// Opening the dropdown renders its items; each item's first line is the option's name.
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	const items = page.locator('.el-select-dropdown:visible [data-test-id="parameter-input-item"]');
	await items.first().waitFor({ timeout: 10_000 });
	const names = (await items.allInnerTexts()).map((text) => text.split('\n')[0].trim());
	return names;
}

export async function checkEditor({ baseUrl, api, sandbox, screenshotsDir, log, mcpExample = true, searchDescriptions = true }) {
	const { chromium, selectors } = await import('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	mkdirSync(screenshotsDir, { recursive: true });
	const workflowId = await createEditorWorkflow(api);
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
	const failedAssets = [];
	const shots = [];
	let newUser;
	try {
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		page.on('response', (response) => {
			// The icons. (`/schemas/<type>/…json` answers 404 for every community node: only n8n's own
			// nodes ship output schemas for the schema preview.)
			if (response.url().includes(`/icons/${PACKAGE}/`) && response.status() >= 400) failedAssets.push(`${response.status()} ${response.url()}`);
		});

		await signIn(page, baseUrl, log);

		await page.goto(`${baseUrl}/workflow/${workflowId}`);
		for (const node of NODES) {
			await waitForImage(page, `[data-test-id="canvas-node"][data-node-type="${node.type}"] img[src*="/icons/${PACKAGE}/"][src$="${node.icon}"]`, `the canvas icon of ${node.name}`);
		}
		const canvasShot = join(screenshotsDir, '0-canvas.png');
		await page.screenshot({ path: canvasShot });
		shots.push(canvasShot);

		for (const [index, node] of NODES.entries()) {
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`).dblclick();
			const ndv = page.getByTestId('ndv');
			await ndv.waitFor({ state: 'visible' });
			await waitForImage(page, `[data-test-id="ndv"] img[src*="/icons/${PACKAGE}/"][src$="${node.icon}"]`, `the panel icon of ${node.name}`);

			const credential = await page.locator('[data-test-id="node-credentials-select"] input').inputValue();
			assert.equal(credential, node.credentialName, `${node.name}: the credential is selected`);
			for (const [parameter, shown] of Object.entries(node.selected ?? {})) {
				const value = await page.locator(`[data-test-id="parameter-input-${parameter}"] input`).inputValue();
				assert.equal(value, shown, `${node.name}: ${parameter} shows ${shown}`);
			}
			const panelText = await ndv.innerText();
			for (const text of node.texts) assert.ok(panelText.includes(text), `${node.name}: the panel shows "${text}"`);
			if (node.resources) {
				const resources = await optionTexts(page, 'resource');
				for (const resource of node.resources) assert.ok(resources.includes(resource), `${node.name}: resource ${resource} listed (${resources.join(', ')})`);
				await page.keyboard.press('Escape');
			}
			if (node.operations) {
				const operations = await optionTexts(page, 'operation');
				for (const operation of node.operations) assert.ok(operations.includes(operation), `${node.name}: operation ${operation} listed (${operations.join(', ')})`);
			}
			const shot = join(screenshotsDir, `${index + 1}-${node.name.toLowerCase().replace(/\W+/g, '-')}.png`);
			await page.screenshot({ path: shot });
			shots.push(shot);
			if (node.operations) await page.keyboard.press('Escape');
			log(`${node.name}: icon, credential "${credential}"${node.operations ? `, operations ${node.operations.join(' / ')}` : ''} render; ${shot}`);
			await closeNodePanel(page);
		}
		shots.push(...(await checkExampleEditors({ page, baseUrl, screenshotsDir, log, mcpExample })));
		// What a new user meets: the node search, panels and hints.
		newUser = await checkNewUserEditor({ page, baseUrl, api, sandbox, screenshotsDir, log, searchDescriptions });
		shots.push(...newUser.shots);
		// The notice, the Docs links and the item of an error, in the panels.
		const smallThings = await checkSmallThingsEditor({ page, baseUrl, api, screenshotsDir, log });
		shots.push(...smallThings.shots);
		newUser.summary += `; ${smallThings.summary}`;
		assert.deepEqual(failedAssets, [], 'every icon of the package loads');
	} finally {
		await browser.close();
	}
	return { shots, newUser: newUser?.summary };
}
