// The examples as they ship, before anyone connects Google Sheets or Slack: those nodes come
// deactivated (docs/examples.md), so a first run must end in success without any account, and
// nothing may try to reach Google or Slack. Copies of the nine examples that end in them are
// imported under IDs of their own (externalNodes.mjs connects the originals); five with a Manual
// Trigger run with `n8n execute` (not coupons-starting-today.json: its run connected covers the
// same nodes up to Slack, and a run costs 12-17 s), and in the editor three of them run from the
// Execute Workflow button as a new user runs them: the example's nodes turn green, with a
// screenshot of each canvas.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { examplesDir, parseRunOutput } from '../n8n-runtime/harness.mjs';
import { runN8n } from '../n8n-runtime/runtime.mjs';

/** The copies: file, their own ID, and whether `n8n execute` can start them (a Manual Trigger). */
const AS_SHIPPED = [
	{ file: 'lost-orders.json', id: 'AsShippedLostOrd', cli: true, editor: true },
	{ file: 'daily-click-report.json', id: 'AsShippedDailyCl', cli: true, editor: false },
	{ file: 'click-trigger.json', id: 'AsShippedClickTr', cli: false, editor: true },
	{ file: 'claim-decisions.json', id: 'AsShippedClaimDe', cli: false, editor: true },
	{ file: 'approved-conversions.json', id: 'AsShippedApprCnv', cli: true, editor: false },
	{ file: 'daily-earnings.json', id: 'AsShippedDailyEa', cli: true, editor: false },
	{ file: 'declined-conversions.json', id: 'AsShippedDeclCnv', cli: false, editor: false },
	{ file: 'affiliate-links-sheet.json', id: 'AsShippedLinkSht', cli: true, editor: false },
	{ file: 'coupons-starting-today.json', id: 'AsShippedCoupons', cli: false, editor: false },
];

const shipped = (file) => JSON.parse(readFileSync(join(examplesDir, file), 'utf8'));
const deactivated = (workflow) => workflow.nodes.filter((node) => node.disabled).map((node) => node.name);

/**
 * Imports the copies and runs those with a Manual Trigger. A Google Sheets or Slack node that ran
 * without a credential would fail the run: success says it stayed deactivated and sent nothing.
 */
export async function runExamplesAsShipped(runtime, env, { log }) {
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-as-shipped-'));
	try {
		const copies = AS_SHIPPED.map(({ file, id }) => {
			const workflow = shipped(file);
			return { ...workflow, id, name: `${workflow.name} (as shipped)` };
		});
		const file = join(scratch, 'workflows.json');
		writeFileSync(file, JSON.stringify(copies));
		const imported = await runN8n(runtime, ['import:workflow', `--input=${file}`], env);
		if (imported.code !== 0) throw new Error(`import:workflow of the examples as shipped failed:\n${imported.stderr}`);
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
	const ran = [];
	for (const example of AS_SHIPPED.filter((candidate) => candidate.cli)) {
		const result = await runN8n(runtime, ['execute', `--id=${example.id}`, '--rawOutput'], env);
		const run = parseRunOutput(result.stdout);
		const failure = run.data.resultData.error;
		assert.equal(failure, undefined, `${example.file} as shipped failed in n8n: ${failure?.message} ${failure?.description ?? ''}`);
		for (const [name, runs] of Object.entries(run.data.resultData.runData)) assert.equal(runs[0].error, undefined, `${example.file} as shipped: ${name} failed`);
		const off = deactivated(shipped(example.file));
		assert.ok(off.length > 0, `${example.file}: ships with its Google Sheets or Slack node deactivated`);
		ran.push(`${example.file} (${off.join(', ')} deactivated)`);
	}
	const summary = `examples as shipped, no account connected: ${ran.join(', ')} ran to success with n8n execute`;
	log(summary);
	return summary;
}

/** Runs the copies in the editor from the Execute Workflow button: every node that runs ends green. */
export async function checkFirstRunsInEditor({ page, baseUrl, screenshotsDir, log }) {
	const shots = [];
	for (const example of AS_SHIPPED.filter((candidate) => candidate.editor)) {
		const workflow = shipped(example.file);
		const off = new Set(deactivated(workflow));
		const runs = workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote' && !off.has(node.name));
		await page.goto(`${baseUrl}/workflow/${example.id}`);
		const canvasNode = (name) => page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
		for (const node of workflow.nodes.filter((candidate) => candidate.type !== 'n8n-nodes-base.stickyNote')) await canvasNode(node.name).waitFor({ state: 'visible' });
		await page.getByTestId('execute-workflow-button').first().click();
		await page.getByText('Workflow executed successfully').first().waitFor({ timeout: 90_000 });
		// The canvas draws the last items and the toast slides in just after the run ends; the
		// pointer leaves the button, whose tooltip would cover the notes in the screenshot.
		await page.mouse.move(1200, 300);
		await page.waitForTimeout(1500);
		// A workflow with two triggers runs from one of them: the nodes after it turn green.
		const green = [];
		for (const node of runs) {
			if (await canvasNode(node.name).getByTestId('canvas-node-status-success').count()) green.push(node.name);
		}
		const isTrigger = (node) => /Trigger$/.test(node.type);
		assert.ok(runs.some((node) => isTrigger(node) && green.includes(node.name)), `${example.file} as shipped: a trigger ends green in the editor`);
		for (const node of runs.filter((candidate) => !isTrigger(candidate))) {
			assert.ok(green.includes(node.name), `${example.file} as shipped: "${node.name}" ends green in the editor (green: ${green.join(', ')})`);
		}
		assert.equal(await page.getByText(/Problem in node/).count(), 0, `${example.file} as shipped: no node failed`);
		const shot = join(screenshotsDir, `first-run-${example.file.replace(/\.json$/, '')}.png`);
		await page.screenshot({ path: shot });
		shots.push(shot);
		log(`${example.file} as shipped, run in the editor: ${green.join(', ')} green; ${[...off].join(', ')} deactivated; ${shot}`);
	}
	return shots;
}
