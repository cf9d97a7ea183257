// Both triggers in queue mode across a restart of the main: they poll in the main, their
// executions run on the workers, and their state lives in n8n's static data in Postgres. Changes
// are made in four sets: A before the restart, B just before the main stops (its next poll never
// comes), C while it is down (an update of an A click among them), D after it is back. Every change
// must reach exactly one execution, and nothing else may be emitted.
import assert from 'node:assert/strict';

import { sleep } from '../e2e/executions.mjs';
import { IDS, TRIGGER_NODES } from './setup.mjs';

const POLL_WAIT_MS = 150_000;
/** After the last change is seen: one more poll of each trigger, which must emit nothing of ours. */
const QUIET_MS = 70_000;

const clickKey = (click) => `click ${click.id} count ${click.count}`;
const claimKey = (claim) => `claim ${claim.id} ${claim.status}`;

/** Every execution of the two trigger workflows, read once each; what each change reached. */
class EmissionLedger {
	constructor(flatted) {
		this.flatted = flatted;
		this.read = new Set();
		this.seen = new Map();
		this.unexpected = [];
		this.executions = 0;
	}

	async update(api, expected) {
		for (const workflowId of [IDS.clickTriggerWorkflow, IDS.claimTriggerWorkflow]) {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const { data } = await api(`/rest/executions?filter=${filter}&limit=100`);
			for (const execution of data.results) {
				if (this.read.has(execution.id) || !['success', 'error', 'crashed'].includes(execution.status)) continue;
				this.read.add(execution.id);
				this.executions++;
				const { data: full } = await api(`/rest/executions/${execution.id}`);
				assert.equal(full.status, 'success', `execution ${execution.id} of ${workflowId} succeeded`);
				const run = typeof full.data === 'string' ? this.flatted.parse(full.data) : full.data;
				const node = workflowId === IDS.clickTriggerWorkflow ? TRIGGER_NODES.click : TRIGGER_NODES.claim;
				const items = (run.resultData.runData[node]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
				for (const item of items) {
					const key = workflowId === IDS.clickTriggerWorkflow ? clickKey(item) : claimKey(item);
					if (!expected.has(key)) this.unexpected.push(`${key} (execution ${execution.id})`);
					this.seen.set(key, [...(this.seen.get(key) ?? []), execution.id]);
				}
			}
		}
	}

	async waitFor(api, expected, keys, timeoutMs = POLL_WAIT_MS) {
		const started = Date.now();
		while (Date.now() - started < timeoutMs) {
			await this.update(api, expected);
			if (keys.every((key) => this.seen.has(key))) return Date.now() - started;
			await sleep(3000);
		}
		const missing = keys.filter((key) => !this.seen.has(key));
		throw new Error(`not emitted within ${timeoutMs / 1000} s: ${missing.join('; ')}`);
	}
}

/** Waits until the sandbox saw n8n's polls of both triggers, and then nothing for 3 s. */
async function waitForFirstPolls(sandbox, timeoutMs = 90_000) {
	const started = Date.now();
	let last = -1;
	let stableSince = Date.now();
	while (Date.now() - started < timeoutMs) {
		const requests = (await sandbox.requests()).filter((r) => /n8n/i.test(String(r.headers['user-agent'])));
		const clicks = requests.some((r) => r.api === 'click');
		const claims = requests.some((r) => r.api === 'partner' && r.path.startsWith('/lost_orders/'));
		if (requests.length !== last) [last, stableSince] = [requests.length, Date.now()];
		if (clicks && claims && Date.now() - stableSince >= 3000) return;
		await sleep(500);
	}
	throw new Error('the triggers did not poll at activation');
}

export async function checkTriggersAcrossRestart({ api: initialApi, sandbox, flatted, restartMain, log }) {
	let api = initialApi;
	await sandbox.clearRequests();
	for (const id of [IDS.clickTriggerWorkflow, IDS.claimTriggerWorkflow]) {
		const { data: workflow } = await api(`/rest/workflows/${id}`);
		await api(`/rest/workflows/${id}/activate`, { method: 'POST', body: JSON.stringify({ versionId: workflow.versionId }) });
	}
	await waitForFirstPolls(sandbox);
	log('both triggers polled at activation');

	const open = (await sandbox.partner('/lost_orders/', { status: 'processing', limit: 5 })).results;
	assert.equal(open.length, 5, 'the sandbox has five open lost-order claims');
	const expected = new Set();
	const ledger = new EmissionLedger(flatted);
	const today = new Date().toISOString().slice(0, 10);
	const insertClicks = (set, counts) =>
		sandbox.insertClicks(counts.map((count) => ({ merchantId: 49_998, merchantName: 'Queue Test Merchant', subId: `queue-${set}`, count, date: today })));
	const clicksOf = async (set, counts) => (await insertClicks(set, counts)).map(clickKey);
	const decide = async (claims) => {
		const keys = [];
		for (const [claim, status] of claims) {
			await sandbox.decideClaim('lost_orders', claim.id, status === 'accepted' ? { status, reward: 7.5 } : { status, reject_reason: 'order_cancelled' });
			keys.push(claimKey({ id: claim.id, status }));
		}
		return keys;
	};
	const change = async (keys) => (keys.forEach((key) => expected.add(key)), keys);

	const clicksA = await insertClicks('A', [2, 3, 4]);
	const setA = await change([...clicksA.map(clickKey), ...(await decide([[open[0], 'accepted'], [open[1], 'rejected']]))]);
	const waitedA = await ledger.waitFor(api, expected, setA);
	log(`set A (${setA.length} changes) emitted ${(waitedA / 1000).toFixed(0)} s after the change`);

	const setB = await change([...(await clicksOf('B', [5])), ...(await decide([[open[2], 'accepted']]))]);
	const stoppedAt = Date.now();
	await restartMain.stop();
	log(`main stopped ${Date.now() - stoppedAt} ms after set B (${setB.length} changes)`);
	const clickA = clicksA[0].id;
	const updated = await sandbox.updateClick(clickA, { count: 20 });
	const setC = await change([...(await clicksOf('C', [6, 7])), clickKey(updated), ...(await decide([[open[3], 'rejected']]))]);
	log(`set C made while the main is down (${setC.length} changes, one an update of click ${clickA}); starting the main again`);
	api = await restartMain.start();
	const waitedBC = await ledger.waitFor(api, expected, [...setB, ...setC]);
	log(`sets B and C emitted ${(waitedBC / 1000).toFixed(0)} s after the main's start`);

	const setD = await change([...(await clicksOf('D', [8])), ...(await decide([[open[4], 'accepted']]))]);
	await ledger.waitFor(api, expected, setD);
	log(`set D emitted; waiting ${QUIET_MS / 1000} s for one more poll of each trigger`);
	await sleep(QUIET_MS);
	await ledger.update(api, expected);

	const twice = [...ledger.seen].filter(([, executions]) => executions.length > 1);
	assert.deepEqual(twice.map(([key, executions]) => `${key}: executions ${executions.join(', ')}`), [], 'no change emitted twice');
	assert.deepEqual(ledger.unexpected, [], 'nothing emitted that was not changed');
	assert.deepEqual([...expected].filter((key) => !ledger.seen.has(key)), [], 'every change emitted');
	return {
		expected: expected.size,
		emitted: [...ledger.seen.values()].reduce((sum, executions) => sum + executions.length, 0),
		executions: ledger.executions,
	};
}
