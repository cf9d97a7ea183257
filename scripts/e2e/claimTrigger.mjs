// The Affiliate Partner Trigger in a live `n8n start` (examples/claim-decisions.json): published
// before the start, its first poll only remembers the claims; then two claims are decided through
// the sandbox's control endpoint, as the network decides them, and the executions n8n records
// (read over REST) must carry each decision once, each with the Slack message the example posts.
import assert from 'node:assert/strict';

import { followExecutions, outputOf, seconds, slackTs, waitForFirstPoll } from './executions.mjs';

export const CLAIM_TRIGGER_WORKFLOW_ID = 'AffExClaimDecid1';
const TRIGGER_NODE = 'Affiliate Partner Trigger';
const SLACK_NODE = 'Slack: post the decision';

/** The example's message, rendered here from the claim on its own. */
function expectedText(claim) {
	const icon = { accepted: '\u2705', rejected: '\u274c' }[claim.status] ?? '\u{1f504}';
	const detail =
		claim.status === 'accepted'
			? `Reward: ${claim.reward ?? `${claim.estimated_reward} (estimated)`}`
			: claim.status === 'rejected'
				? `Reason: ${claim.reject_comment || claim.reject_reason || 'not given'}`
				: 'Back in review';
	return [
		`${icon} Lost order claim ${claim.order_id} at ${claim.advcampaign.name}: ${claim.previousStatus} \u2192 ${claim.status}`,
		detail,
		`Order of ${claim.order_date.slice(0, 10)}, ${claim.order_price} ${claim.currency}, on ${claim.website.name} (claim ${claim.id})`,
	].join('\n');
}

/** Two open lost-order claims decided, as the network decides them: one accepted, one rejected. */
export async function decideTwoClaims(sandbox) {
	const open = (await sandbox.partner('/lost_orders/', { status: 'processing', limit: 2 })).results;
	assert.equal(open.length, 2, 'the sandbox has two open lost-order claims');
	const decisions = new Map([
		[open[0].id, { status: 'accepted', reward: 12.5 }],
		[open[1].id, { status: 'rejected', reject_reason: 'order_cancelled', reject_comment: 'The order was cancelled by the customer.' }],
	]);
	for (const [id, patch] of decisions) await sandbox.decideClaim('lost_orders', id, patch);
	return { open, decisions };
}

/**
 * `madeWhileDown`: claims decided while n8n was stopped, which the trigger must emit once after the
 * start; without it, claims are decided after the activation poll. `checked` holds the executions
 * read before: a restart's check passes over them, and any claim emitted again fails.
 */
export async function checkClaimTrigger({ api, sandbox, outbound, flatted, log, timeoutMs = 200_000, checked = new Set(), madeWhileDown }) {
	let made = madeWhileDown;
	if (!made) {
		// The first poll reads every lost order (about 1,000, in pages): a decision made before it
		// ends would be remembered as the claim's first state, not seen as a change.
		const polls = await waitForFirstPoll(sandbox, (r) => r.api === 'partner' && r.path.startsWith('/lost_orders/'), {
			what: 'Affiliate Partner Trigger',
			quietMs: 3000,
		});
		log(`the Affiliate Partner Trigger read the claims at activation (${polls} request${polls > 1 ? 's' : ''}); deciding two claims`);
		made = await decideTwoClaims(sandbox);
	}
	const { open, decisions } = made;

	const seen = new Map();
	const waitedMs = await followExecutions({
		api,
		flatted,
		workflowId: CLAIM_TRIGGER_WORKFLOW_ID,
		timeoutMs,
		checked,
		done: () => seen.size === decisions.size,
		onExecution: (execution, run) => {
			const claims = outputOf(run, TRIGGER_NODE);
			const posted = outputOf(run, SLACK_NODE);
			assert.equal(posted.length, claims.length, `execution ${execution}: one Slack message per decided claim`);
			claims.forEach((claim, index) => {
				// Nothing else changed in the sandbox: any other claim would be a false decision.
				assert.ok(decisions.has(claim.id), `execution ${execution} emitted claim ${claim.id}, which nobody decided`);
				assert.ok(!seen.has(claim.id), `claim ${claim.id} started the workflow twice`);
				seen.set(claim.id, { execution, claim, ts: slackTs(posted[index]) });
			});
		},
	});
	assert.equal(seen.size, decisions.size, `both decisions reached an execution within ${seconds(waitedMs)} (seen ${seen.size})`);

	const shown = [];
	for (const [id, patch] of decisions) {
		const { claim, ts } = seen.get(id);
		assert.equal(claim.event, 'lostOrderStatusChanged');
		assert.equal(claim.previousStatus, 'processing');
		assert.equal(claim.status, patch.status);
		assert.equal(claim.reward ?? null, patch.reward ?? open.find((c) => c.id === id).reward);
		const message = outbound.state.messages.find((m) => m.ts === ts);
		assert.ok(message, `the Slack stand-in received the message for claim ${id}`);
		assert.equal(message.channel, '#affiliate-claims');
		assert.equal(message.text, expectedText(claim), "the message text, rendered here from the claim");
		shown.push(message.text);
	}
	const executions = [...new Set([...seen.values()].map((s) => s.execution))];
	return {
		summary: `2 claims decided ${madeWhileDown ? 'while n8n was down' : 'after the activation poll'} (accepted, rejected) reached ${executions.length} execution${executions.length > 1 ? 's' : ''} (#${executions.join(', #')}) ${seconds(waitedMs)} after the decision, each once with its previous status; one Slack message each, nothing else emitted`,
		capture: shown.join('\n\n'),
	};
}
