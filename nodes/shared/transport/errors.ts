import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

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

interface FieldProblem {
	field?: string;
	message: string;
}

/** Reads what the server said, whatever its error shape. */
export function readServerProblems(body: unknown): FieldProblem[] {
	if (typeof body === 'string') return body.trim() ? [{ message: body.trim().slice(0, 500) }] : [];
	if (body === null || typeof body !== 'object') return [];
	const data = body as IDataObject;

	// Click interface: {errors: [{status, title, code, meta: {property}}]}
	if (Array.isArray(data.errors)) {
		return (data.errors as IDataObject[]).map((error) => ({
			field: (error?.meta as IDataObject | undefined)?.property as string | undefined,
			message: String(error?.title ?? error?.code ?? 'error'),
		}));
	}
	// Partner interface, OAuth style: {error, error_description, error_code}
	if (typeof data.error === 'string' || typeof data.error_description === 'string') {
		return [{ message: String(data.error_description ?? data.error) }];
	}
	// Partner interface, plain detail: {detail}
	if (typeof data.detail === 'string') return [{ message: data.detail }];
	// Partner interface, validation: {field: ["message", ...], ...}
	const problems: FieldProblem[] = [];
	for (const [field, messages] of Object.entries(data)) {
		if (Array.isArray(messages)) {
			problems.push({ field: field === 'non_field_errors' ? undefined : field, message: messages.join(' ') });
		} else if (typeof messages === 'string') {
			problems.push({ field, message: messages });
		}
	}
	return problems;
}

function describeProblems(problems: FieldProblem[]): string {
	return problems
		.map((problem) => (problem.field ? `${problem.field}: ${problem.message}` : problem.message))
		.join('; ');
}

export interface HttpFailure {
	method: string;
	path: string;
	status: number;
	body: unknown;
	attempts: number;
}

/** Turns an HTTP failure into an error a user can act on, free of secrets. */
export function httpFailureToError(
	node: INode,
	api: ApiProfile,
	failure: HttpFailure,
	redactor: Redactor,
	itemIndex?: number,
): NodeApiError {
	const { status, method, path } = failure;
	const problems = readServerProblems(failure.body);
	const said = describeProblems(problems);
	const retried = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
	let message: string;
	let description: string;

	if (status === 400) {
		const fields = problems.filter((problem) => problem.field).map((problem) => problem.field);
		message = fields.length
			? `The service refused the value of ${fields.map((field) => `"${field}"`).join(', ')}: ${said}`
			: `The service refused the request: ${said || 'bad request'}`;
		description = `Fix the parameter named above and run the node again. Request: ${method} ${path}`;
	} else if (status === 401) {
		message = `The ${api.credentialLabel} credentials were refused (HTTP 401)`;
		description =
			api.name === 'partner'
				? 'Check the access token, or the client ID and client secret, in the credential. An expired or revoked token also gives this answer.'
				: 'Check the public key in the credential.';
		if (said) description += ` The service said: ${said}`;
	} else if (status === 403) {
		const right = requiredPartnerRight(method, path);
		const agreement = needsLostOrdersAgreement(path);
		const agreementProblem = /agreement/i.test(said);
		if (api.name !== 'partner') {
			message = 'Access denied (HTTP 403): the key has no access to this report';
			description = said ? `The service said: ${said}` : 'Check that the public key belongs to the right account.';
		} else if (agreementProblem) {
			message = 'Access denied (HTTP 403): the user agreement of the lost orders tool has not been accepted';
			description = `Accept the user agreement in the lost orders section of your publisher account, then run the node again. The service said: ${said}`;
		} else {
			message = `Access denied (HTTP 403): this operation needs the "${right}" right on the token`;
			description = `Request a token with the "${right}" scope (the Scopes field of the credential, or when you create the token).`;
			if (agreement) {
				description +=
					' The lost orders tool is for cashback and loyalty services, and its user agreement must be accepted in your publisher account.';
			}
			if (said) description += ` The service said: ${said}`;
		}
	} else if (status === 404) {
		message = `Not found (HTTP 404): ${said || `${method} ${path}`}`;
		description = `Check the ID in the request ${method} ${path}, and the Base URL of the credential.`;
	} else if (status === 429 || (status === 503 && /limit/i.test(said))) {
		message = `The service is limiting the request rate (HTTP ${status})${retried}`;
		description = `Lower "Max Requests per Second" in the ${api.credentialLabel} credential, or run the workflow later.${said ? ` The service said: ${said}` : ''}`;
	} else if (status >= 500) {
		message = `The service failed (HTTP ${status})${retried}${said ? `: ${said}` : ''}`;
		description = 'This is a problem on the service side. Try again later.';
	} else {
		message = `The service answered HTTP ${status}${said ? `: ${said}` : ''}`;
		description = `Request: ${method} ${path}`;
	}

	const response = redactor.value({
		status,
		method,
		path,
		body: failure.body as IDataObject,
	}) as unknown as JsonObject;
	return new NodeApiError(node, response, {
		message: redactor.text(message),
		description: redactor.text(description),
		httpCode: String(status),
		itemIndex,
	});
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
		? `The connection to the service failed (${failure.code})${retried}`
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
