/**
 * What this n8n instance last handed to n8n, per poll trigger node. With n8n's durable poll
 * cursors each poll works on a copy of the stored static data, and n8n stores that copy after
 * the poll has returned, with the execution it starts: a poll that starts before then, or
 * beside another poll of the node, reads the old state and would emit the same changes again.
 * And n8n never stores what the activation poll remembered when it emitted nothing, so the next
 * poll would remember again and miss every change in between. This memory closes both gaps. It
 * lives as long as n8n runs: after a restart, the stored state is all there is.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

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

export type PollStart = { kind: 'skip'; reason: string } | { kind: 'fromMemory' } | { kind: 'fromSnapshot' };

export interface PollStartFacts {
	/** The `seq` of the state in the poll's static data (0 for a state written before `seq` existed); undefined when it holds none. */
	snapshotSeq: number | undefined;
	memory: MemoryEntry | undefined;
	now: number;
	graceMs: number;
}

/** Where a poll starts: from its static data, from what this instance handed to n8n, or not at all. */
export function decidePollStart({ snapshotSeq, memory, now, graceMs }: PollStartFacts): PollStart {
	if (!memory) return { kind: 'fromSnapshot' };
	if (memory.running) return { kind: 'skip', reason: 'the previous poll of this node is still running' };
	if (memory.emitted && (snapshotSeq ?? -1) < memory.seq && now - memory.at < graceMs) {
		return { kind: 'skip', reason: 'n8n has not stored yet what the last poll that emitted items remembered' };
	}
	// Only the activation poll's state goes unstored while nothing was emitted.
	if (snapshotSeq === undefined && memory.stored && !memory.emitted) return { kind: 'fromMemory' };
	return { kind: 'fromSnapshot' };
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
	const facts = { snapshotSeq: seqOf(staticData[storageKey]), memory, now: pollMemoryTiming.now(), graceMs: pollMemoryTiming.graceMs };
	const start = decidePollStart(facts);
	if (start.kind === 'skip') {
		context.logger.info(`${context.getNode().name}: this poll reads nothing, ${start.reason}; the next poll goes on`);
		return null;
	}
	if (start.kind === 'fromMemory') staticData[storageKey] = copyOf(memory!.stored!);
	const entry: MemoryEntry = memory ?? { seq: 0, emitted: false, at: 0, running: false };
	lastHanded.set(key, entry);
	entry.running = true;
	try {
		const startSeq = seqOf(staticData[storageKey]) ?? 0;
		const outcome = await poll(staticData);
		if (!outcome) return null;
		const stored = { ...outcome.stored, seq: startSeq + 1 };
		staticData[storageKey] = stored;
		Object.assign(entry, { seq: stored.seq, stored: copyOf(stored), emitted: outcome.emit.length > 0, at: pollMemoryTiming.now() });
		return outcome.emit.length ? [outcome.emit.map((json) => ({ json }))] : null;
	} finally {
		entry.running = false;
	}
}
