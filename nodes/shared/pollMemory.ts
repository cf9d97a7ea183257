/**
 * What this n8n instance last handed to n8n, per poll trigger node. With n8n's durable poll
 * cursors each poll works on a copy of the stored static data, and n8n stores that copy after
 * the poll has returned, with the execution it starts: a poll that starts before then, or
 * beside another poll of the node, reads the old state and would emit the same changes again.
 * And n8n never stores what the activation poll remembered when it emitted nothing, so the next
 * poll would remember again and miss every change in between. This memory closes both gaps
 * within one n8n instance; the activation poll's state also goes into the workflow's static
 * data (`activationState.ts`), which n8n saves at the end of the activation, for the first poll
 * after a restart. The rules, with n8n's files: docs/guarantees.md, "When n8n crashes".
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { keepActivationState, keptActivationState } from './activationState';

/**
 * n8n stores the state of a poll that emitted together with its execution. A state still not
 * stored after this never will be (the execution failed with it), and the stored one is trusted again.
 */
export const COMMIT_GRACE_MS = 60_000;

export interface MemoryEntry {
	/** The `seq` of the state last handed to n8n; 0 before any. */
	seq: number;
	/** That state, as written (a copy); undefined before any. */
	stored?: IDataObject;
	/** Whether the poll that wrote it emitted items. */
	emitted: boolean;
	/** When it was handed to n8n. */
	at: number;
	/** A poll of this node is running now, in this instance. */
	running: boolean;
}

export type PollStart =
	| { kind: 'skip'; reason: string }
	| { kind: 'fromSnapshot' }
	| { kind: 'fromMemory' }
	| { kind: 'fromActivationState' }
	| { kind: 'activationStateLost' };

export interface PollStartFacts {
	/** The `seq` of the state in the poll's static data (0 for a state written before `seq` existed); undefined when it holds none. */
	snapshotSeq: number | undefined;
	memory: MemoryEntry | undefined;
	/** Whether the workflow's static data keeps the state of this node's activation poll. */
	activationStateKept: boolean;
	/**
	 * Whether the poll goes on with an activation rather than starting one: n8n's scheduled polls
	 * under durable cursors run in activation mode `update`; an activation poll runs in `activate`,
	 * `init` or `leadershipChange` (and n8n's default scheduler keeps the activation's mode for
	 * every poll, where the stored state is never empty after the first one).
	 */
	continuesActivation: boolean;
	now: number;
	graceMs: number;
}

/**
 * Where a poll starts: from its static data, from what this instance or the activation poll
 * handed to n8n, or not at all. `activationStateLost` starts from nothing, as a first poll does.
 */
export function decidePollStart({ snapshotSeq, memory, activationStateKept, continuesActivation, now, graceMs }: PollStartFacts): PollStart {
	if (memory?.running) return { kind: 'skip', reason: 'the previous poll of this node is still running' };
	if (memory?.emitted && (snapshotSeq ?? -1) < memory.seq && now - memory.at < graceMs) {
		return { kind: 'skip', reason: 'n8n has not stored yet what the last poll that emitted items remembered' };
	}
	// A stored state is what every poll goes on from. A new activation that finds none starts
	// afresh, as n8n's own semantics say, whatever this instance remembers of an earlier one.
	if (snapshotSeq !== undefined || !continuesActivation) return { kind: 'fromSnapshot' };
	// An activation goes on and nothing is stored: its activation poll emitted nothing, so n8n
	// never stored what it remembered.
	if (memory?.stored && !memory.emitted) return { kind: 'fromMemory' };
	if (activationStateKept) return { kind: 'fromActivationState' };
	return { kind: 'activationStateLost' };
}

/** The clock and grace the runner reads; tests move them instead of waiting a minute. */
export const pollMemoryTiming = { now: () => Date.now(), graceMs: COMMIT_GRACE_MS };

const lastHanded = new Map<string, MemoryEntry>();

const copyOf = (stored: object): IDataObject => JSON.parse(JSON.stringify(stored)) as IDataObject;

function seqOf(stored: unknown): number | undefined {
	if (!stored || typeof stored !== 'object') return undefined;
	const { seq } = stored as IDataObject;
	return typeof seq === 'number' ? seq : 0;
}

export interface PollOutcome {
	/** The items to emit, oldest change first. */
	emit: IDataObject[];
	/** The state to store; the runner adds its `seq`. */
	stored: object;
}

function logStart(context: IPollFunctions, start: PollStart) {
	const name = context.getNode().name;
	if (start.kind === 'skip') context.logger.info(`${name}: this poll reads nothing, ${start.reason}; the next poll goes on`);
	if (start.kind === 'activationStateLost') {
		context.logger.warn(
			`${name}: n8n has stored no state of this trigger since the workflow was activated (n8n stopped before it saved the activation); this poll starts afresh, and changes made since the activation count as existing`,
		);
	}
}

/**
 * Runs a poll whose state is kept under `storageKey` of the node's static data. `poll` returns
 * what to emit and store, or null to leave the state as it is. A skipped poll, or one that
 * throws, changes neither the static data nor the memory.
 */
export async function withPollMemory(
	context: IPollFunctions,
	storageKey: string,
	poll: (staticData: IDataObject) => Promise<PollOutcome | null>,
): Promise<INodeExecutionData[][] | null> {
	const staticData = context.getWorkflowStaticData('node');
	const key = `${context.getWorkflow().id}:${context.getNode().id}`;
	const memory = lastHanded.get(key);
	const activationState = keptActivationState(context);
	const snapshotSeq = seqOf(staticData[storageKey]);
	const continuesActivation = context.getActivationMode() === 'update';
	const facts = { snapshotSeq, memory, activationStateKept: activationState !== undefined, continuesActivation, now: pollMemoryTiming.now(), graceMs: pollMemoryTiming.graceMs };
	const start = decidePollStart(facts);
	logStart(context, start);
	if (start.kind === 'skip') return null;
	if (start.kind === 'fromMemory') staticData[storageKey] = copyOf(memory!.stored!);
	if (start.kind === 'fromActivationState') staticData[storageKey] = copyOf(activationState!);
	const entry: MemoryEntry = memory ?? { seq: 0, emitted: false, at: 0, running: false };
	lastHanded.set(key, entry);
	entry.running = true;
	try {
		const startSeq = seqOf(staticData[storageKey]) ?? 0;
		const outcome = await poll(staticData);
		if (!outcome) return null;
		const stored = { ...outcome.stored, seq: startSeq + 1 };
		staticData[storageKey] = stored;
		const emitted = outcome.emit.length > 0;
		Object.assign(entry, { seq: stored.seq, stored: copyOf(stored), emitted, at: pollMemoryTiming.now() });
		// The activation poll of a new activation keeps its state where n8n saves it at the end of
		// the activation; once a node state is stored, nothing kept is needed.
		if (snapshotSeq === undefined && !continuesActivation) keepActivationState(context, emitted ? undefined : copyOf(stored));
		else if (snapshotSeq !== undefined) keepActivationState(context, undefined);
		return emitted ? [outcome.emit.map((json) => ({ json }))] : null;
	} finally {
		entry.running = false;
	}
}
