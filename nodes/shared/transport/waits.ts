/**
 * Waits a user should hear of. A run that waits for the service's limits (100 click requests per
 * 5 minutes) shows only a spinner in the editor; so a wait of more than a few seconds is said
 * before it starts (n8n's log, and the browser console of a manual run, which is where n8n lets a
 * node speak to the editor), and the run's waits are left as a hint on the node's output
 * (README, "How the nodes behave").
 */
import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

import type { Account } from './account';
import type { WaitCause } from './rateLimiter';
import type { TransportContext } from './send';

/** A wait this long is said before it starts, and a run that waited this long in all gets a hint. */
export const LONG_WAIT_MS = 5000;

type Cause = WaitCause | 'retry';

interface RunWaits {
	ms: Record<Cause, number>;
	/** When the last wait said before it starts ends: concurrent pages waiting for the same window are said once. */
	saidUntil: number;
	/** How much of the window the 5 minutes before the run's first request had used. */
	windowBefore?: { used: number; of: number };
	limits: Account['limits'];
}

/** Per node run: n8n gives each run its own context object. */
const waitsByRun = new WeakMap<object, RunWaits>();

function waitsOf(context: TransportContext, account: Account): RunWaits {
	let waits = waitsByRun.get(context);
	if (!waits) {
		waits = { ms: { pace: 0, window: 0, held: 0, retry: 0 }, saidUntil: 0, limits: account.limits, windowBefore: account.pacer.schedule.windowUse(Date.now()) };
		waitsByRun.set(context, waits);
	}
	return waits;
}

/** 263000 → `4 min 23 s`; 12400 → `12 s`. */
export function duration(ms: number): string {
	const seconds = Math.round(ms / 1000);
	if (seconds < 60) return `${seconds} s`;
	const rest = seconds % 60;
	return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ''}`;
}

/** What a wait of `cause` is for, in the credential's terms. */
export function waitReason(cause: Cause, limits: Account['limits']): string {
	if (cause === 'window' && limits.window) {
		return `for the service's limit of ${limits.window.requests} requests per ${duration(limits.window.windowMs)}`;
	}
	if (cause === 'held') return 'because the service refused a request for its rate and asked to wait';
	if (cause === 'retry') return 'before trying a failed request again';
	return `at the credential's pace of ${limits.requestsPerSecond} requests per second`;
}

/**
 * Whether a wait ending at `endsAt` is worth saying: it is long, and it ends well after the last
 * one said (the pages of a Return All that wait for the same window together are said once).
 */
export function worthSaying(expectedMs: number, endsAt: number, saidUntil: number): boolean {
	return expectedMs >= LONG_WAIT_MS && endsAt >= saidUntil + LONG_WAIT_MS;
}

/** Before a request's slot: notes the run's start, and says a long wait before it begins. */
export function beforeWait(context: TransportContext, account: Account, expectedMs: number, cause: Cause) {
	const waits = waitsOf(context, account);
	const endsAt = Date.now() + expectedMs;
	if (!worthSaying(expectedMs, endsAt, waits.saidUntil)) return;
	waits.saidUntil = endsAt;
	const message = `${context.getNode().name}: waiting ${duration(expectedMs)} ${waitReason(cause, account.limits)}; the run goes on after it`;
	context.logger.info(message);
	const editor = context as Partial<{ sendMessageToUI: (message: string) => void }>;
	if (typeof editor.sendMessageToUI === 'function') editor.sendMessageToUI(message);
}

/** After a wait: adds it to the run's. */
export function afterWait(context: TransportContext, account: Account, waitedMs: number, cause: Cause) {
	waitsOf(context, account).ms[cause] += waitedMs;
}

/**
 * What a run's waits come to, each cause with its time: the pace, the window, a refusal for rate,
 * a retry. A retry is no limit of the service, so the sum is not said to be for its limits.
 */
export function waitSummary(ms: Record<Cause, number>, limits: Account['limits'], windowBefore?: { used: number; of: number }): string | undefined {
	const total = Object.values(ms).reduce((sum, each) => sum + each, 0);
	if (total < LONG_WAIT_MS) return undefined;
	const parts = (Object.entries(ms) as Array<[Cause, number]>)
		.filter(([, each]) => each >= 1000)
		.sort((a, b) => b[1] - a[1])
		.map(([cause, each]) => {
			const used = cause === 'window' && windowBefore && limits.window ? ` (${windowBefore.used} of them were used in the ${duration(limits.window.windowMs)} before this run)` : '';
			return `${duration(each)} ${waitReason(cause, limits)}${used}`;
		});
	return `This run waited ${duration(total)}: ${parts.join('; ')}.`;
}

/** The hint a run that waited long leaves on its output. */
export function waitHints(context: object): NodeExecutionHint[] {
	const waits = waitsByRun.get(context);
	const message = waits && waitSummary(waits.ms, waits.limits, waits.windowBefore);
	return message ? [{ message, type: 'info', location: 'outputPane' }] : [];
}

/** Leaves the run's hint on the node's output, after all its items ran. */
export function addWaitHints(context: IExecuteFunctions) {
	const hints = waitHints(context);
	if (hints.length && typeof context.addExecutionHints === 'function') context.addExecutionHints(...hints);
}
