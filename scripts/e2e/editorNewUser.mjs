// What a new user meets in the editor, checked in Debian's Chromium as a person would do it: the
// node search entries of both nodes, dates typed into a date field, Fetch Test Event of a claim
// trigger, and a run that waits for its pace. A screenshot of each goes next to the editor's.
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { CREDENTIAL_IDS } from '../n8n-runtime/harness.mjs';
import { closeNodePanel } from './editorExamples.mjs';
import { waitHintBesideItsTime } from './editorWaitHint.mjs';

const PACKAGE = 'n8n-nodes-affiliate-partner';
const WORKFLOW_ID = 'AffE2eNewUser001';
const SLOW_CLICK_CREDENTIAL = 'Click Statistics sandbox (slow pace)';
const partnerCredential = { affiliatePartnerApi: { id: CREDENTIAL_IDS.partner, name: 'Affiliate Partner sandbox' } };

/** A click credential at 0.15 requests per second: each page after the first waits about 7 s. */
async function slowClickCredential(api, state) {
	const data = { baseUrl: state.clickUrl, publicKey: state.publicKey, maxRequestsPerSecond: 0.15, maxRequestsPer5Minutes: 100 };
	const { data: created } = await api('/rest/credentials', { method: 'POST', body: JSON.stringify({ name: SLOW_CLICK_CREDENTIAL, type: 'clickStatisticsApi', data }) });
	return { clickStatisticsApi: { id: created.id, name: SLOW_CLICK_CREDENTIAL } };
}

const NODES = {
	rate: 'Exchange rate (version 1.2)',
	trigger: 'Claim decisions (Fetch Test Event)',
	report: 'Click report, slow pace',
};

/** The workflow's id: n8n 1.x gives a new workflow an id of its own, whatever it is sent with. */
async function createWorkflow(api, state, period) {
	try {
		await api(`/rest/workflows/${WORKFLOW_ID}`);
		return WORKFLOW_ID;
	} catch {
		// not there yet
	}
	const slow = await slowClickCredential(api, state);
	const node = (index, name, type, typeVersion, parameters, credentials) => ({
		id: `00000000-0000-4000-8000-00000000a${index}0${index}`,
		name,
		type: `${PACKAGE}.${type}`,
		typeVersion,
		position: [index * 300, 0],
		parameters,
		credentials,
	});
	const nodes = [
		node(1, NODES.trigger, 'affiliatePartnerTrigger', 1.1, { events: ['lostOrderStatusChanged'], filters: {}, options: {} }, partnerCredential),
		node(2, NODES.rate, 'affiliatePartner', 1.2, { resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '' }, partnerCredential),
		node(3, NODES.report, 'clickReport', 1.1, { operation: 'getMany', returnAll: true, filters: { dateFrom: period.from, dateTo: period.to } }, slow),
	];
	// Unconnected: each runs alone from its panel, as a new user tries one node at a time.
	const connections = {};
	const { data: created } = await api('/rest/workflows', {
		method: 'POST',
		body: JSON.stringify({ id: WORKFLOW_ID, name: 'E2E: what a new user meets', nodes, connections, settings: { executionOrder: 'v1' }, active: false }),
	});
	return created.id;
}

/** The entries the node search shows for a term, once `expected` is among them: name and description. */
async function searchEntries(page, term, expected) {
	await page.getByTestId('node-creator-plus-button').click();
	const search = page.getByTestId('node-creator-search-bar');
	await ((await search.locator('input').count()) ? search.locator('input') : search).fill(term);
	await page.getByTestId('node-creator-item-name').filter({ hasText: expected }).first().waitFor();
	const items = page.getByTestId('item-iterator-item');
	const entries = [];
	for (const item of await items.all()) {
		const name = (await item.getByTestId('node-creator-item-name').innerText()).trim();
		const description = (await item.getByTestId('node-creator-item-description').innerText().catch(() => '')).trim();
		entries.push({ name, description });
	}
	return entries;
}

async function openPanel(page, name) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.getByTestId('ndv').waitFor({ state: 'visible' });
}

/** Types into a text parameter as a person would, and runs the node from its panel. */
async function typeAndRun(page, parameter, text) {
	const input = page.locator(`[data-test-id="parameter-input-${parameter}"] input, [data-test-id="parameter-input-${parameter}"] textarea`).first();
	await input.fill(text);
	await input.press('Tab');
	await page.getByTestId('node-execute-button').first().click();
}

export async function checkNewUserEditor({ page, baseUrl, api, sandbox, screenshotsDir, log, searchDescriptions = true }) {
	const shots = [];
	const shot = async (name) => {
		const path = join(screenshotsDir, `new-user-${name}.png`);
		await page.screenshot({ path });
		shots.push(path);
	};
	const state = await sandbox.state();
	const today = new Date();
	const day = (offset) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset)).toISOString().slice(0, 10);
	// Days back from yesterday until the report has three pages (500 items each) or more: the two
	// after the first wait for the pace at the same time.
	let from = 1;
	while (from < 30 && (await sandbox.click({ dateFrom: day(from), dateTo: day(1), limit: 1 })).meta.total <= 1000) from++;
	const workflowId = await createWorkflow(api, state, { from: day(from), to: day(1) });
	await page.goto(`${baseUrl}/workflow/${workflowId}`);
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${NODES.rate}"]`).waitFor();
	// A tab of an earlier run may still hold the workflow (n8n 2.x's collaboration): take it over.
	await page.getByText('Edit here').click({ timeout: 2000 }).catch(() => {});

	// The node search: one entry per service, each describing the node's actions and the trigger
	// (where the line's search shows descriptions: lineSkips.mjs).
	const admitad = await searchEntries(page, 'admitad', 'Affiliate Partner');
	await shot('1-search-admitad');
	const partner = admitad.find((entry) => entry.name === 'Affiliate Partner');
	assert.ok(partner, `searching "admitad" shows Affiliate Partner (${JSON.stringify(admitad)})`);
	if (searchDescriptions) assert.match(partner.description, /read conversions, reports, deeplinks, programs, coupons, lost orders/, 'the entry names the node\'s actions, not only its trigger');
	await page.keyboard.press('Escape');
	const takeads = await searchEntries(page, 'takeads', 'Click Report');
	await shot('2-search-takeads');
	const report = takeads.find((entry) => entry.name === 'Click Report');
	assert.ok(report, `searching "takeads" shows Click Report (${JSON.stringify(takeads)})`);
	if (searchDescriptions) assert.match(report.description, /merchants, affiliate links and coupons: get them, or start a workflow/);
	await page.keyboard.press('Escape');
	log(`node search: "admitad" → ${partner.name}: ${partner.description}; "takeads" → ${report.name}: ${report.description}`);

	// Dates typed as the description says: an impossible day is refused naming the field; a real one runs.
	await openPanel(page, NODES.rate);
	await typeAndRun(page, 'date', '31.02.2026');
	const error = page.getByTestId('node-error-message');
	await error.waitFor();
	assert.match(await error.innerText(), /Invalid "Date": "31\.02\.2026" is not a real date/);
	await shot('3-date-impossible');
	await typeAndRun(page, 'date', day(7).split('-').reverse().join('.'));
	await page.getByTestId('ndv').getByText('rate', { exact: true }).first().waitFor();
	await shot('4-date-typed');
	await closeNodePanel(page);
	log('dates: 31.02.2026 typed into Date is refused naming it; DD.MM.YYYY typed runs');

	// Fetch Test Event: only decided claims as status changes, never processing to processing.
	await openPanel(page, NODES.trigger);
	await page.getByTestId('node-execute-button').first().click();
	const output = page.getByTestId('ndv');
	await output.getByText('lostOrderStatusChanged').first().waitFor({ timeout: 30_000 });
	const shown = await output.innerText();
	assert.ok(!/exampleOnly/.test(shown), 'the sandbox has decided claims: no example item');
	assert.match(shown, /accepted|rejected/);
	await shot('5-fetch-test-event');
	await closeNodePanel(page);
	log('Fetch Test Event: decided claims only, each from processing');

	// A run that waits for its pace: the hint on the output says how long and for what.
	await openPanel(page, NODES.report);
	await page.getByTestId('node-execute-button').first().click();
	const { hintText, waitedSeconds, requests, executionMs } = await waitHintBesideItsTime(page);
	assert.match(hintText, /: \d+ s at the credential's pace of 0\.15 requests per second\.$/);
	assert.ok(requests >= 2, `pages after the first wait at once (${hintText})`);
	await shot('6-wait-hint');
	await closeNodePanel(page);
	log(`a slow run's output: "${hintText}" (${waitedSeconds} s) beside its Execution Time, ${executionMs} ms`);
	return { shots, summary: `${searchDescriptions ? "node search entries name both nodes' actions" : 'the node search finds both nodes'}; 31.02.2026 typed into a date is refused naming it, DD.MM.YYYY runs; Fetch Test Event shows decided claims only; the hint on a slow run's output says ${waitedSeconds} s waited beside its Execution Time of ${executionMs} ms ("${hintText.slice(0, 90)}…")` };
}
