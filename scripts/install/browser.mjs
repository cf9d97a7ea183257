// The Community Nodes settings page in Debian's Chromium (playwright-core, as the e2e editor check
// drives it): signed in once, the page read and photographed after the install and again after the
// update. Chromium's traffic to anything but loopback goes to the refusing proxy.
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { OWNER } from '../n8n-runtime/harness.mjs';
import { PACKAGE_NAME } from '../n8n-runtime/runtime.mjs';

/** The names the card lists for the package's nodes. */
const NODE_NAMES = ['Affiliate Partner', 'Affiliate Partner Trigger', 'Click Report', 'Click Report Trigger'];

/** Launches Chromium and signs in; resolves with `show(expected)` and `close()`. */
export async function openCommunityNodes({ baseUrl, outputDir, proxyUrl, log }) {
	const { chromium, selectors } = await import('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	// --proxy-server itself, not Playwright's `proxy` option: that one sends loopback through the proxy too.
	const args = proxyUrl ? [...CHROMIUM_ARGS, `--proxy-server=${proxyUrl}`] : CHROMIUM_ARGS;
	// Signals are the run's cleanup's to handle: Playwright's own SIGINT handler would exit the
	// process before n8n, the registry and the sandbox are stopped.
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
	try {
		const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
		page.setDefaultTimeout(20_000);
		await page.goto(`${baseUrl}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"]', OWNER.email);
		await page.fill('input[name="password"]', OWNER.password);
		await page.getByTestId('form-submit-button').click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
		log(`chromium: signed in as ${OWNER.email}`);
		return {
			/**
			 * Opens /settings/community-nodes and checks that the package's card shows its name, `v<version>`,
			 * its four nodes, and an update button exactly when `updateTo` is given. Saves a screenshot.
			 */
			async show({ version, updateTo, shot }) {
				await page.goto(`${baseUrl}/settings/community-nodes`);
				const card = page.getByTestId('community-package-card').filter({ hasText: PACKAGE_NAME });
				await card.waitFor({ state: 'visible' });
				await card.getByText(`v${version}`).waitFor({ state: 'visible' });
				const text = await card.innerText();
				for (const name of NODE_NAMES) assert.ok(text.includes(name), `the card lists the node ${name}: ${text}`);
				const update = card.getByRole('button', { name: /update/i });
				if (updateTo) await update.waitFor({ state: 'visible' });
				else assert.equal(await update.count(), 0, 'no update is offered');
				const path = join(outputDir, shot);
				await page.screenshot({ path, fullPage: true });
				return { path, text: text.replace(/\s+/g, ' ').trim() };
			},
			close: () => browser.close(),
		};
	} catch (error) {
		await browser.close();
		throw error;
	}
}
