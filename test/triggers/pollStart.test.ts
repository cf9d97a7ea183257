// Where a poll of a trigger starts, decided from the seq of the state in its static data, what
// this n8n instance last handed to n8n, whether the workflow keeps the activation poll's state,
// and whether the poll goes on with an activation (activation mode `update`) or starts one:
// every branch, and the edges of the commit's grace.
import type { MemoryEntry, PollStart, PollStartFacts } from '../../nodes/shared/pollMemory';
import { COMMIT_GRACE_MS, decidePollStart } from '../../nodes/shared/pollMemory';

const NOW = 1_000_000;
const RUNNING: PollStart = { kind: 'skip', reason: 'the previous poll of this node is still running' };
const IN_FLIGHT: PollStart = { kind: 'skip', reason: 'n8n has not stored yet what the last poll that emitted items remembered' };
const SNAPSHOT: PollStart = { kind: 'fromSnapshot' };
const MEMORY: PollStart = { kind: 'fromMemory' };
const KEPT: PollStart = { kind: 'fromActivationState' };
const LOST: PollStart = { kind: 'activationStateLost' };

const memory = (entry: Partial<MemoryEntry>): MemoryEntry => ({ seq: 3, stored: { seq: 3 }, emitted: false, at: NOW, running: false, ...entry });
const FAILED_ONLY: MemoryEntry = { seq: 0, emitted: false, at: 0, running: false };

type Facts = Partial<Omit<PollStartFacts, 'graceMs'>>;
/** A scheduled poll under durable cursors (activation mode `update`), nothing kept, at NOW. */
const facts = (given: Facts): PollStartFacts => ({ snapshotSeq: undefined, memory: undefined, activationStateKept: false, continuesActivation: true, now: NOW, graceMs: COMMIT_GRACE_MS, ...given });
const activationPoll = (given: Facts) => facts({ continuesActivation: false, ...given });

const cases: Array<[string, PollStartFacts, PollStart]> = [
	['the activation poll of a new workflow', activationPoll({}), SNAPSHOT],
	['nothing in memory (a new instance), a stored state', facts({ snapshotSeq: 5 }), SNAPSHOT],
	['nothing in memory, a state stored before seq existed', facts({ snapshotSeq: 0 }), SNAPSHOT],
	['another poll of the node still running', facts({ snapshotSeq: 3, memory: memory({ running: true }) }), RUNNING],
	['another poll still running, beside an empty snapshot', facts({ memory: memory({ running: true, emitted: true }) }), RUNNING],
	['the first poll still running: nothing stored in memory yet', facts({ memory: { ...FAILED_ONLY, running: true } }), RUNNING],
	['an activation poll beside a running poll', activationPoll({ snapshotSeq: 3, memory: memory({ running: true }) }), RUNNING],
	['emitted, its state not stored yet', facts({ snapshotSeq: 2, memory: memory({ emitted: true }) }), IN_FLIGHT],
	['emitted, a state without seq in the snapshot', facts({ snapshotSeq: 0, memory: memory({ emitted: true }) }), IN_FLIGHT],
	['emitted by the activation poll, nothing stored yet', facts({ memory: memory({ emitted: true }) }), IN_FLIGHT],
	['emitted, not stored, 1 ms before the grace ends', facts({ snapshotSeq: 2, memory: memory({ emitted: true }), now: NOW + COMMIT_GRACE_MS - 1 }), IN_FLIGHT],
	['emitted, not stored, the grace over: the commit failed', facts({ snapshotSeq: 2, memory: memory({ emitted: true }), now: NOW + COMMIT_GRACE_MS }), SNAPSHOT],
	['emitted by the activation poll, never stored, the grace over', facts({ memory: memory({ emitted: true }), now: NOW + COMMIT_GRACE_MS }), LOST],
	['emitted, and stored', facts({ snapshotSeq: 3, memory: memory({ emitted: true }) }), SNAPSHOT],
	['emitted, and a later state stored since', facts({ snapshotSeq: 4, memory: memory({ emitted: true }) }), SNAPSHOT],
	['a clock that went back a little: still in flight', facts({ snapshotSeq: 2, memory: memory({ emitted: true }), now: NOW - 5_000 }), IN_FLIGHT],
	["nothing emitted, the activation poll's state never stored", facts({ memory: memory({}) }), MEMORY],
	['nothing emitted, never stored, long ago', facts({ memory: memory({}), now: NOW + 10 * COMMIT_GRACE_MS }), MEMORY],
	['never stored, in memory and kept in the workflow: the memory, the newer', facts({ memory: memory({}), activationStateKept: true }), MEMORY],
	['nothing emitted, an older state stored: the poll reads again from it', facts({ snapshotSeq: 2, memory: memory({}) }), SNAPSHOT],
	['nothing emitted and stored', facts({ snapshotSeq: 3, memory: memory({}) }), SNAPSHOT],
	["after a restart, nothing stored: the activation poll's state kept in the workflow", facts({ activationStateKept: true }), KEPT],
	['after a restart, nothing stored and nothing kept: n8n stopped before it saved the activation', facts({}), LOST],
	['no state, and the only poll so far failed: the state kept in the workflow', facts({ memory: FAILED_ONLY, activationStateKept: true }), KEPT],
	['no state, the only poll so far failed, nothing kept', facts({ memory: FAILED_ONLY }), LOST],
	['a stored state wins over what is kept', facts({ snapshotSeq: 4, activationStateKept: true }), SNAPSHOT],
	['a new activation, nothing stored: afresh, never from weeks-old memory', activationPoll({ memory: memory({ at: NOW - 30 * 86_400_000 }) }), SNAPSHOT],
	['a new activation, nothing stored: afresh, never from a kept state', activationPoll({ activationStateKept: true }), SNAPSHOT],
	['a new activation from a stored state', activationPoll({ snapshotSeq: 3, memory: memory({ seq: 5 }) }), SNAPSHOT],
];

test.each(cases)('%s', (_name, given, expected) => {
	expect(decidePollStart(given)).toEqual(expected);
});

test('the grace is the one given', () => {
	const emitted = memory({ emitted: true });
	expect(decidePollStart({ ...facts({ snapshotSeq: 2, memory: emitted, now: NOW + 10 }), graceMs: 10 })).toEqual(SNAPSHOT);
	expect(decidePollStart({ ...facts({ snapshotSeq: 2, memory: emitted, now: NOW + 9 }), graceMs: 10 })).toEqual(IN_FLIGHT);
});
