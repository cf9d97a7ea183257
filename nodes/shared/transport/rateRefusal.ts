// What the transport does when the service refuses a request for its rate: hold the account, lower
// this instance's share, and how long a GET may wait for the pause the service names.
import type { Account } from './account';
import type { FullResponse, TransportContext } from './send';
import { MAX_RETRY_AFTER_MS } from './retry';

/** A refusal from a window names the pause in whole seconds, rounded up. */
const WINDOW_WAIT_MARGIN_MS = 5_000;
/** How long to hold every request of an account after a refusal for rate that named no pause. */
const DEFAULT_RATE_PAUSE_MS = 1000;

/**
 * The service refused a request for its rate: every request of the account waits as asked, and
 * this instance's share of the credential's limits drops (adaptiveShare.ts).
 */
export function slowDown(
	context: TransportContext,
	account: Account,
	response: FullResponse,
	retryAfterMs: number | undefined,
	sentAt: number,
) {
	const { schedule } = account.pacer;
	const wasFull = schedule.shareOfLimits >= 1;
	const lowered = schedule.refused(Date.now(), retryAfterMs ?? DEFAULT_RATE_PAUSE_MS, sentAt);
	if (lowered && wasFull) {
		context.logger.warn(
			`${account.profile.credentialLabel}: the service refused a request for its rate (HTTP ${response.statusCode}); this account's requests wait as asked and go at a share of the credential's limits (1/2, then 1/3, ... as refusals go on), growing back after a minute of answers. If this repeats, lower "Max Requests per Second"; with several n8n instances on one key (queue mode), set each limit to this instance's share (README, Scaling).`,
		);
	}
}

/**
 * The longest pause a GET waits for when the service asks: for an account with a longer window
 * (the click report's 5 minutes), that window, as its own pacer would wait too; a refusal from
 * it means other n8n instances share the key (docs/scaling.md).
 */
export function longestWaitMs(account: Account): number {
	const windowMs = account.limits.window?.windowMs ?? 0;
	return Math.max(MAX_RETRY_AFTER_MS, windowMs + WINDOW_WAIT_MARGIN_MS);
}
