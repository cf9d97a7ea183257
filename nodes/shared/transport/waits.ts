/**
 * Waits a user should hear of. A run that waits for the service's limits (100 click requests per
 * 5 minutes) shows only a spinner in the editor; so a wait of more than a few seconds is said
 * before it starts (n8n's log, and the browser console of a manual run, which is where n8n lets a
 * node speak to the editor), and the run's waits are left as a hint on the node's output
 * (README, "How the nodes behave").
 */
import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

import type { Account } from './account';
import type { TransportContext } from './send';
import type { Cause, WaitInterval } from './waitTimes';
import { LONG_WAIT_MS, duration, waitReason, waitSummary } from './waitTimes';

interface RunWaits {
	/** Each request's wait, as an interval of wall time: pages read at once wait at the same time. */
	intervals: WaitInterval[];
	/** The requests told to wait for a slot ahead: a request whose slot had come did not wait its turn. */
	toldToWait: Set<number>;
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
		waits = { intervals: [], toldToWait: new Set(), saidUntil: 0, limits: account.limits, windowBefore: account.pacer.schedule.windowUse(Date.now()) };
		waitsByRun.set(context, waits);
	}
	return waits;
}

let requestsSoFar = 0;

/** A number for one request and its retries, so that the hint counts requests, not waits. */
export function nextRequestNumber(): number {
	return ++requestsSoFar;
}

/**
 * Whether a wait ending at `endsAt` is worth saying: it is long, and it ends well after the last
 * one said (the pages of a Return All that wait for the same window together are said once).
 */
export function worthSaying(expectedMs: number, endsAt: number, saidUntil: number): boolean {
	return expectedMs >= LONG_WAIT_MS && endsAt >= saidUntil + LONG_WAIT_MS;
}

/** Before a request's slot: notes the run's start and who waits, and says a long wait before it begins. */
export function beforeWait(context: TransportContext, account: Account, expectedMs: number, cause: Cause, request: number) {
	const waits = waitsOf(context, account);
	if (expectedMs > 0) waits.toldToWait.add(request);
	const endsAt = Date.now() + expectedMs;
	if (!worthSaying(expectedMs, endsAt, waits.saidUntil)) return;
	waits.saidUntil = endsAt;
	const message = `${context.getNode().name}: waiting ${duration(expectedMs)} ${waitReason(cause, account.limits)}; the run goes on after it`;
	context.logger.info(message);
	const editor = context as Partial<{ sendMessageToUI: (message: string) => void }>;
	if (typeof editor.sendMessageToUI === 'function') editor.sendMessageToUI(message);
}

/**
 * After a wait that ended just now: keeps it, as an interval, among the run's. A request that was
 * not told to wait still measures a millisecond or more (a busy machine, more) between asking for
 * its slot and leaving: that is not kept.
 */
export function afterWait(context: TransportContext, account: Account, waitedMs: number, cause: Cause, request: number) {
	const waits = waitsOf(context, account);
	if (!waits.toldToWait.delete(request) || waitedMs <= 0) return;
	const end = Date.now();
	waits.intervals.push({ start: end - waitedMs, end, cause, request });
}

/** The hint a run that waited long leaves on its output. */
export function waitHints(context: object): NodeExecutionHint[] {
	const waits = waitsByRun.get(context);
	const message = waits && waitSummary(waits.intervals, waits.limits, waits.windowBefore);
	return message ? [{ message, type: 'info', location: 'outputPane' }] : [];
}

/** Leaves the run's hint on the node's output, after all its items ran. */
export function addWaitHints(context: IExecuteFunctions) {
	const hints = waitHints(context);
	if (hints.length && typeof context.addExecutionHints === 'function') context.addExecutionHints(...hints);
}
