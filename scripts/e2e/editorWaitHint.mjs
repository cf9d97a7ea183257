// The wait hint of a run on its output, read beside the execution's own time (the run info's
// tooltip, "Execution Time"), as a user compares them: the time the run waited is never more than
// the run took, even when its pages waited at the same time.
import assert from 'node:assert/strict';

/** Waits for the hint, shows the run info's tooltip beside it and reads both; the caller takes the screenshot. */
export async function waitHintBesideItsTime(page) {
	const ndv = page.getByTestId('ndv');
	const hint = ndv.getByText(/^This run waited/).first();
	await hint.waitFor({ timeout: 90_000 });
	const hintText = (await hint.innerText()).trim();
	const said = /^This run waited (?:(\d+) min ?)?(?:(\d+) s)? in all, while (\d+) requests? waited (?:its|their) turn: /.exec(hintText);
	assert.ok(said, `the hint says how long the run waited in all, and how many requests waited (${hintText})`);
	const waitedSeconds = Number(said[1] ?? 0) * 60 + Number(said[2] ?? 0);
	const requests = Number(said[3]);

	// The tooltip's markup differs between the lines; its words do not.
	await ndv.getByTestId('node-run-info').first().hover();
	const shown = await page.waitForFunction(() => /Execution Time:?\s*([\d.,]+)\s*ms/.exec(document.body.innerText)?.[1], undefined, { timeout: 10_000 });
	const executionMs = Number(String(await shown.jsonValue()).replace(/,/g, ''));
	assert.ok(waitedSeconds * 1000 <= executionMs, `the hint's ${waitedSeconds} s is not more than the execution's ${executionMs} ms`);
	return { hintText, waitedSeconds, requests, executionMs };
}
