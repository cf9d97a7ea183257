// The Affiliate Partner Trigger's Conversion Status Changed in a live `n8n start`
// (examples/declined-conversions.json): fresh pending conversions are made before the start, so
// that the first poll remembers them; then one is declined and one approved through the sandbox's
// control endpoint. The trigger must emit each change once, with the status before; only the
// declined one may reach Slack. The sandbox's seeded conversions also change over these minutes
// (docs/sandbox.md): every other change emitted must be real, and posted if, and only if, declined.
import assert from 'node:assert/strict';

import { followExecutions, outputOf, seconds, slackTs, waitForFirstPoll } from './executions.mjs';

export const DECLINED_WORKFLOW_ID = 'AffExDeclinedCv1';
const TRIGGER_NODE = 'Affiliate Partner Trigger';
const FILTER_NODE = 'Declined only';
const SLACK_NODE = 'Slack: post the declined conversion';

/** The example's message, rendered here from the conversion on its own. */
export function declinedText(a) {
	return [
		`❌ Conversion declined at ${a.advcampaign_name}: order ${a.order_id}, ${a.payment} ${a.currency} lost${a.cart === null ? '' : ` (order amount ${a.cart} ${a.currency})`}`,
		`Before: ${a.previousStatus ?? 'not known to the trigger'}; declined at ${a.status_updated}`,
		`Action ${a.id} of ${a.action_date.slice(0, 10)} on ${a.website_name}${a.subid ? `, sub ID ${a.subid}` : ''}`,
	].join('\n');
}

/** Four pending conversions, made before n8n starts: two for each round of the check. */
export async function makePendingConversions(sandbox) {
	const made = await sandbox.createActions('partner', [1, 2, 3, 4].map(() => ({ status: 'pending', subid: 'e2e-trigger' })));
	return made.map((action) => action.id);
}

/** One conversion declined and one approved, as the network decides them. */
async function decide(sandbox, [declined, approved]) {
	await sandbox.changeAction('partner', declined, { status: 'declined' });
	await sandbox.changeAction('partner', approved, { status: 'approved' });
	return { declined, approved };
}

/**
 * `pending`: the four conversions of makePendingConversions. Round one (no `madeWhileDown`) waits
 * for the first poll, then decides the first two; `decideWhileDown` decides the last two while n8n
 * is stopped. `checked` holds the executions read before; `emitted` every eventKey emitted before,
 * none of which may come again.
 */
export async function checkConversionTrigger({ api, sandbox, outbound, flatted, log, pending, timeoutMs = 200_000, checked = new Set(), emitted = new Set(), madeWhileDown }) {
	let made = madeWhileDown;
	if (!made) {
		const polls = await waitForFirstPoll(sandbox, (r) => r.api === 'partner' && r.path === '/statistics/actions/', { what: 'conversion trigger', quietMs: 3000 });
		log(`the Affiliate Partner Trigger read the conversions at activation (${polls} request${polls > 1 ? 's' : ''}); declining one, approving one`);
		made = await decide(sandbox, pending.slice(0, 2));
	}
	const ours = new Map();
	let others = 0;
	const posts = [];
	const waitedMs = await followExecutions({
		api,
		flatted,
		workflowId: DECLINED_WORKFLOW_ID,
		timeoutMs,
		checked,
		done: () => ours.size === 2,
		onExecution: (execution, run) => {
			const changes = outputOf(run, TRIGGER_NODE);
			const kept = outputOf(run, FILTER_NODE);
			const posted = outputOf(run, SLACK_NODE);
			assert.deepEqual(kept.map((a) => a.eventKey), changes.filter((a) => a.status === 'declined').map((a) => a.eventKey), `execution ${execution}: the declined changes, and only those, pass the filter`);
			assert.equal(posted.length, kept.length, `execution ${execution}: one Slack message per declined conversion`);
			for (const change of changes) {
				assert.equal(change.event, 'conversionStatusChanged');
				assert.ok(!emitted.has(change.eventKey), `${change.eventKey} emitted twice (again in execution ${execution})`);
				emitted.add(change.eventKey);
				if ([made.declined, made.approved].includes(change.id)) ours.set(change.id, { execution, change });
				else others++;
			}
			kept.forEach((change, i) => posts.push({ change, ts: slackTs(posted[i]) }));
		},
	});
	assert.equal(ours.size, 2, `both decisions reached an execution within ${seconds(waitedMs)} (seen ${ours.size})`);
	for (const [id, status] of [[made.declined, 'declined'], [made.approved, 'approved']]) {
		const { change } = ours.get(id);
		assert.deepEqual([change.previousStatus, change.status], ['pending', status], `conversion ${id}: pending → ${status}`);
	}

	// What reached Slack, checked against the sandbox's conversions: each message of a real decline.
	const actions = new Map((await sandbox.actions('partner')).map((action) => [action.id, action]));
	for (const { change, ts } of posts) {
		assert.ok(actions.has(change.id), `conversion ${change.id} exists in the sandbox`);
		const message = outbound.state.messages.find((m) => m.ts === ts);
		assert.ok(message, `the Slack stand-in received the message for conversion ${change.id}`);
		assert.equal(message.channel, '#affiliate-conversions');
		assert.equal(message.text, declinedText(change), 'the message text, rendered here from the conversion');
	}
	const ourPost = posts.find((post) => post.change.id === made.declined);
	assert.ok(ourPost, `the conversion declined by the test (${made.declined}) was posted`);
	assert.ok(!posts.some((post) => post.change.id === made.approved), `the one approved (${made.approved}) was not`);
	return {
		summary: `conversion ${made.declined} declined and ${made.approved} approved ${madeWhileDown ? 'while n8n was down' : 'after the activation poll'}: each emitted once with previousStatus pending, ${seconds(waitedMs)} after the decision; only the declined one posted to Slack; ${others} changes of the seeded conversions emitted too, each once, ${posts.length - 1} of them declined and posted`,
		capture: outbound.state.messages.find((m) => m.ts === ourPost.ts).text,
	};
}

/** The second round's decisions, made while n8n is stopped. */
export const decideWhileDown = (sandbox, pending) => decide(sandbox, pending.slice(2, 4));
