// What the live-trigger checks share: waiting for a trigger's first poll in the sandbox's request
// log, and reading the executions n8n recorded for a workflow over its REST API.
import assert from 'node:assert/strict';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Waits until n8n has made a request that `isPoll` accepts, then until none has come for `quietMs`:
 * the first poll at activation is then over, and what changes next is the next poll's to see.
 */
export async function waitForFirstPoll(sandbox, isPoll, { what, timeoutMs = 60_000, quietMs = 0 }) {
	const started = Date.now();
	let seen = 0;
	let lastChange = Date.now();
	while (Date.now() - started < timeoutMs) {
		const polled = (await sandbox.requests()).filter((r) => /n8n/i.test(String(r.headers['user-agent'])) && isPoll(r)).length;
		if (polled !== seen) [seen, lastChange] = [polled, Date.now()];
		if (seen > 0 && Date.now() - lastChange >= quietMs) return seen;
		await sleep(500);
	}
	throw new Error(`the ${what} did not poll within ${seconds(timeoutMs)} of the start`);
}

/** The items a node put out in a run. */
export const outputOf = (run, node) => (run?.resultData?.runData?.[node]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);

/** The `ts` of a message the Slack node posted, as its output item carries it. */
export const slackTs = (posted) => posted.ts ?? posted.message_timestamp ?? posted.message?.ts;

/**
 * Reads the finished executions of a workflow until `done()` holds, each once, and hands each
 * successful one's run data to `onExecution(id, run)`. Any execution that did not succeed fails.
 * Executions in `checked` (read before) are passed over; the set gains each one read.
 */
export async function followExecutions({ api, flatted, workflowId, onExecution, done, timeoutMs, checked = new Set() }) {
	const started = Date.now();
	while (Date.now() - started < timeoutMs) {
		await sleep(5000);
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const { data } = await api(`/rest/executions?filter=${filter}&limit=50`);
		for (const execution of data.results) {
			if (checked.has(execution.id) || !['success', 'error', 'crashed'].includes(execution.status)) continue;
			checked.add(execution.id);
			// n8n keeps the run data in `flatted` form.
			const { data: full } = await api(`/rest/executions/${execution.id}`);
			assert.equal(full.status, 'success', `execution ${execution.id} of workflow ${workflowId} succeeded`);
			onExecution(execution.id, typeof full.data === 'string' ? flatted.parse(full.data) : full.data);
		}
		if (done()) return Date.now() - started;
	}
	return Date.now() - started;
}
