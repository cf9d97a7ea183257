import type { IDataObject, IHttpRequestMethods, NodeApiError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isRateLimitAnswer } from './answers';
import { longestWaitMs, slowDown } from './rateRefusal';
import type { ApiName } from './apis';
import type { Account } from './account';
import { resolveAccount, redactorFor } from './account';
import { contractViolation } from './answerChecks';
import { afterWait, beforeWait, nextRequestNumber } from './waits';
import { answerTook } from './readAhead';
import { redirectRefusal, redirectTarget } from './redirects';
import type { RequestOptions, TransportContext } from './send';
import { networkCode, send } from './send';
import type { Contract } from './contracts';
import { brokenAnswerToError, httpFailureToError, redirectRefusedError, transportFailureToError } from './errors';
import type { HttpFailure, Redactor } from './errors';
import {
	MAX_ATTEMPTS,
	MAX_ATTEMPTS_REFUSED_FOR_RATE,
	isRetryableNetworkCode,
	isRetryableStatus,
	parseRetryAfter,
	retryDelayMs,
} from './retry';

export interface ApiRequest {
	method: 'GET' | 'POST' | 'PUT';
	/** Path below the credential's base URL, e.g. `/lost_orders/`. */
	path: string;
	/** What a 2xx answer of this endpoint promises (contracts.ts); any other answer is an error. */
	expect: Contract;
	/** Arrays are sent as repeated parameters: `k=1&k=2`. */
	qs?: IDataObject;
	/** A multipart form, or a JSON object sent as JSON. */
	body?: FormData | IDataObject;
	/**
	 * The request changes nothing on the service, whatever its method (the click service's link
	 * resolve is a PUT that only reads): retried as a GET is. A POST never is (README, "Guarantees").
	 */
	idempotent?: boolean;
	/** Used to attach the item to an error, for continueOnFail. */
	itemIndex?: number;
	/** The record a 404 means is missing, in the user's words: `Lost order 123`. */
	notFound?: string;
	/** A 404 answers `null` instead of failing: for a record that may have been removed since it was seen. */
	nullWhenMissing?: boolean;
	/**
	 * The error of a 400 that the parameters cannot have caused, in place of the one naming them: a
	 * page asked with a cursor, whose other parameters the page before it was taken with (cursorList.ts).
	 */
	badRequest?: (failure: HttpFailure, redactor: Redactor) => NodeApiError;
	/** A 400 this accepts answers `null` instead of failing: one the caller asks again about (cursorList.ts, a refused page size). */
	nullWhenRefused?: (failure: HttpFailure) => boolean;
}

const REQUEST_TIMEOUT_MS = 60_000;

/** A JSON body is a plain object; a multipart form is not. */
const isJsonBody = (body: ApiRequest['body']): body is IDataObject =>
	body !== undefined && body !== null && Object.getPrototypeOf(body) === Object.prototype;
export function normalizePath(path: string, trailingSlash: boolean): string {
	const withLeadingSlash = path.startsWith('/') ? path : `/${path}`;
	if (!trailingSlash || withLeadingSlash.endsWith('/')) return withLeadingSlash;
	return `${withLeadingSlash}/`;
}

/** A 2xx answer with what HTTP says about it: its headers, and when it was asked for and came. */
export interface ApiExchange<T> {
	body: T;
	headers: Record<string, unknown>;
	/** Local clock, just before the request that was answered left. */
	sentAt: number;
	/** Local clock, when its answer came. */
	receivedAt: number;
}

/** The answer's body only; see `apiExchange`. */
export async function apiRequest<T = IDataObject>(context: TransportContext, api: ApiName, request: ApiRequest): Promise<T> {
	return (await apiExchange<T>(context, api, request)).body;
}

/** Sleeps before a retry, said first when long, and counted among the run's waits. */
async function waitToRetry(context: TransportContext, account: Account, ms: number, request: number) {
	beforeWait(context, account, ms, 'retry', request);
	await sleep(ms);
	afterWait(context, account, ms, 'retry', request);
}

/**
 * The single door to the network. Paces requests per account, retries what is safe to retry
 * (GET, and a PUT that only reads: a POST that reached the server may have created a record), checks every 2xx answer
 * against its endpoint's contract, keeps the credential on its origin, and turns every failure
 * into a NodeApiError without secrets.
 */
export async function apiExchange<T = IDataObject>(
	context: TransportContext,
	api: ApiName,
	request: ApiRequest,
): Promise<ApiExchange<T>> {
	const { itemIndex, method } = request;
	const account = await resolveAccount(context, api, itemIndex);
	const { profile } = account;
	const node = context.getNode();
	const path = normalizePath(request.path, profile.trailingSlash);
	const contract = request.expect;
	const options: RequestOptions = {
		method: method as IHttpRequestMethods,
		url: `${account.baseUrl}${path}`,
		qs: request.qs,
		arrayFormat: 'repeat',
		headers: profile.headers ? { ...profile.headers } : undefined,
		body: request.body,
		json: true,
		timeout: REQUEST_TIMEOUT_MS,
		returnFullResponse: true,
		// n8n would follow a redirect to any origin with the Authorization header; redirects are
		// handled below instead.
		disableFollowRedirect: true,
		// Only 401 is thrown, so that n8n refreshes an expired token; every other status comes back here.
		ignoreHttpStatusErrors: { ignore: true, except: [401] },
	};
	const mayRetry = method === 'GET' || (request.idempotent === true && method === 'PUT');
	let redirects = 0;
	let renewing = false;
	const requestNumber = nextRequestNumber();

	for (let attempt = 1; ; attempt++) {
		const paced = await account.pacer.acquire((expectedMs, cause) => beforeWait(context, account, expectedMs, cause, requestNumber));
		afterWait(context, account, paced.waitedMs, paced.cause, requestNumber);
		const sentAt = Date.now();
		const { response, thrown } = await send(context, profile.credentialType, renewing ? { ...options, ignoreHttpStatusErrors: false } : options, account.loadedCredentials);
		if (response?.statusCode === 401 && !thrown && !renewing) {
			// n8n 1.x reads any ignoreHttpStatusErrors as "ignore every status": the 401 comes back here
			// and n8n never renews the token. Sent once more with status errors on, n8n renews it.
			renewing = true;
			attempt--;
			continue;
		}
		renewing = false;

		if (response && response.statusCode >= 300 && response.statusCode < 400) {
			const target = redirectTarget(response, String(options.url));
			const refusal = redirectRefusal(target, account, mayRetry, redirects);
			if (refusal === undefined && target) {
				redirects++;
				attempt--;
				// The Location carries its own query.
				options.url = target.href;
				options.qs = undefined;
				continue;
			}
			throw redirectRefusedError(
				node,
				{ method, path, status: response.statusCode, target: target?.origin ?? 'an unreadable location', reason: refusal ?? '' },
				redactorFor(account),
				itemIndex,
			);
		}

		if (response && response.statusCode >= 200 && response.statusCode < 300) {
			const violation = contractViolation(contract, response.body, { qs: request.qs, body: isJsonBody(request.body) ? request.body : undefined });
			if (violation === undefined) {
				account.pacer.schedule.answered(Date.now());
				answerTook(account, Date.now() - sentAt);
				return { body: response.body as T, headers: response.headers, sentAt, receivedAt: Date.now() };
			}
			if (mayRetry && attempt < MAX_ATTEMPTS) {
				await waitToRetry(context, account, retryDelayMs(attempt, undefined), requestNumber);
				continue;
			}
			const broken = { method, path, status: response.statusCode, body: response.body, promised: contract.what, violation, attempts: attempt };
			throw brokenAnswerToError(node, broken, redactorFor(account), itemIndex);
		}

		const code = response ? undefined : networkCode(thrown);
		const retryable = response ? isRetryableStatus(response.statusCode) : isRetryableNetworkCode(code);
		const retryAfterMs = response ? parseRetryAfter(response.headers['retry-after']) : undefined;
		const refusedForRate = response !== undefined && isRateLimitAnswer(response.statusCode, response.body);
		if (refusedForRate) slowDown(context, account, response, retryAfterMs, sentAt);
		const canWait = retryAfterMs === undefined || retryAfterMs <= longestWaitMs(account);
		const attemptsAllowed = refusedForRate ? MAX_ATTEMPTS_REFUSED_FOR_RATE : MAX_ATTEMPTS;
		if (mayRetry && retryable && canWait && attempt < attemptsAllowed) {
			await waitToRetry(context, account, retryDelayMs(attempt, retryAfterMs), requestNumber);
			continue;
		}

		if (response?.statusCode === 404 && request.nullWhenMissing) {
			return { body: null as T, headers: response.headers, sentAt, receivedAt: Date.now() };
		}
		if (response) {
			const failure = { method, path, status: response.statusCode, body: response.body, attempts: attempt, notFound: request.notFound };
			if (failure.status === 400 && request.nullWhenRefused?.(failure)) return { body: null as T, headers: response.headers, sentAt, receivedAt: Date.now() };
			if (failure.status === 400 && request.badRequest) throw request.badRequest(failure, redactorFor(account));
			throw httpFailureToError(node, profile, failure, redactorFor(account), itemIndex);
		}
		const message = (thrown as Error)?.message ?? String(thrown);
		throw transportFailureToError(node, { method, path, code, message, attempts: attempt }, redactorFor(account), itemIndex);
	}
}
