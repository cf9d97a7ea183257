// Small things a new user meets in the panels, checked in the real editor: the Click Report's notice
// "Without a period, the report covers today (UTC)." only while no period is given; each node's
// Docs link going to the package's own page of the node; and an error of the second of two input
// items ending in "[item 1]" on both nodes alike (n8n's editor writes it from the error's item).
// A screenshot of each goes next to the editor's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CREDENTIAL_IDS } from '../n8n-runtime/harness.mjs';
import { repoRoot } from '../n8n-runtime/runtime.mjs';
import { closeNodePanel } from './editorExamples.mjs';

const PACKAGE = 'n8n-nodes-affiliate-partner';
const WORKFLOW_ID = 'AffE2eSmallThing';
const clickCredential = { clickStatisticsApi: { id: CREDENTIAL_IDS.click, name: 'Click Statistics sandbox' } };
const partnerCredential = { affiliatePartnerApi: { id: CREDENTIAL_IDS.partner, name: 'Affiliate Partner sandbox' } };
const NOTICE = 'Without a period, the report covers today (UTC).';

const NODES = {
	items: 'Two items',
	today: 'Click report of today',
	period: 'Click report of a period',
	clickLimit: 'Click Report, Limit from each item',
	partnerLimit: 'Affiliate Partner, Limit from each item',
};

/** The package's page of a node, as docs/nodes.md's heading is called in a link. */
function docsUrl(anchor) {
	const { repository } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
	return `${repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/main/docs/nodes.md#${anchor}`;
}

/** The workflow's id: n8n 1.x gives a new workflow an id of its own, whatever it is sent with. */
async function createWorkflow(api) {
	try {
		await api(`/rest/workflows/${WORKFLOW_ID}`);
		return WORKFLOW_ID;
	} catch {
		// not there yet
	}
	const node = (index, name, type, typeVersion, parameters, credentials) => ({
		id: `00000000-0000-4000-8000-00000000b${index}0${index}`,
		name,
		type,
		typeVersion,
		position: [index === 1 ? 0 : 300, (index - 2) * 200],
		parameters,
		...(credentials ? { credentials } : {}),
	});
	const nodes = [
		node(1, NODES.items, 'n8n-nodes-base.manualTrigger', 1, {}),
		node(2, NODES.today, `${PACKAGE}.clickReport`, 1.1, { operation: 'getMany', limit: 5, filters: {} }, clickCredential),
		node(3, NODES.period, `${PACKAGE}.clickReport`, 1.1, { operation: 'getMany', limit: 5, filters: { dateFrom: '2026-08-01', dateTo: '2026-11-27' } }, clickCredential),
		node(4, NODES.clickLimit, `${PACKAGE}.clickReport`, 1.1, { operation: 'getMany', limit: '={{ $json.limit }}', filters: {} }, clickCredential),
		node(5, NODES.partnerLimit, `${PACKAGE}.affiliatePartner`, 1.2, { resource: 'lostOrder', operation: 'getMany', limit: '={{ $json.limit }}', filters: {} }, partnerCredential),
	];
	const to = (...names) => ({ main: [names.map((name) => ({ node: name, type: 'main', index: 0 }))] });
	const connections = { [NODES.items]: to(NODES.clickLimit, NODES.partnerLimit) };
	// The same two input items for both nodes: the second one's Limit is not a number.
	const pinData = { [NODES.items]: [{ json: { limit: 2 } }, { json: { limit: 'abc' } }] };
	const { data: created } = await api('/rest/workflows', {
		method: 'POST',
		body: JSON.stringify({ id: WORKFLOW_ID, name: 'E2E: small things in the panels', nodes, connections, pinData, settings: { executionOrder: 'v1' }, active: false }),
	});
	return created.id;
}

async function openPanel(page, name) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.getByTestId('ndv').waitFor({ state: 'visible' });
}

/** The Docs link of the open panel: n8n opens the node's documentationUrl, else its codex link. */
async function docsLink(page) {
	const link = page.getByTestId('ndv').locator('a[href*="docs/nodes.md"], a[href*="developers."]').first();
	await link.waitFor({ state: 'attached', timeout: 10_000 });
	return link.getAttribute('href');
}

export async function checkSmallThingsEditor({ page, baseUrl, api, screenshotsDir, log }) {
	const shots = [];
	const shot = async (name) => {
		const path = join(screenshotsDir, `small-things-${name}.png`);
		await page.screenshot({ path });
		shots.push(path);
	};
	const workflowId = await createWorkflow(api);
	await page.goto(`${baseUrl}/workflow/${workflowId}`);
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${NODES.today}"]`).waitFor();
	await page.getByText('Edit here').click({ timeout: 2000 }).catch(() => {});

	// The notice, while it is true only; and the Docs link of the node's own page.
	await openPanel(page, NODES.today);
	const ndv = page.getByTestId('ndv');
	await ndv.getByText(NOTICE).waitFor();
	assert.equal(await docsLink(page), docsUrl('click-report'), 'the Docs link of Click Report goes to its page in docs/nodes.md');
	await shot('1-notice-without-a-period');
	await closeNodePanel(page);
	await openPanel(page, NODES.period);
	await ndv.getByText('Date From').first().waitFor();
	assert.equal(await ndv.getByText(NOTICE).count(), 0, 'with Date From and Date To given, the panel does not say the report covers today');
	await shot('2-no-notice-with-a-period');
	await closeNodePanel(page);
	log(`Click Report: "${NOTICE}" shown without a period and not with Date From and Date To; Docs → ${docsUrl('click-report')}`);

	// The same failing input on both nodes: two items, the second's Limit "abc".
	const errors = {};
	for (const [name, anchor, file] of [
		[NODES.clickLimit, 'click-report', '3-item-error-click-report'],
		[NODES.partnerLimit, 'affiliate-partner', '4-item-error-affiliate-partner'],
	]) {
		await openPanel(page, name);
		assert.equal(await docsLink(page), docsUrl(anchor), `the Docs link of ${name} goes to its page in docs/nodes.md`);
		await page.getByTestId('node-execute-button').first().click();
		const error = page.getByTestId('node-error-message');
		await error.first().waitFor({ timeout: 30_000 });
		errors[name] = (await error.first().innerText()).trim();
		await shot(file);
		await closeNodePanel(page);
	}
	for (const [name, message] of Object.entries(errors)) {
		assert.match(message, /^Limit must be a whole number of at least 1, got "abc" \[item 1\]$/, `${name}: the error names the second item as n8n does`);
	}
	log(`the second of two items refused on both nodes alike: ${Object.entries(errors).map(([name, message]) => `${name}: "${message}"`).join('; ')}`);
	return { shots, summary: `the Click Report notice shows only without a period; Docs links go to docs/nodes.md; "${errors[NODES.clickLimit]}" on both nodes` };
}
