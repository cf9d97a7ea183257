/**
 * Runs and judges a class A case: the operation's base with the case's hostile values put in. By
 * the values' combined policy: a value to refuse must fail naming the field before any request; a
 * value that means a valid one must give the output of that one's run (or be refused); any other
 * may succeed or fail loudly, naming the field or the request.
 */
import type { INodeParameters } from 'n8n-workflow';

import { Rng } from '../../sandbox/prng';
import { withCaseLogs, type CaseLogs } from './caseLogs';
import { operationNamed } from './catalogA';
import { HOSTILE } from './hostile';
import { combinedPolicy, REMOVED } from './hostileValue';
import { BUDGET, clip, commonChecks, difference, verdictOf, violationsOf, type Judged } from './invariant';
import type { Operation } from './operation';
import type { ACase } from './plan';
import type { Verdict } from './protocol';
import { attempt, once, secretsOf, type Execution, type Stage } from './stage';

function valueAt(parameters: INodeParameters, path: string): unknown {
	const [first, second] = path.split('.');
	const top = parameters[first] as Record<string, unknown> | undefined;
	return second === undefined ? top : top?.[second];
}

function withValue(parameters: INodeParameters, path: string, value: unknown): INodeParameters {
	const copy = structuredClone(parameters) as Record<string, unknown>;
	const [first, second] = path.split('.');
	const holder = second === undefined ? copy : ((copy[first] = { ...((copy[first] as object) ?? {}) }) as Record<string, unknown>);
	const name = second ?? first;
	if (value === REMOVED) delete holder[name];
	else holder[name] = value;
	return copy as INodeParameters;
}

/** Creates run against a sandbox of their own: their records do not change what the reads see. */
const placeOf = (stage: Stage, operation: Operation) => (operation.creates ? stage.aCreate : stage.aRead);

function baselineA(stage: Stage, operation: Operation, parameters: INodeParameters): Promise<{ execution: Execution; form?: Record<string, string> }> {
	return once(`A ${operation.name} ${JSON.stringify(parameters)}`, async () => {
		const run = await attempt(placeOf(stage, operation), operation.api, operation.runner, parameters, { budget: BUDGET.A, labels: 'query' });
		return { execution: run.execution, form: run.form };
	});
}

export async function runA(c: ACase, stage: Stage): Promise<Judged> {
	const operation = operationNamed(c.operation);
	const place = placeOf(stage, operation);
	const base = operation.base(place.world);
	const rng = new Rng(c.seed);
	const changes = c.changes.map((change) => {
		const field = operation.fields.find((candidate) => candidate.path === change.field)!;
		const hostile = HOSTILE[field.kind].find((candidate) => candidate.name === change.value)!;
		const start = valueAt(base, field.path) ?? field.sample?.(place.world) ?? 'x';
		return { field, hostile, made: hostile.make(start, rng) };
	});
	const parameters = changes.reduce((current, change) => withValue(current, change.field.path, change.made.value), base);
	const policy = combinedPolicy(changes.map((change) => change.hostile.policy));
	const context: CaseLogs = { logs: [] };
	const run = await withCaseLogs(context, () =>
		attempt(place, operation.api, operation.runner, parameters, { budget: BUDGET.A, labels: 'query' }, { clientCredentials: operation.api === 'partner' && c.seed % 3 === 0 }),
	);
	const { violations, violation } = violationsOf(c.id);
	const longs = changes.map((change) => change.made.long).filter((long): long is string => long !== undefined);
	commonChecks(c, run, context.logs, secretsOf(place.sandbox), longs, violation);

	const { execution } = run;
	const requests = run.route.traffic.requests;
	const judged = (fallback: Verdict, summary: string): Judged => ({ verdict: verdictOf(violations, fallback), violations, requests, logLines: context.logs.length, summary });
	const firstSent = clip(run.route.traffic.sent.find((sent) => !sent.startsWith('POST /token/')) ?? 'nothing', 200);
	// A field by its label ("Lost Order ID"), or the record it names ("Lost order 123 was not found").
	const words = operation.fields.flatMap((field) => [field.label, field.label.replace(/ IDs?$/, '')]).filter(Boolean).map((word) => word.toLowerCase());
	if (execution.ok) {
		const summary = operation.creates ? `sent ${JSON.stringify(run.form ?? {})}` : `${execution.output.length} items`;
		if (policy === 'refuse') {
			violation('accepted-invalid-input', `succeeded (${clip(summary)}) after sending ${firstSent}`);
			return judged('violation', summary);
		}
		if (policy === 'same') {
			const canonical = changes.reduce(
				(current, change) => (change.made.hides ?? []).reduce((hidden, path) => withValue(hidden, path, REMOVED), withValue(current, change.field.path, change.made.canonical)),
				base,
			);
			const expected = await withCaseLogs(context, () => baselineA(stage, operation, canonical));
			if (!expected.execution.ok) {
				violation('baseline-failed', `the canonical parameters failed: ${expected.execution.error?.message}`);
			} else {
				const diff = operation.creates ? difference([run.form ?? {}], [expected.form ?? {}]) : difference(execution.output, expected.execution.output);
				if (diff) violation('wrong-output', `${diff}; sent ${firstSent}`);
			}
			return judged('succeeded-equal', summary);
		}
		return judged('succeeded-other', summary);
	}
	const message = execution.error!.message;
	const namesField = words.some((word) => message.toLowerCase().includes(word));
	if (requests === 0) {
		if (!namesField) violation('refusal-not-naming-a-field', clip(message, 300));
	} else if (policy === 'refuse') {
		violation('sent-invalid-input', `sent ${firstSent}; then failed: ${clip(message, 200)}`);
	} else if (!namesField && !/\b(GET|POST) \//.test(message) && requests <= BUDGET.A) {
		violation('failure-not-naming-the-request', clip(message, 300));
	}
	return judged('failed-loudly', clip(message, 200));
}
