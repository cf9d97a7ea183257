// The Click Report Trigger in a live `n8n start`: the example workflow is published before the
// start (n8n polls once at activation), clicks are inserted through the sandbox's control endpoint,
// and the executions n8n records (read over REST) must contain them.
import assert from 'node:assert/strict';

export const TRIGGER_WORKFLOW_ID = 'AffExClickTrigr1';
const TRIGGER_NODE = 'Click Report Trigger';
const SLACK_NODE = 'Slack: post the new clicks';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Waits for the first poll of the activated trigger: a click report request n8n made. */
async function waitForActivationPoll(sandbox, timeoutMs) {
	const started = Date.now();
	while (Date.now() - started < timeoutMs) {
		const polled = (await sandbox.requests()).filter((r) => r.api === 'click' && r.path === '/v2/api/stats/click' && /n8n/i.test(String(r.headers['user-agent'])));
		if (polled.length > 0) return polled.length;
		await sleep(500);
	}
	throw new Error(`the trigger did not poll the click report within ${seconds(timeoutMs)} of the start`);
}

/** The run data of one execution: n8n keeps it in `flatted` form. */
async function executionRun(api, flatted, id) {
	const { data } = await api(`/rest/executions/${id}`);
	return { status: data.status, run: typeof data.data === 'string' ? flatted.parse(data.data) : data.data };
}

const outputOf = (run, node) => (run?.resultData?.runData?.[node]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);

export async function checkTrigger({ api, sandbox, outbound, flatted, log, timeoutMs = 200_000 }) {
	const polls = await waitForActivationPoll(sandbox, 60_000);
	log(`the trigger polled at activation (${polls} request${polls > 1 ? 's' : ''}); inserting clicks`);

	const subId = `e2e-${Date.now()}`;
	const today = new Date().toISOString().slice(0, 10);
	const inserted = await sandbox.insertClicks(
		[2, 3, 4].map((count) => ({ merchantId: 49_999, merchantName: 'E2E Trigger Merchant', subId, count, date: today })),
	);
	const ids = inserted.map((item) => item.id);
	const insertedAt = Date.now();

	const seen = new Map();
	const checked = new Set();
	while (Date.now() - insertedAt < timeoutMs) {
		await sleep(5000);
		const filter = encodeURIComponent(JSON.stringify({ workflowId: TRIGGER_WORKFLOW_ID }));
		const { data } = await api(`/rest/executions?filter=${filter}&limit=50`);
		for (const execution of data.results) {
			if (checked.has(execution.id) || !['success', 'error', 'crashed'].includes(execution.status)) continue;
			checked.add(execution.id);
			const { status, run } = await executionRun(api, flatted, execution.id);
			assert.equal(status, 'success', `execution ${execution.id} of the trigger workflow succeeded`);
			const clicks = outputOf(run, TRIGGER_NODE);
			const posted = outputOf(run, SLACK_NODE);
			assert.equal(posted.length, 1, `execution ${execution.id} posted one Slack message for its ${clicks.length} items`);
			for (const click of clicks) {
				if (!ids.includes(click.id)) continue;
				const before = seen.get(click.id);
				seen.set(click.id, { execution: execution.id, clicks, click, ts: posted[0].ts ?? posted[0].message_timestamp ?? posted[0].message?.ts, times: (before?.times ?? 0) + 1 });
			}
		}
		if (seen.size === ids.length) break;
	}
	const waitedMs = Date.now() - insertedAt;
	assert.equal(seen.size, ids.length, `all ${ids.length} inserted clicks reached an execution within ${seconds(waitedMs)} (seen ${seen.size})`);

	const executions = [...new Set([...seen.values()].map((s) => s.execution))];
	// What reached Slack: the stand-in's record of chat.postMessage, checked against the items of the
	// same execution with the test's own rendering of the text.
	const expectedText = (clicks) => {
		const total = clicks.reduce((sum, click) => sum + click.count, 0);
		const lines = clicks.slice(0, 20).map((c) => `• ${c.merchantName || 'Unidentified merchant'}: ${c.count} on ${c.date}${c.subId ? ` (Sub ID ${c.subId})` : ''}`);
		const more = clicks.length > 20 ? `\n…and ${clicks.length - 20} more` : '';
		return `${clicks.length} new or updated click items, ${total} clicks\n${lines.join('\n')}${more}`;
	};
	let shown;
	for (const { click, clicks, ts } of seen.values()) {
		assert.equal(click.subId, subId);
		const message = outbound.state.messages.find((m) => m.ts === ts);
		assert.ok(message, `the Slack stand-in received the message of the execution with click ${click.id}`);
		assert.equal(message.channel, '#affiliate-clicks');
		assert.equal(message.text, expectedText(clicks), 'the message text, rendered here from the execution\'s items');
		assert.match(message.text, new RegExp(`E2E Trigger Merchant: ${click.count} on ${click.date} \\(Sub ID ${subId}\\)`));
		shown = message.text;
	}
	for (const [id, { times }] of seen) assert.equal(times, 1, `click ${id} started the workflow once, not ${times} times`);
	return {
		summary: `3 inserted clicks reached ${executions.length} execution${executions.length > 1 ? 's' : ''} (#${executions.join(', #')}) ${seconds(waitedMs)} after the insert; each posted one Slack message`,
		capture: shown,
	};
}
