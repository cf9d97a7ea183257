// Reads back every execution n8n recorded for the two trigger workflows, whatever its status, and
// counts each promised change: delivered once, twice or more, held only by an execution n8n marked
// crashed, or never delivered.
import { outputOf } from '../e2e/executions.mjs';
import { CONVERSION_SOURCES, actionKeys, claimKeys, clickKey, conversionKeys, versionOf } from './keys.mjs';
import { STREAMS, TRIGGERS } from './setup.mjs';

/**
 * n8n's crash recovery rebuilds the run data of a node its event log saw finish with one made-up
 * item (`isArtificialRecoveredEventItem`, n8n's `ARTIFICIAL_TASK_DATA`); the trigger's real items
 * are then still at the start of the execution's stack.
 */
const isRecoveryPlaceholder = (json) => json?.isArtificialRecoveredEventItem === true;

/**
 * The items a trigger handed to an execution: its output, or, if it never ran (or n8n rebuilt its
 * run from the event log), the start of its stack. A poll that failed hands over nothing: n8n's
 * error execution carries an empty placeholder item in its stack.
 */
export function triggerItems(run, node) {
	const ran = outputOf(run, node).filter((json) => !isRecoveryPlaceholder(json));
	if (ran.length) return ran;
	if (run?.resultData?.runData?.[node]?.[0]?.error) return [];
	const waiting = (run?.executionData?.nodeExecutionStack ?? []).find((entry) => entry.node?.name === node);
	return (waiting?.data?.main?.[0] ?? []).map((item) => item.json);
}

/** Whether n8n rebuilt the trigger's run from its event log after a crash. */
export const rebuiltFromEventLog = (run, node) => outputOf(run, node).some(isRecoveryPlaceholder);

/** A failed poll's message, as n8n recorded it in its error execution. */
export const pollError = (run, node) => run?.resultData?.runData?.[node]?.[0]?.error?.message ?? run?.resultData?.error?.message;

const CONVERSION_EVENTS = ['conversionCreated', 'conversionStatusChanged'];

/**
 * The keys of the changes an emitted item delivers (a creation seen already decided delivers both),
 * the first being the one its eventKey must name.
 */
export function keysOf(trigger, item) {
	if (CONVERSION_EVENTS.includes(item.event)) {
		const source = CONVERSION_SOURCES[STREAMS.find((stream) => stream.workflow === trigger && stream.conversions)?.conversions];
		if (!source) return [`unexpected event ${item.event} ${item.id}`];
		if (item.event === 'conversionCreated') return actionKeys(source, item);
		const { id, status, stamp } = versionOf(source, item);
		return [conversionKeys.changed(id, status, stamp)];
	}
	if (trigger === 'click') return [clickKey(item)];
	if (item.event === 'lostOrderCreated') {
		const keys = [claimKeys.created(item.id)];
		if (item.status !== 'processing') keys.push(claimKeys.decided(item.id, item.status));
		return keys;
	}
	if (item.event === 'lostOrderStatusChanged') return [claimKeys.decided(item.id, item.status)];
	return [`unexpected event ${item.event} ${item.id}`];
}

async function listExecutions(api, workflowId) {
	const all = [];
	let lastId;
	for (;;) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const { data } = await api(`/rest/executions?filter=${filter}&limit=100${lastId ? `&lastId=${lastId}` : ''}`);
		all.push(...data.results);
		if (data.results.length < 100) return all;
		lastId = data.results[data.results.length - 1].id;
	}
}

/** Every execution of the trigger workflows once none is still running: id, status, times, items. */
export async function readExecutions(api, flatted, { timeoutMs = 120_000, sleep }) {
	const started = Date.now();
	for (;;) {
		const executions = [];
		let unfinished = 0;
		for (const trigger of TRIGGERS) {
			for (const execution of await listExecutions(api, trigger.workflowId)) {
				if (['new', 'running', 'waiting'].includes(execution.status)) unfinished++;
				executions.push({ trigger: trigger.name, node: trigger.node, ...execution });
			}
		}
		if (unfinished === 0 || Date.now() - started > timeoutMs) {
			for (const execution of executions) {
				const { data: full } = await api(`/rest/executions/${execution.id}`);
				const run = typeof full.data === 'string' ? flatted.parse(full.data) : full.data;
				execution.items = triggerItems(run, execution.node);
				if (rebuiltFromEventLog(run, execution.node)) execution.rebuilt = true;
				if (execution.status === 'error') execution.error = pollError(run, execution.node);
			}
			return { executions, unfinished };
		}
		await sleep(2000);
	}
}

/**
 * Per stream (setup.mjs): every promised change with the executions that delivered it. `once`,
 * `twice` (two or more executions), `crashedOnly` (held only by executions n8n marked crashed),
 * `never`; a change not yet due (`notYetDue`, conversions.mjs) counts only if delivered, else in
 * `notDue`. Also the items that deliver nothing promised, and those without an eventKey or, for
 * conversions, with one that does not name their change.
 */
export function countDeliveries(truth, executions) {
	const deliveries = new Map();
	const unexpected = [];
	const withoutKey = [];
	for (const execution of executions) {
		for (const item of execution.items) {
			const keys = keysOf(execution.trigger, item);
			if (typeof item.eventKey !== 'string' || !item.eventKey) withoutKey.push(`${execution.trigger} execution ${execution.id}`);
			else if (CONVERSION_EVENTS.includes(item.event) && item.eventKey !== keys[0]) withoutKey.push(`${item.eventKey} for ${keys[0]} (execution ${execution.id})`);
			for (const key of keys) {
				if (!truth.has(key)) {
					unexpected.push(`${key} (execution ${execution.id})`);
					continue;
				}
				deliveries.set(key, [...(deliveries.get(key) ?? []), execution]);
			}
		}
	}
	const perTrigger = {};
	for (const stream of STREAMS) perTrigger[stream.name] = { promised: 0, once: [], twice: [], crashedOnly: [], never: [], notDue: [] };
	for (const [key, change] of truth) {
		const counts = perTrigger[change.trigger];
		const by = deliveries.get(key) ?? [];
		const entry = { key, change, executions: by };
		if (change.notYetDue && by.length === 0) {
			counts.notDue.push(entry);
			continue;
		}
		counts.promised++;
		if (by.length === 0) counts.never.push(entry);
		else if (by.every((execution) => execution.status === 'crashed')) counts.crashedOnly.push(entry);
		else if (by.length === 1) counts.once.push(entry);
		else counts.twice.push(entry);
	}
	return { perTrigger, unexpected, withoutKey: [...new Set(withoutKey)] };
}
