// Handler results and the two interfaces' error shapes.

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
	/** Sent as is instead of `body` as JSON, for answers that are not (valid) JSON; headers give its Content-Type. */
	text?: string;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
	return { status, body, headers };
}

/** Partner interface errors: Admitad-style OAuth errors and Django REST framework style details. */
export const partnerError = {
	notFound: (): Reply => json(404, { detail: 'Not found.' }),
	invalidToken: (): Reply =>
		json(401, { error: 'invalid_token', error_description: 'The access token provided is invalid.', error_code: 1 }),
	insufficientScope: (): Reply =>
		json(403, {
			error: 'insufficient_scope',
			error_description: 'The request requires higher privileges than provided by the access token.',
			error_code: 3,
		}),
	agreementNotAccepted: (): Reply =>
		json(403, { detail: 'You have to accept the user agreement of the lost orders tool before using it.' }),
	/** Worded as the service's public docs show it; the service sends it with 503. */
	requestLimitExceeded: (status = 503): Reply =>
		json(status, {
			error: 'request_limit_exceeded',
			error_description: 'The maximum number of requests for the period expired',
			error_code: 4,
		}),
	methodNotAllowed: (method: string, allowed: string[]): Reply =>
		json(405, { detail: `Method "${method}" not allowed.` }, { Allow: allowed.join(', ') }),
	validation: (errors: Record<string, string[]>): Reply => json(400, errors),
	internal: (): Reply => json(500, { detail: 'A server error occurred.' }),
};

const FAULT_DETAILS: Record<number, string> = {
	429: 'Request was throttled.',
	500: 'A server error occurred.',
	502: 'Bad Gateway',
	503: 'Service temporarily unavailable, try again later.',
	504: 'Gateway Timeout',
};

export function partnerFault(status: number): Reply {
	return json(status, { detail: FAULT_DETAILS[status] ?? 'Error' });
}

const CLICK_TITLES: Record<number, string> = {
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'The requested path cannot be served',
	405: 'Method Not Allowed',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

export interface ClickErrorObject {
	status: string;
	title: string;
	code: string;
	meta?: { property: string };
}

/** Click interface error object: status as string, code "0" + status (e.g. "0401"). */
export function clickErrorObject(status: number, title?: string): ClickErrorObject {
	return { status: String(status), title: title ?? CLICK_TITLES[status] ?? 'Error', code: String(status).padStart(4, '0') };
}

export function clickError(status: number, headers?: Record<string, string>): Reply {
	return json(status, { errors: [clickErrorObject(status)] }, headers);
}

/** 400 of the click interface: code 1000 and the offending property in meta. */
export function clickBadRequest(errors: Array<{ property: string; title: string }>): Reply {
	return json(400, {
		errors: errors.map((e) => ({ status: '400', title: e.title, code: '1000', meta: { property: e.property } })),
	});
}
