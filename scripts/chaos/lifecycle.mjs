// One n8n instance of the crash test, started, killed with SIGKILL at chosen moments and started
// again. Each life records when it started, became ready and was killed, when each trigger
// workflow handed items to n8n (n8n's debug line at an emit), and the changes each answer of the
// services held (the watching proxy), so that a loss can be matched to the poll that read it.
import { createWriteStream } from 'node:fs';

import { ownerEnv, startN8n } from '../n8n-runtime/harness.mjs';
import { sleep } from '../e2e/executions.mjs';
import { answerKeys } from './keys.mjs';

const EMIT_LINE = /Received event to trigger execution for workflow "([^"]+)"/;
/** The longest wait for a moment before the kill happens anyway (noted as such). */
const MOMENT_TIMEOUT_MS = 30_000;
const START_ATTEMPTS = 3;

export function n8nLives({ runtime, env, logFile, workflowNames, log }) {
	const stream = createWriteStream(logFile, { flags: 'a' });
	const lives = [];
	const waiters = new Set();
	const lineWatchers = new Set();
	let current;

	const notify = (event) => {
		for (const waiter of [...waiters]) if (waiter.accepts(event)) (waiters.delete(waiter), waiter.resolve(event));
	};
	/** The next event (`emit`, `request`, `answer`, `line` of n8n's log) that `accepts` takes, or undefined after the timeout. */
	const next = (accepts, timeoutMs = MOMENT_TIMEOUT_MS) =>
		new Promise((resolvePromise) => {
			const waiter = { accepts, resolve: resolvePromise };
			waiters.add(waiter);
			setTimeout(() => waiters.delete(waiter) && resolvePromise(undefined), timeoutMs);
		});

	function onLine(line) {
		stream.write(`${line}\n`);
		for (const watcher of lineWatchers) watcher(line);
		if (waiters.size) notify({ kind: 'line', line });
		const emitted = EMIT_LINE.exec(line);
		if (emitted && current) {
			const trigger = workflowNames[emitted[1]];
			if (!trigger) return;
			current.emits.push({ trigger, at: Date.now() });
			notify({ kind: 'emit', trigger });
		}
	}

	async function start(attempt = 1) {
		const life = { number: lives.length + 1, spawnedAt: Date.now(), emits: [], answers: [], requests: 0 };
		lives.push(life);
		current = life;
		stream.write(`---- life ${life.number}\n`);
		const starting = startN8n(runtime, { ...env, ...ownerEnv(runtime) }, {
			log: () => {},
			label: `n8n-${life.number}`,
			detached: true,
			write: () => {},
			onLine,
			onSpawn: (child) => (life.child = child),
		});
		life.ready = starting.then(
			(n8n) => ((life.readyAt = Date.now()), n8n),
			async (error) => {
				if (life.killedAt) return undefined;
				// n8n itself may fail to start after a kill (its startup recovery of the execution the
				// kill interrupted): noted, and started again, as a person or a supervisor would.
				if (attempt >= START_ATTEMPTS) throw error;
				life.startFailure = error.message.split('\n').find((line) => /TypeError|Error:/.test(line)) ?? error.message.split('\n')[0];
				log(`n8n stopped while starting (${life.startFailure.trim()}); starting it again`);
				const again = await start(attempt + 1);
				return await again.ready;
			},
		);
		return life;
	}

	function kill(life, moment) {
		if (life.killedAt) return;
		life.killedAt = Date.now();
		life.moment = moment;
		const lastEmit = life.emits.at(-1);
		life.msSinceEmit = lastEmit ? life.killedAt - lastEmit.at : undefined;
		try {
			process.kill(-life.child.pid, 'SIGKILL');
		} catch {
			// gone already
		}
		return new Promise((resolvePromise) => (life.child.exitCode !== null || life.child.signalCode !== null ? resolvePromise() : life.child.once('exit', resolvePromise)));
	}

	return {
		lives,
		get current() {
			return current;
		},
		start,
		kill,
		next,
		/** Calls `watcher` with every line of n8n's log until the function returned is called. */
		watchLines: (watcher) => (lineWatchers.add(watcher), () => lineWatchers.delete(watcher)),
		/** The proxy reports each request and answer of the live n8n. */
		request: (info) => current && !current.killedAt && (current.requests++, notify({ kind: 'request', ...info })),
		answer({ body, ...info }) {
			if (!current || current.killedAt) return;
			current.answers.push({ api: info.api, path: info.path.split('?')[0], at: Date.now(), keys: answerKeys(info.api, body, info.path) });
			notify({ kind: 'answer', ...info });
		},
		async stopCleanly() {
			const n8n = await current.ready;
			await n8n?.stop();
			await new Promise((resolvePromise) => stream.end(resolvePromise));
		},
		log,
	};
}

/**
 * The moments a kill lands at, in a seeded order:
 *   afterEmit   0–300 ms after a trigger handed items to n8n;
 *   duringRead  while a request of a poll is being answered (the answer waits for the kill);
 *   afterAnswer 0–300 ms after a poll's request was answered;
 *   starting    2–7 s after the start, while n8n starts and activates the workflows;
 *   random      2–15 s after n8n is ready.
 */
export function killPlan(rng, count) {
	const kinds = ['afterEmit', 'duringRead', 'afterAnswer', 'starting', 'random'];
	const weights = { afterEmit: 0.3, duringRead: 0.2, afterAnswer: 0.2, starting: 0.12, random: 0.18 };
	const plan = [];
	for (const kind of kinds) for (let i = 0; i < Math.round(weights[kind] * count); i++) plan.push(kind);
	while (plan.length < count) plan.push('afterEmit');
	for (let i = plan.length - 1; i > 0; i--) {
		const j = rng.int(0, i);
		[plan[i], plan[j]] = [plan[j], plan[i]];
	}
	return plan.slice(0, count);
}

/** Waits for the moment `kind` in the current life, then kills it. Returns what happened. */
export async function killAtMoment(lives, kind, rng, held) {
	let life = lives.current;
	if (kind === 'starting') {
		await sleep(rng.int(2000, 7000));
		life = lives.current;
	} else {
		await life.ready;
		life = lives.current;
		if (kind === 'random') await sleep(rng.int(2000, 15_000));
		if (kind === 'afterEmit' || kind === 'afterAnswer') {
			const event = await lives.next((e) => e.kind === (kind === 'afterEmit' ? 'emit' : 'answer'));
			if (!event) life.timedOut = true;
			await sleep(rng.int(0, 300));
		}
		if (kind === 'duringRead') {
			const skip = rng.int(0, 2);
			const event = await held.arm(skip);
			if (!event) life.timedOut = true;
		}
	}
	await lives.kill(life, kind);
	held.release();
	return life;
}
