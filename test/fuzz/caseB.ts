/**
 * Runs and judges a class B case: the read configuration's run with the chosen answers rewritten
 * by the case's family. It must succeed with the undisturbed run's output, or fail loudly naming
 * the request; after an equivalent answer it must succeed.
 */
import { Rng } from '../../sandbox/prng';
import type { Answer, Position } from './answerFamily';
import { familyNamed } from './answers';
import { configNamed, type ReadConfig } from './catalogB';
import { withCaseLogs, type CaseLogs } from './caseLogs';
import { BUDGET, clip, commonChecks, difference, verdictOf, violationsOf, type Judged } from './invariant';
import { hashSeed, type BCase } from './plan';
import type { Verdict } from './protocol';
import type { CaseRoute, Route } from './proxy';
import { attempt, once, secretsOf, type Execution, type Stage } from './stage';

interface BaselineB {
	execution: Execution;
	labels: string[];
	answers: CaseRoute['traffic']['answers'];
}

/** The undisturbed run: its output, and the labels and answers of its requests (of the second poll, for a trigger that polls twice). */
function baselineB(stage: Stage, config: ReadConfig): Promise<BaselineB> {
	return once(`B ${config.name}`, async () => {
		const run = await attempt(stage.b, config.api, config.runner, config.parameters(stage.b.world), { budget: BUDGET.B, labels: config.labels, keepAnswers: true, rewritePosts: config.rewritesPost }, {
			beforeSecondPoll: config.secondPoll ? (route) => {
				route.traffic.labels.length = 0;
				route.traffic.answers.clear();
			} : undefined,
		});
		return { execution: run.execution, labels: [...run.route.traffic.labels], answers: run.route.traffic.answers };
	});
}

/** Byte for byte the same answer: the proxy sends the sandbox's compact JSON on unchanged, so a rewrite that matched nothing gives it back as it was. */
const sameAnswer = (a: Answer, b: Answer) => a.status === b.status && a.contentType === b.contentType && a.text === b.text;

/** The labels a position takes, from the labels the undisturbed run's requests had. */
function targets(labels: string[], position: Position): Set<string> {
	const order = (label: string) => Number(/(?:^#|[?&]offset=)(\d+)/.exec(label)?.[1] ?? 0);
	const sorted = [...labels].sort((a, b) => order(a) - order(b) || (a < b ? -1 : 1));
	if (position === 'all' || sorted.length === 0) return new Set(sorted);
	if (position === 'first') return new Set([sorted[0]]);
	if (position === 'last') return new Set([sorted[sorted.length - 1]]);
	return new Set([sorted[Math.min(sorted.length - 1, Math.max(1, Math.floor(sorted.length / 2)))]]);
}

export async function runB(c: BCase, stage: Stage): Promise<Judged> {
	const config = configNamed(c.config);
	const family = familyNamed(c.family);
	const context: CaseLogs = { logs: [] };
	const { violations, violation } = violationsOf(c.id);
	const baseline = await withCaseLogs(context, () => baselineB(stage, config));
	if (!baseline.execution.ok) {
		violation('baseline-failed', `the undisturbed run failed: ${baseline.execution.error?.message}`);
		return { verdict: 'violation', violations, requests: 0, logLines: context.logs.length, summary: 'no baseline' };
	}
	const chosen = targets(baseline.labels, c.position);
	const otherAnswers = [...baseline.answers].map(([label, answer]) => ({ label, ...answer }));
	/** The chosen requests that were answered (and given to the rewrite), and those whose answer it changed. */
	const rewritten = new Set<string>();
	const changed = new Set<string>();
	let active = !config.secondPoll;
	const route: Omit<Route, 'upstream' | 'api'> = {
		budget: BUDGET.B,
		labels: config.labels,
		rewritePosts: config.rewritesPost,
		rewrite: (answer, exchange) => {
			if (!active || !chosen.has(exchange.label)) return undefined;
			if (c.mode === 'once' && rewritten.has(exchange.label)) return undefined;
			rewritten.add(exchange.label);
			const sent = family.rewrite(answer, c.variant, { rng: new Rng(hashSeed(c.seed, exchange.label)), key: config.key, query: exchange.query, otherAnswers });
			if (!sameAnswer(sent, answer)) changed.add(exchange.label);
			return sent;
		},
	};
	const run = await withCaseLogs(context, () =>
		attempt(stage.b, config.api, config.runner, config.parameters(stage.b.world), route, {
			clientCredentials: config.api === 'partner' && c.seed % 3 === 0,
			beforeSecondPoll: config.secondPoll ? () => (active = true) : undefined,
		}),
	);
	commonChecks(c, run, context.logs, secretsOf(stage.b.sandbox), [], violation);
	const { execution } = run;
	const requests = run.route.traffic.requests;
	const judged = (fallback: Verdict, summary: string): Judged => ({ verdict: verdictOf(violations, fallback), violations, requests, logLines: context.logs.length, summary });
	if (config.requestsAtMost !== undefined && requests > config.requestsAtMost) {
		violation('too-many-requests', `${requests} requests where at most ${config.requestsAtMost} may be sent: ${clip(run.route.traffic.sent.join(' '), 200)}`);
	}
	// The run saw its answers as the sandbox sent them: whatever it did, it tested nothing of the family.
	if (changed.size === 0) {
		const why = rewritten.size ? `the rewrite left the ${rewritten.size} chosen answers as they were` : `no chosen request was answered (chosen: ${clip([...chosen].join(' '), 200)})`;
		return judged('not-run', `no answer was rewritten: ${why}`);
	}
	if (execution.ok) {
		const diff = difference(execution.output, baseline.execution.output, family.keyAsText?.(c.variant) ? config.key : undefined);
		if (diff) violation('wrong-output', diff);
		return judged('succeeded-equal', `${execution.output.length} items`);
	}
	const message = execution.error!.message;
	if (family.equivalent) violation('equivalent-answer-failed', clip(message, 300));
	else if (!config.names(stage.b.world).test(message) && requests <= BUDGET.B) violation('failure-not-naming-the-request', clip(message, 300));
	return judged('failed-loudly', clip(message, 200));
}
