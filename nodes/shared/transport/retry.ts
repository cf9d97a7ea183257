/** When a failed request may be sent again, and how long to wait first. */

export const MAX_ATTEMPTS = 5;
/**
 * A GET refused for rate is tried this often: with several n8n instances on one key
 * (docs/scaling.md), a refusal is the key's share being found, not the service failing, and each one
 * holds the account's requests as long as the service asks and lowers this instance's share.
 */
export const MAX_ATTEMPTS_REFUSED_FOR_RATE = 10;
const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** A server that asks for a longer pause than this gets an error instead of a stalled workflow. */
export const MAX_RETRY_AFTER_MS = 120_000;

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'UND_ERR_SOCKET',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
]);

export function isRetryableStatus(status: number): boolean {
	return RETRYABLE_STATUSES.has(status);
}

export function isRetryableNetworkCode(code: string | undefined): boolean {
	return code !== undefined && RETRYABLE_NETWORK_CODES.has(code);
}

/** `Retry-After` as milliseconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' && typeof text !== 'number') return undefined;
	const trimmed = String(text).trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
	const date = Date.parse(trimmed);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Exponential backoff with jitter. When the server named a pause, wait at least that long; the
 * jitter on top keeps parallel callers from coming back in the same instant.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined): number {
	const exponential = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
	const jittered = exponential / 2 + Math.random() * (exponential / 2);
	if (retryAfterMs === undefined) return Math.round(jittered);
	return Math.round(retryAfterMs + Math.random() * Math.min(250, jittered / 4));
}
