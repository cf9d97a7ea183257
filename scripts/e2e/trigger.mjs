// The Click Report Trigger in a live `n8n start`: the example workflow is published before the
// start (n8n polls once at activation), clicks are inserted through the sandbox's control endpoint,
// and the executions n8n records (read over REST) must contain them.
import assert from 'node:assert/strict';

import { followExecutions, outputOf, seconds, slackTs, waitForFirstPoll } from './executions.mjs';

export const TRIGGER_WORKFLOW_ID = 'AffExClickTrigr1';
const TRIGGER_NODE = 'Click Report Trigger';
const SLACK_NODE = 'Slack: post the new clicks';

/** Three new click items of today under a Sub ID of their own. */
export async function insertTriggerClicks(sandbox) {
	const subId = `e2e-${Date.now()}`;
	const today = new Date().toISOString().slice(0, 10);
	const inserted = await sandbox.insertClicks(
		[2, 3, 4].map((count) => ({ merchantId: 49_999, merchantName: 'E2E Trigger Merchant', subId, count, date: today })),
	);
	return { subId, ids: inserted.map((item) => item.id) };
}

/**
 * `madeWhileDown`: clicks inserted while n8n was stopped, which the trigger must emit once after
 * the start; without it, clicks are inserted after the activation poll. `checked` holds the
 * executions read before (a restart's check passes over them); `emittedBefore` the click IDs
 * emitted before, none of which may come again.
 */
export async function checkTrigger({ api, sandbox, outbound, flatted, log, timeoutMs = 200_000, checked = new Set(), emittedBefore = new Set(), madeWhileDown }) {
	let made = madeWhileDown;
	if (!made) {
		const polls = await waitForFirstPoll(sandbox, (r) => r.api === 'click' && r.path === '/v2/api/stats/click', { what: 'Click Report Trigger' });
		log(`the Click Report Trigger polled at activation (${polls} request${polls > 1 ? 's' : ''}); inserting clicks`);
		made = await insertTriggerClicks(sandbox);
	}
	const { subId, ids } = made;

	const seen = new Map();
	const waitedMs = await followExecutions({
		api,
		flatted,
		workflowId: TRIGGER_WORKFLOW_ID,
		timeoutMs,
		checked,
		done: () => seen.size === ids.length,
		onExecution: (execution, run) => {
			const clicks = outputOf(run, TRIGGER_NODE);
			const posted = outputOf(run, SLACK_NODE);
			assert.equal(posted.length, 1, `execution ${execution} posted one Slack message for its ${clicks.length} items`);
			for (const click of clicks) {
				assert.ok(!emittedBefore.has(click.id), `click ${click.id}, emitted before the restart, came again in execution ${execution}`);
				if (!ids.includes(click.id)) continue;
				const before = seen.get(click.id);
				seen.set(click.id, { execution, clicks, click, ts: slackTs(posted[0]), times: (before?.times ?? 0) + 1 });
			}
		},
	});
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
		emitted: ids,
		summary: `3 clicks inserted ${madeWhileDown ? 'while n8n was down' : 'after the activation poll'} reached ${executions.length} execution${executions.length > 1 ? 's' : ''} (#${executions.join(', #')}) ${seconds(waitedMs)} after the insert; each posted one Slack message${emittedBefore.size ? `; none of the ${emittedBefore.size} clicks emitted before came again` : ''}`,
		capture: shown,
	};
}
