import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { ApiName, ApiProfile } from './apis';
import { API_PROFILES } from './apis';
import { Redactor, httpFailureToError, transportFailureToError } from './errors';
import { pacerFor } from './rateLimiter';
import {
	MAX_ATTEMPTS,
	MAX_RETRY_AFTER_MS,
	isRetryableNetworkCode,
	isRetryableStatus,
	parseRetryAfter,
	retryDelayMs,
} from './retry';

/** Every node context that may talk to the services. */
export type TransportContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: 'GET' | 'POST';
	/** Path below the credential's base URL, e.g. `/lost_orders/`. */
	path: string;
	/** Arrays are sent as repeated parameters: `k=1&k=2`. */
	qs?: IDataObject;
	body?: FormData;
	/** Used to attach the item to an error, for continueOnFail. */
	itemIndex?: number;
}

const REQUEST_TIMEOUT_MS = 60_000;

interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

interface ResolvedApi {
	profile: ApiProfile;
	baseUrl: string;
	requestsPerSecond: number;
	redactor: Redactor;
	limiterKey: string;
}

async function resolveApi(context: TransportContext, api: ApiName, itemIndex?: number): Promise<ResolvedApi> {
	const profile = API_PROFILES[api];
	const node = context.getNode();
	const credentials: ICredentialDataDecryptedObject = await context.getCredentials(profile.credentialType);
	const redactor = new Redactor(profile.secretFields.map((field) => credentials[field]));

	const problem = profile.checkCredentials?.(credentials);
	if (problem) throw new NodeOperationError(node, problem, { itemIndex });

	const rawBaseUrl = String(credentials.baseUrl ?? '').trim();
	if (!/^https?:\/\/[^/\s]+/i.test(rawBaseUrl)) {
		throw new NodeOperationError(
			node,
			`The Base URL in the ${profile.credentialLabel} credential must start with http:// or https://`,
			{ itemIndex },
		);
	}
	const baseUrl = rawBaseUrl.replace(/\/+$/, '');
	const rate = Number(credentials.maxRequestsPerSecond);
	const requestsPerSecond = Number.isFinite(rate) && rate > 0 ? rate : profile.defaultRequestsPerSecond;
	const credentialId = node.credentials?.[profile.credentialType]?.id;
	return {
		profile,
		baseUrl,
		requestsPerSecond,
		redactor,
		limiterKey: `${profile.credentialType}:${credentialId ?? baseUrl}`,
	};
}

function normalizePath(path: string, profile: ApiProfile): string {
	const withLeadingSlash = path.startsWith('/') ? path : `/${path}`;
	if (!profile.trailingSlash || withLeadingSlash.endsWith('/')) return withLeadingSlash;
	return `${withLeadingSlash}/`;
}

/** The error's network code (ECONNRESET, ETIMEDOUT, ...), looked up along its cause chain. */
function networkCode(error: unknown): string | undefined {
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.code === 'string' && /^(E[A-Z_]+|UND_ERR_[A-Z_]+|ERR_[A-Z_]+)$/.test(current.code)) {
			return current.code;
		}
		current = current.cause as typeof current;
	}
	return undefined;
}

/** Status and body of an HTTP error thrown by n8n (only 401 is thrown; the rest come back). */
function thrownHttpResponse(error: unknown): FullResponse | undefined {
	const failure = error as {
		httpCode?: string | null;
		cause?: { response?: { status?: number; data?: unknown; headers?: Record<string, unknown> } };
		response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
	};
	const response = failure.cause?.response ?? failure.response;
	const status = response?.status ?? (failure.httpCode ? Number(failure.httpCode) : undefined);
	if (!status || Number.isNaN(status)) return undefined;
	return { statusCode: status, headers: response?.headers ?? {}, body: response?.data };
}

/**
 * The single door to the network. Paces requests per credential, retries what is safe to retry
 * (GET only: a POST that reached the server may have created a record), and turns every failure
 * into a NodeApiError without secrets.
 */
export async function apiRequest<T = IDataObject>(
	context: TransportContext,
	api: ApiName,
	request: ApiRequest,
): Promise<T> {
	const { itemIndex } = request;
	const resolved = await resolveApi(context, api, itemIndex);
	const { profile, redactor } = resolved;
	const node = context.getNode();
	const path = normalizePath(request.path, profile);
	const pacer = pacerFor(resolved.limiterKey, resolved.requestsPerSecond);
	const options: IHttpRequestOptions = {
		method: request.method as IHttpRequestMethods,
		url: `${resolved.baseUrl}${path}`,
		qs: request.qs,
		arrayFormat: 'repeat',
		headers: profile.headers ? { ...profile.headers } : undefined,
		body: request.body,
		json: true,
		timeout: REQUEST_TIMEOUT_MS,
		returnFullResponse: true,
		// Only 401 is thrown, so that n8n refreshes an expired token; every other status comes back here.
		ignoreHttpStatusErrors: { ignore: true, except: [401] },
	};
	const mayRetry = request.method === 'GET';

	for (let attempt = 1; ; attempt++) {
		await pacer.acquire();
		let response: FullResponse | undefined;
		let thrown: unknown;
		try {
			response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				profile.credentialType,
				{ ...options },
			)) as FullResponse;
		} catch (error) {
			thrown = error;
			response = thrownHttpResponse(error);
		}

		if (response && response.statusCode >= 200 && response.statusCode < 300) {
			return response.body as T;
		}

		const code = response ? undefined : networkCode(thrown);
		const retryable = response ? isRetryableStatus(response.statusCode) : isRetryableNetworkCode(code);
		const retryAfterMs = response ? parseRetryAfter(response.headers['retry-after']) : undefined;
		const canWait = retryAfterMs === undefined || retryAfterMs <= MAX_RETRY_AFTER_MS;
		if (mayRetry && retryable && canWait && attempt < MAX_ATTEMPTS) {
			await sleep(retryDelayMs(attempt, retryAfterMs));
			continue;
		}

		if (response) {
			throw httpFailureToError(
				node,
				profile,
				{ method: request.method, path, status: response.statusCode, body: response.body, attempts: attempt },
				redactor,
				itemIndex,
			);
		}
		throw transportFailureToError(
			node,
			{
				method: request.method,
				path,
				code,
				message: (thrown as Error)?.message ?? String(thrown),
				attempts: attempt,
			},
			redactor,
			itemIndex,
		);
	}
}
