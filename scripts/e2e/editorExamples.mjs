// The examples that end in Google Sheets and Slack, and the MCP servers of tools for AI agents, opened
// in the editor: every node on the canvas, the sticky note that says what to connect, and a
// screenshot of the canvas and of each node's panel. Then the first run of the examples as they
// ship, which must end green (examplesAsShipped.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { examplesDir } from '../n8n-runtime/harness.mjs';
import { checkFirstRunsInEditor } from './examplesAsShipped.mjs';
import { EXAMPLES_WITH_EXTERNAL_NODES } from './externalNodes.mjs';

/** The examples opened: the first MCP server example where the line runs it (lineSkips.mjs). */
const examplesOpened = (mcpExample) => [...EXAMPLES_WITH_EXTERNAL_NODES, 'ai-agent-conversions.json', 'ai-agent-links.json', ...(mcpExample ? ['ai-agent-tools.json'] : [])];

/** Closes a node's panel: n8n 2.x's close button, or n8n 1.x's "Back to canvas". */
export async function closeNodePanel(page) {
	await page.locator('[data-test-id="ndv-close-button"], [data-test-id="back-to-canvas"]').first().click();
	await page.getByTestId('ndv').waitFor({ state: 'hidden' });
}

/**
 * Examples whose panels are opened for the package's nodes only: their Schedule, Google Sheets,
 * Filter, Code and Slack panels are those the examples above show already, and each panel costs
 * about 1.5 s of the run.
 */
const PACKAGE_PANELS_ONLY = new Set(['affiliate-links-sheet.json', 'coupons-starting-today.json', 'ai-agent-links.json']);

const slug = (text) => text.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '');

export async function checkExampleEditors({ page, baseUrl, screenshotsDir, log, mcpExample = true }) {
	const shots = [];
	for (const file of examplesOpened(mcpExample)) {
		const workflow = JSON.parse(readFileSync(join(examplesDir, file), 'utf8'));
		const nodes = workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
		await page.goto(`${baseUrl}/workflow/${workflow.id}`);
		for (const node of nodes) await page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`).waitFor({ state: 'visible' });
		const canvasText = await page.locator('body').innerText();
		assert.ok(canvasText.includes('Before you publish'), `${file}: the sticky note says what to connect`);
		const prefix = `example-${slug(file.replace(/\.json$/, ''))}`;
		const canvasShot = join(screenshotsDir, `${prefix}-0-canvas.png`);
		await page.screenshot({ path: canvasShot });
		shots.push(canvasShot);

		const panels = PACKAGE_PANELS_ONLY.has(file) ? nodes.filter((node) => node.type.startsWith('n8n-nodes-affiliate-partner.')) : nodes;
		for (const [index, node] of panels.entries()) {
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`).dblclick();
			const ndv = page.getByTestId('ndv');
			await ndv.waitFor({ state: 'visible' });
			const shot = join(screenshotsDir, `${prefix}-${index + 1}-${slug(node.name)}.png`);
			await page.screenshot({ path: shot });
			shots.push(shot);
			await closeNodePanel(page);
		}
		log(`${file}: ${nodes.length} nodes and the sticky note on the canvas; ${panels.length + 1} screenshots`);
	}
	shots.push(...(await checkFirstRunsInEditor({ page, baseUrl, screenshotsDir, log })));
	return shots;
}
