/**
 * Runs and judges a class A case: the operation's base with the case's hostile values put in. By
 * the values' combined policy: a value to refuse must fail naming the field before any request; a
 * value that means a valid one must give the output of that one's run (or be refused); a valid
 * other value may fail loudly, naming the field or the request, or succeed keeping its relation
 * to the undisturbed run (otherOutput.ts). A field is named by its display name, as the panel shows
 * it (displayNames.ts).
 */
import type { INodeParameters } from 'n8n-workflow';

import { Rng } from '../../sandbox/prng';
import { withCaseLogs, type CaseLogs } from './caseLogs';
import { operationNamed } from './catalogA';
import { displayNamesOf, namesField } from './displayNames';
import { HOSTILE } from './hostile';
import { combinedPolicy } from './hostileValue';
import { BUDGET, clip, commonChecks, difference, verdictOf, violationsOf, type Judged } from './invariant';
import type { Operation } from './operation';
import { comparisonParameters, formProblem, readProblem, valueAt, withValue, type Change } from './otherOutput';
import type { ACase } from './plan';
import type { Verdict } from './protocol';
import { attempt, once, secretsOf, type Execution, type Stage } from './stage';

/** Creates run against a sandbox of their own: their records do not change what the reads see. */
const placeOf = (stage: Stage, operation: Operation) => (operation.creates ? stage.aCreate : stage.aRead);

/** The runs of an operation that puts its sandbox back first (operation.ts, reset), one at a time. */
const turns = new Map<string, Promise<unknown>>();
function inTurn<T>(stage: Stage, operation: Operation, run: () => Promise<T>): Promise<T> {
	const { reset } = operation;
	if (!reset) return run();
	const next = (turns.get(operation.name) ?? Promise.resolve()).then(async () => {
		await reset(placeOf(stage, operation).sandbox);
		return await run();
	});
	turns.set(operation.name, next.catch(() => undefined));
	return next;
}

function baselineA(stage: Stage, operation: Operation, parameters: INodeParameters): Promise<{ execution: Execution; form?: Record<string, string> }> {
	return once(`A ${operation.name} ${JSON.stringify(parameters)}`, async () => {
		const run = await inTurn(stage, operation, () => attempt(placeOf(stage, operation), operation.api, operation.runner, parameters, { budget: BUDGET.A, labels: 'query' }));
		return { execution: run.execution, form: run.form };
	});
}

export async function runA(c: ACase, stage: Stage): Promise<Judged> {
	const operation = operationNamed(c.operation);
	const place = placeOf(stage, operation);
	const base = operation.base(place.world);
	const rng = new Rng(c.seed);
	const changes: Change[] = c.changes.map((change) => {
		const field = operation.fields.find((candidate) => candidate.path === change.field)!;
		const hostile = HOSTILE[field.kind].find((candidate) => candidate.name === change.value)!;
		const start = valueAt(base, field.path) ?? field.sample?.(place.world) ?? 'x';
		return { field, hostile, made: hostile.make(start, rng) };
	});
	const parameters = changes.reduce((current, change) => withValue(current, change.field.path, change.made.value), base);
	const policy = combinedPolicy(changes.map((change) => change.hostile.policy));
	const context: CaseLogs = { logs: [] };
	const run = await withCaseLogs(context, () =>
		inTurn(stage, operation, () =>
			attempt(place, operation.api, operation.runner, parameters, { budget: BUDGET.A, labels: 'query' }, { clientCredentials: operation.api === 'partner' && c.seed % 3 === 0 }),
		),
	);
	const { violations, violation } = violationsOf(c.id);
	const longs = changes.map((change) => change.made.long).filter((long): long is string => long !== undefined);
	commonChecks(c, run, context.logs, secretsOf(place.sandbox), longs, violation);

	const { execution } = run;
	const requests = run.route.traffic.requests;
	const wrong = operation.oracle?.({ ok: execution.ok, output: execution.output, sent: run.route.traffic.sent, parameters, error: execution.error?.message });
	if (wrong) violation(execution.ok ? 'wrong-output' : 'sent-not-as-given', clip(wrong, 300));
	const judged = (fallback: Verdict, summary: string): Judged => ({ verdict: verdictOf(violations, fallback), violations, requests, logLines: context.logs.length, summary });
	const firstSent = clip(run.route.traffic.sent.find((sent) => !sent.startsWith('POST /token/')) ?? 'nothing', 200);
	if (execution.ok) {
		const summary = operation.creates ? `sent ${JSON.stringify(run.form ?? {})}` : `${execution.output.length} items`;
		if (policy === 'refuse') {
			violation('accepted-invalid-input', `succeeded (${clip(summary)}) after sending ${firstSent}`);
			return judged('violation', summary);
		}
		const expected = await withCaseLogs(context, () => baselineA(stage, operation, comparisonParameters(base, changes)));
		if (!expected.execution.ok) {
			violation('baseline-failed', `the comparison parameters failed: ${expected.execution.error?.message}`);
			return judged('violation', summary);
		}
		if (policy === 'same') {
			const diff = operation.creates ? difference([run.form ?? {}], [expected.form ?? {}]) : difference(execution.output, expected.execution.output);
			if (diff) violation('wrong-output', `${diff}; sent ${firstSent}`);
			return judged('succeeded-equal', summary);
		}
		if (operation.creates) {
			const problem = formProblem(changes, run.form, expected.form);
			if (problem) violation('sent-not-as-given', problem);
		} else {
			const problem = readProblem(changes, execution.output, expected.execution.output);
			if (problem) violation('wrong-output', `${problem}; sent ${firstSent}`);
		}
		return judged('succeeded-other', summary);
	}
	const message = execution.error!.message;
	// The changed fields' display names as the panel shows them (a field the node lacks has none).
	const named = changes.some((change) => namesField(message, displayNamesOf(operation.runner, base, change.field.path)));
	if (requests === 0) {
		if (!named) violation('refusal-not-naming-a-field', clip(message, 300));
	} else if (policy === 'refuse') {
		violation('sent-invalid-input', `sent ${firstSent}; then failed: ${clip(message, 200)}`);
	} else if (!named && !/\b(GET|POST|PUT) \//.test(message) && requests <= BUDGET.A) {
		violation('failure-not-naming-the-request', clip(message, 300));
	}
	return judged('failed-loudly', clip(message, 200));
}
