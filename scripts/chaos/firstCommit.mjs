// A kill between the activation and the first committed poll, with durable poll cursors: n8n
// commits nothing of an activation poll that emitted nothing, and the triggers keep its state in
// the workflow's static data, which n8n saves at the end of the activation (docs/guarantees.md,
// "When n8n crashes"). The workflows are activated just after a 10-second mark (their polls run on
// the marks), a change is made for each trigger once both activations are done, and n8n is killed
// before the next mark; a request of a poll that starts meanwhile is held, so no poll commits.
// The changes must then be delivered by the first polls after the restart.
import { sleep } from '../e2e/executions.mjs';

const MARK_MS = 10_000;
/** How far past a mark the activation starts, and by when in the slot the kill must have landed. */
const ACTIVATE_AFTER_MARK_MS = 300;
const KILL_BEFORE_MS = 9_000;
const ACTIVATION_TIMEOUT_MS = 8_000;
const ACTIVATION_DONE = /Finished processing workflow publication outbox record/;
/** n8n's scheduled poll under durable cursors logs one of these once its cursor is committed (`poll-trigger-task-handler.js`). */
const SCHEDULED_POLL_DONE = /Poll returned (no )?new data/;

/** Kills the current life between the activation and the first committed poll; returns what it saw. */
export async function killBeforeFirstCommit({ lives, api, held, changes, workflowIds }) {
	const life = lives.current;
	const scheduledPolls = [];
	const unwatch = lives.watchLines((line) => SCHEDULED_POLL_DONE.test(line) && scheduledPolls.push(line));
	try {
		await sleep((MARK_MS - (Date.now() % MARK_MS) + ACTIVATE_AFTER_MARK_MS) % MARK_MS);
		const slotStart = Date.now();
		const done = workflowIds.map((id) => lives.next((e) => e.kind === 'line' && ACTIVATION_DONE.test(e.line) && e.line.includes(id), ACTIVATION_TIMEOUT_MS));
		for (const id of workflowIds) {
			const { data: workflow } = await api(`/rest/workflows/${id}`);
			await api(`/rest/workflows/${id}/activate`, { method: 'POST', body: JSON.stringify({ versionId: workflow.versionId }) });
		}
		const activations = await Promise.all(done);
		held.closeGate();
		await changes.makeOneOfEach();
		const killAt = Date.now() - slotStart;
		life.timedOut = activations.some((activation) => !activation) || killAt > KILL_BEFORE_MS;
		await lives.kill(life, 'beforeFirstCommit');
		life.scheduledPollsBeforeKill = scheduledPolls.length;
		return { killMsAfterActivation: killAt, scheduledPollsBeforeKill: scheduledPolls.length, activationsDone: activations.filter(Boolean).length };
	} finally {
		unwatch();
		held.release();
	}
}
