/**
 * One request through n8n's helper, on either n8n line the package supports (README,
 * "Compatibility"): the options in n8n 2.x's form, and the answer, or what was thrown when there
 * is none, read the same way from both.
 */
import type { ICredentialsDecrypted, IExecuteFunctions, IHttpRequestOptions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/** Every node context that may talk to the services. */
export type TransportContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/**
 * n8n 2.x's form of `ignoreHttpStatusErrors`: ignore every status but those listed. The last 1.x
 * line's types know only a boolean, and its runtime reads any truthy value as "ignore every
 * status" (README, "Compatibility"); `apiExchange` handles both.
 */
interface StatusErrorsExcept {
	ignore: true;
	except: number[];
}

/** The request options as this package builds them, in n8n 2.x's form on either line. */
export type RequestOptions = Omit<IHttpRequestOptions, 'ignoreHttpStatusErrors'> & {
	ignoreHttpStatusErrors?: boolean | StatusErrorsExcept;
};

const NETWORK_CODE = /^(E[A-Z_]+|UND_ERR_[A-Z_]+|ERR_[A-Z_]+)$/;

/**
 * The error's network code (ECONNRESET, ETIMEDOUT, ...), looked up along its cause chain. n8n 1.x
 * wraps it in an error whose own `cause` hides the original and puts the code in `httpCode`.
 */
export function networkCode(error: unknown): string | undefined {
	let current = error as { code?: unknown; httpCode?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		for (const code of [current.code, current.httpCode]) if (typeof code === 'string' && NETWORK_CODE.test(code)) return code;
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
 * One request through n8n's helper: the answer, or what was thrown when there is none. With
 * `loadedCredentials`, n8n authenticates with those values instead of reading the credential again.
 */
export async function send(
	context: TransportContext,
	credentialType: string,
	options: RequestOptions,
	loadedCredentials?: ICredentialsDecrypted,
): Promise<{ response?: FullResponse; thrown?: unknown }> {
	// Handed over as is: on 2.x this is IHttpRequestOptions; 1.x's types would refuse the `except`
	// form its runtime reads as `true` (see StatusErrorsExcept).
	const sent = { ...options } as IHttpRequestOptions;
	const credentialOptions = loadedCredentials ? { credentialsDecrypted: loadedCredentials } : undefined;
	try {
		return {
			response: (await context.helpers.httpRequestWithAuthentication.call(context, credentialType, sent, credentialOptions)) as FullResponse,
		};
	} catch (error) {
		return { response: thrownHttpResponse(error), thrown: error };
	}
}
