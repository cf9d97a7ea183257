// Where a poll of a trigger starts, decided from the seq of the state in its static data and what
// this process last handed to n8n: every branch, and the edges of the commit's grace.
import type { MemoryEntry, PollStart } from '../../nodes/shared/pollMemory';
import { COMMIT_GRACE_MS, decidePollStart } from '../../nodes/shared/pollMemory';

const NOW = 1_000_000;
const RUNNING: PollStart = { kind: 'skip', reason: 'the previous poll of this node is still running' };
const IN_FLIGHT: PollStart = { kind: 'skip', reason: 'n8n has not stored yet what the last poll that emitted items remembered' };
const SNAPSHOT: PollStart = { kind: 'fromSnapshot' };
const MEMORY: PollStart = { kind: 'fromMemory' };

const memory = (entry: Partial<MemoryEntry>): MemoryEntry => ({ seq: 3, stored: { seq: 3 }, emitted: false, at: NOW, running: false, ...entry });

const cases: Array<[string, number | undefined, MemoryEntry | undefined, number, PollStart]> = [
	['nothing in memory, no state: the first poll', undefined, undefined, NOW, SNAPSHOT],
	['nothing in memory (a new process), a stored state', 5, undefined, NOW, SNAPSHOT],
	['nothing in memory, a state stored before seq existed', 0, undefined, NOW, SNAPSHOT],
	['another poll of the node still running', 3, memory({ running: true }), NOW, RUNNING],
	['another poll still running, beside an empty snapshot', undefined, memory({ running: true, emitted: true }), NOW, RUNNING],
	['the first poll still running: nothing stored in memory yet', undefined, { seq: 0, emitted: false, at: 0, running: true }, NOW, RUNNING],
	['emitted, its state not stored yet', 2, memory({ emitted: true }), NOW, IN_FLIGHT],
	['emitted, a state without seq in the snapshot', 0, memory({ emitted: true }), NOW, IN_FLIGHT],
	['emitted by the activation poll, nothing stored yet', undefined, memory({ emitted: true }), NOW, IN_FLIGHT],
	['emitted, not stored, 1 ms before the grace ends', 2, memory({ emitted: true }), NOW + COMMIT_GRACE_MS - 1, IN_FLIGHT],
	['emitted, not stored, the grace over: the commit failed', 2, memory({ emitted: true }), NOW + COMMIT_GRACE_MS, SNAPSHOT],
	['emitted by the activation poll, never stored, the grace over', undefined, memory({ emitted: true }), NOW + COMMIT_GRACE_MS, SNAPSHOT],
	['emitted, and stored', 3, memory({ emitted: true }), NOW, SNAPSHOT],
	['emitted, and a later state stored since', 4, memory({ emitted: true }), NOW, SNAPSHOT],
	['a clock that went back a little: still in flight', 2, memory({ emitted: true }), NOW - 5_000, IN_FLIGHT],
	['nothing emitted, the activation poll\'s state never stored', undefined, memory({}), NOW, MEMORY],
	['nothing emitted, never stored, long ago', undefined, memory({}), NOW + 10 * COMMIT_GRACE_MS, MEMORY],
	['nothing emitted, an older state stored: the poll reads again from it', 2, memory({}), NOW, SNAPSHOT],
	['nothing emitted and stored', 3, memory({}), NOW, SNAPSHOT],
	['no state, and the only poll so far failed (nothing in memory to start from)', undefined, { seq: 0, emitted: false, at: 0, running: false }, NOW, SNAPSHOT],
];

test.each(cases)('%s', (_name, snapshotSeq, entry, now, expected) => {
	expect(decidePollStart({ snapshotSeq, memory: entry, now, graceMs: COMMIT_GRACE_MS })).toEqual(expected);
});

test('the grace is the one given', () => {
	const emitted = memory({ emitted: true });
	expect(decidePollStart({ snapshotSeq: 2, memory: emitted, now: NOW + 10, graceMs: 10 })).toEqual(SNAPSHOT);
	expect(decidePollStart({ snapshotSeq: 2, memory: emitted, now: NOW + 9, graceMs: 10 })).toEqual(IN_FLIGHT);
});
