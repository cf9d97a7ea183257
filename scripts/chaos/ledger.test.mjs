// `node --test`: how the crash test reads a trigger's items from an execution n8n recorded, and
// how it puts a lost change down to n8n's emit window: only when the poll whose emit a kill kept
// from becoming an execution had read that change.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { emitsWithoutExecution, explainLosses, pollsOf } from './analysis.mjs';
import { answerKeys, claimKeys, clickKey } from './keys.mjs';
import { keysOf, triggerItems } from './ledger.mjs';

const node = 'Click Report Trigger';
const click = { id: 'c1', updatedAt: '2026-11-27T08:36:20.418Z', eventKey: 'c1@2026-11-27T08:36:20.418Z' };
const stack = (items) => ({ nodeExecutionStack: [{ node: { name: node }, data: { main: [items.map((json) => ({ json }))] } }] });
const ran = (task) => ({ runData: { [node]: [task] } });

test('a trigger that ran: its output', () => {
	const run = { resultData: ran({ data: { main: [[{ json: click }]] } }), executionData: stack([click]) };
	assert.deepEqual(triggerItems(run, node), [click]);
});

test('a crashed execution that never ran: the start of its stack', () => {
	assert.deepEqual(triggerItems({ resultData: { runData: {} }, executionData: stack([click]) }, node), [click]);
});

test("a crashed execution n8n rebuilt from its event log: the stack, never n8n's made-up item", () => {
	const placeholder = { data: { main: [[{ json: { isArtificialRecoveredEventItem: true } }]] }, executionTime: -1 };
	const run = { resultData: ran(placeholder), executionData: stack([click]) };
	assert.deepEqual(triggerItems(run, node), [click]);
	assert.deepEqual(keysOf('click', triggerItems(run, node)[0]), ['click c1@2026-11-27T08:36:20.418Z']);
});

test("a failed poll: nothing, never n8n's empty placeholder item", () => {
	const run = { resultData: ran({ error: { message: 'The click report kept changing' } }), executionData: stack([{}]) };
	assert.deepEqual(triggerItems(run, node), []);
});

const T = Date.parse('2026-11-27T08:00:00Z');
const clickAt = (id, updatedAt) => ({ id, updatedAt: new Date(updatedAt).toISOString() });
const clickAnswer = (at, items) => ({ api: 'click', at, keys: answerKeys('click', JSON.stringify({ meta: { total: items.length }, data: items })) });
const never = (item) => ({ key: clickKey(item), change: { trigger: 'click', madeAt: Date.parse(item.updatedAt) }, executions: [] });
const explain = (lives, executions, item) => explainLosses({ never: [never(item)] }, 'click', lives, emitsWithoutExecution(lives, executions), new Map());

const early = clickAt('c-early', T + 1000);
const late = clickAt('c-late', T + 21_000);
/**
 * One life: a poll at T+2 s that emitted into execution 7, one at T+12 s that emitted nothing,
 * then one at T+22 s, reading (as the click trigger reads its whole lookback) both items, whose
 * emit a kill lost.
 */
const life = {
	number: 1,
	spawnedAt: T - 60_000,
	readyAt: T - 50_000,
	killedAt: T + 22_700,
	emits: [
		{ trigger: 'click', at: T + 2_400 },
		{ trigger: 'click', at: T + 22_600 },
	],
	answers: [clickAnswer(T + 2_200, [early]), clickAnswer(T + 12_200, [early]), clickAnswer(T + 22_300, [early, late]), clickAnswer(T + 22_450, [])],
};
const executions = [{ id: '7', trigger: 'click', status: 'success', createdAt: new Date(T + 2_450).toISOString() }];

test("an answer's keys: click items, and lost-order claims as listed or fetched by ID", () => {
	assert.deepEqual(answerKeys('click', JSON.stringify({ meta: {}, data: [early] })), [clickKey(early)]);
	const list = { results: [{ id: 5, status: 'processing' }, { id: 6, status: 'accepted' }], _meta: { count: 2 } };
	assert.deepEqual(answerKeys('partner', JSON.stringify(list)), [claimKeys.created(5), claimKeys.created(6), claimKeys.decided(6, 'accepted')]);
	assert.deepEqual(answerKeys('partner', JSON.stringify({ id: 6, status: 'rejected' })), [claimKeys.created(6), claimKeys.decided(6, 'rejected')]);
	assert.deepEqual(answerKeys('partner', '<html>'), []);
});

test('the polls of a trigger: its answers grouped at gaps, each with its emit, or cut by a kill', () => {
	const polls = pollsOf([life], 'click').map((poll) => ({ firstAt: poll.firstAt - T, keys: [...poll.keys], emitAt: poll.emit && poll.emit.at - T, cut: poll.cut }));
	assert.deepEqual(polls, [
		{ firstAt: 2_200, keys: [clickKey(early)], emitAt: 2_400, cut: false },
		{ firstAt: 12_200, keys: [clickKey(early)], emitAt: undefined, cut: false },
		{ firstAt: 22_300, keys: [clickKey(early), clickKey(late)], emitAt: 22_600, cut: false },
	]);
	assert.deepEqual(pollsOf([life], 'claim'), []);
	assert.deepEqual(emitsWithoutExecution([life], executions), [{ trigger: 'click', life: 1, at: T + 22_600, killMsAfter: 100 }]);
});

test('a change first read by the poll whose emit was lost: put down to the emit window', () => {
	const losses = explain([life], executions, late);
	assert.deepEqual(losses.emitWindow.map((entry) => entry.key), [clickKey(late)]);
	assert.deepEqual(losses.unexplained, []);
});

test('a change a finished poll read before, into an execution without it: unexplained, though the lost emit read it too', () => {
	const losses = explain([life], executions, early);
	assert.deepEqual(losses.emitWindow, []);
	assert.deepEqual(losses.unexplained.map((entry) => entry.key), [clickKey(early)]);
});

test('a change read before only by a poll a kill cut short: the emit window', () => {
	const cutShort = { number: 1, spawnedAt: T - 60_000, readyAt: T - 50_000, killedAt: T + 2_300, emits: [], answers: [clickAnswer(T + 2_200, [early])] };
	const next = { ...life, number: 2, spawnedAt: T + 5_000, readyAt: T + 10_000, answers: life.answers.slice(2), emits: life.emits.slice(1) };
	const losses = explain([cutShort, next], [], early);
	assert.deepEqual(losses.emitWindow.map((entry) => entry.key), [clickKey(early)]);
});
