// `node --test`: how the crash test reads a trigger's items from an execution n8n recorded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

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
