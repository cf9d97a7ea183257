import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { describeBody, isRateLimitAnswer, readServerProblems } from './answers';
import type { ServerProblem } from './answers';
import type { ApiProfile } from './apis';
import { needsLostOrdersAgreement, requiredPartnerRight } from './apis';

/** Removes every known secret, and anything that looks like an Authorization value, from text. */
export class Redactor {
	private readonly secrets: string[];

	constructor(secrets: unknown[]) {
		this.secrets = secrets
			.filter((value): value is string => typeof value === 'string' && value.length >= 4)
			.sort((a, b) => b.length - a.length);
	}

	text(value: string): string {
		let result = value.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***');
		for (const secret of this.secrets) result = result.split(secret).join('***');
		return result;
	}

	value<T>(value: T): T {
		if (typeof value === 'string') return this.text(value) as T;
		if (Array.isArray(value)) return value.map((entry) => this.value(entry)) as T;
		if (value !== null && typeof value === 'object') {
			const copy: IDataObject = {};
			for (const [key, entry] of Object.entries(value as IDataObject)) copy[key] = this.value(entry);
			return copy as T;
		}
		return value;
	}
}

export function describeProblems(problems: ServerProblem[]): string {
	return problems
		.map((problem) => (problem.field ? `${problem.field}: ${problem.message}` : problem.message))
		.join('; ');
}

/** A refused field in the words of the node's panel ("Program ID"), or the service's own name. */
/** A field as the panel names it; a list's entry (`languageCodes[0]`, `languageCodes.0`) by its list's name. */
const fieldLabel = (api: ApiProfile, field: string) => api.fieldLabels?.[field] ?? api.fieldLabels?.[field.replace(/(\[\d*\]|\.\d+)$/, '')] ?? field;

/** What a 400 says about each field, named once, as the panel names it. */
function explain400(api: ApiProfile, request: string, problems: ServerProblem[]): Explained {
	const named = problems.filter((problem): problem is Required<ServerProblem> => problem.field !== undefined);
	if (!named.length) {
		return {
			message: `The service refused the request: ${describeProblems(problems) || 'bad request'}`,
			description: `Fix the parameters and run the node again. Request: ${request}`,
		};
	}
	const labels = [...new Set(named.map((problem) => fieldLabel(api, problem.field)))];
	const sentAs = [...new Set(named.map((problem) => problem.field))];
	return {
		message: `The service refused ${named.map((problem) => `"${fieldLabel(api, problem.field)}": ${problem.message}`).join('; ')}`,
		description: `Fix ${labels.map((label) => `"${label}"`).join(', ')} and run the node again (sent as ${sentAs.join(', ')} in ${request}).`,
	};
}

export interface HttpFailure {
	method: string;
	path: string;
	status: number;
	body: unknown;
	attempts: number;
	/** The record a 404 means is missing, in the user's words. */
	notFound?: string;
}

interface Explained {
	message: string;
	description: string;
}

function explain403(api: ApiProfile, method: string, path: string, said: string): Explained {
	if (api.name !== 'partner') {
		return {
			message: 'Access denied (HTTP 403): the key has no access to this report',
			description: said ? `The service said: ${said}` : 'Check that the public key belongs to the right account.',
		};
	}
	if (/agreement/i.test(said)) {
		return {
			message: 'Access denied (HTTP 403): the user agreement of the lost orders tool has not been accepted',
			description: `Accept the user agreement in the lost orders section of your publisher account, then run the node again. The service said: ${said}`,
		};
	}
	const right = requiredPartnerRight(method, path);
	let description = `Request a token with the "${right}" scope (the Scopes field of the credential, or when you create the token).`;
	if (needsLostOrdersAgreement(path)) {
		description +=
			' The lost orders tool is for cashback and loyalty services, and its user agreement must be accepted in your publisher account.';
	}
	if (said) description += ` The service said: ${said}`;
	return { message: `Access denied (HTTP 403): this operation needs the "${right}" right on the token`, description };
}

/** The message and description of an HTTP failure, by its status and the service's error code. */
function explain(api: ApiProfile, failure: HttpFailure, problems: ServerProblem[]): Explained {
	const { status, method, path } = failure;
	const said = describeProblems(problems);
	const request = `${method} ${path}`;
	const retried = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
	if (status === 400) return explain400(api, request, problems);
	if (status === 401) {
		return {
			message: `The ${api.credentialLabel} credentials were refused (HTTP 401)`,
			description:
				(api.name === 'partner'
					? 'Check the access token, or the client ID and client secret, in the credential. An expired or revoked token also gives this answer.'
					: 'Check the public key in the credential.') + (said ? ` The service said: ${said}` : ''),
		};
	}
	if (status === 403) return explain403(api, method, path, said);
	if (status === 404) {
		if (failure.notFound) {
			return {
				message: `${failure.notFound} was not found (HTTP 404)`,
				description: `Check the ID, and that the credential belongs to the account that has it. Request: ${request}${said ? `; the service said: ${said}` : ''}`,
			};
		}
		return {
			message: `Not found (HTTP 404): ${said || request}`,
			description: `Check the ID in the request ${request}, and the Base URL of the credential.`,
		};
	}
	if (isRateLimitAnswer(status, failure.body)) {
		return {
			message: `The service is limiting the request rate (HTTP ${status}) on ${request}${retried}`,
			description: `The node slowed down and waited as the service asked, but it kept refusing. Lower "Max Requests per Second" in the ${api.credentialLabel} credential (with several n8n instances on one key, to each instance's share), or run the workflow later.${said ? ` The service said: ${said}` : ''}`,
		};
	}
	if (status >= 500) {
		return {
			message: `The service failed (HTTP ${status}) on ${request}${retried}${said ? `: ${said}` : ''}`,
			description: 'This is a problem on the service side. Try again later.',
		};
	}
	return { message: `The service answered HTTP ${status} on ${request}${said ? `: ${said}` : ''}`, description: `Request: ${request}` };
}

/** Turns an HTTP failure into an error a user can act on, free of secrets. */
export function httpFailureToError(
	node: INode,
	api: ApiProfile,
	failure: HttpFailure,
	redactor: Redactor,
	itemIndex?: number,
): NodeApiError {
	const { message, description } = explain(api, failure, readServerProblems(failure.body));
	const body = typeof failure.body === 'string' ? describeBody(failure.body) : failure.body;
	const response = redactor.value({
		status: failure.status,
		method: failure.method,
		path: failure.path,
		body: body as IDataObject,
	}) as unknown as JsonObject;
	return new NodeApiError(node, response, {
		message: redactor.text(message),
		description: redactor.text(description),
		httpCode: String(failure.status),
		itemIndex,
	});
}

export interface BrokenAnswer {
	method: string;
	path: string;
	status: number;
	body: unknown;
	/** What the endpoint promises, e.g. "a list of lost orders". */
	promised: string;
	/** What is wrong with it. */
	violation: string;
	attempts: number;
}

/**
 * A 2xx answer that is not in the shape its endpoint promises: an error, never data. JSON is
 * named by what is wrong in it; anything else (an HTML page, cut-off text) by what it is.
 */
export function brokenAnswerToError(node: INode, broken: BrokenAnswer, redactor: Redactor, itemIndex?: number): NodeApiError {
	const request = `${broken.method} ${broken.path}`;
	const retried = broken.attempts > 1 ? ` (${broken.attempts} attempts)` : '';
	const isJson = broken.body !== null && typeof broken.body === 'object';
	const message = isJson
		? `${request} answered HTTP ${broken.status}, but not with ${broken.promised}: ${broken.violation}${retried}`
		: `${request} answered HTTP ${broken.status} with ${describeBody(broken.body)} instead of ${broken.promised}${retried}`;
	const created =
		broken.method === 'POST'
			? ' The service may have created the record all the same: check the list before you send it again. A create is never sent twice automatically.'
			: ' Nothing was output from it.';
	return new NodeApiError(
		node,
		redactor.value({ status: broken.status, method: broken.method, path: broken.path, problem: broken.violation }) as JsonObject,
		{
			message: redactor.text(message),
			description: redactor.text(
				`The answer (${describeBody(broken.body)}) does not keep what this endpoint promises: ${broken.violation}.${created} A proxy, a captive portal or a fault of the service usually causes this: check the Base URL of the credential, or run the workflow again later.`,
			),
			httpCode: String(broken.status),
			itemIndex,
		},
	);
}

/** A redirect the transport will not follow, because the credential would go with it. */
export function redirectRefusedError(
	node: INode,
	refused: { method: string; path: string; status: number; target: string; reason: string },
	redactor: Redactor,
	itemIndex?: number,
): NodeApiError {
	return new NodeApiError(
		node,
		redactor.value({ status: refused.status, method: refused.method, path: refused.path, redirectedTo: refused.target }) as JsonObject,
		{
			message: redactor.text(`${refused.method} ${refused.path} was redirected to ${refused.target} (HTTP ${refused.status}), which was not followed`),
			description: redactor.text(`${refused.reason} Check the Base URL of the credential.`),
			httpCode: String(refused.status),
			itemIndex,
		},
	);
}

/** A failure without an HTTP answer: connection reset, timeout, token request failure. */
export function transportFailureToError(
	node: INode,
	failure: { method: string; path: string; code?: string; message: string; attempts: number },
	redactor: Redactor,
	itemIndex?: number,
): NodeApiError {
	const retried = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
	const message = failure.code
		? `The connection to the service failed (${failure.code}) on ${failure.method} ${failure.path}${retried}`
		: `The request could not be completed${retried}: ${failure.message}`;
	return new NodeApiError(
		node,
		redactor.value({ method: failure.method, path: failure.path, code: failure.code ?? null }) as JsonObject,
		{
			message: redactor.text(message),
			description: redactor.text(`${failure.method} ${failure.path}: ${failure.message}`),
			itemIndex,
		},
	);
}
