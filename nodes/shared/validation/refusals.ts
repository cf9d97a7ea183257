/**
 * A refusal is the node's own verdict on a field's value, made before anything is sent. Only
 * refusals are collected by `fieldChecks`: an expression that fails, a missing binary file or a
 * plain bug is another kind of error and keeps its own message.
 */
import type { INode } from 'n8n-workflow';
import { ExecutionBaseError, NodeOperationError } from 'n8n-workflow';

import type { ValidationContext } from './describe';

/** The refusals made here; a WeakSet keeps n8n's own error class, which n8n shows and stores by name. */
const refusals = new WeakSet<Error>();

/** A refusal worded in full, for a field whose message is not the usual `Invalid "<field>": <rule>`. */
export function fieldRefusal(context: ValidationContext, itemIndex: number | undefined, message: string, description?: string): NodeOperationError {
	const refusal = new NodeOperationError(context.getNode(), message, { itemIndex, description });
	refusals.add(refusal);
	return refusal;
}

/**
 * A NodeOperationError that names the parameter and the rule it broke. `itemIndex` is undefined
 * where there are no items (a poll, a load options call).
 */
export function invalidInput(context: ValidationContext, itemIndex: number | undefined, field: string, rule: string): NodeOperationError {
	return fieldRefusal(context, itemIndex, `Invalid "${field}": ${rule}`);
}

export const isFieldRefusal = (error: unknown): error is NodeOperationError => error instanceof Error && refusals.has(error);

/**
 * An error that is no refusal, to be thrown on as it is: n8n's own errors unchanged (an expression
 * error keeps its class and context), anything else wrapped with its own message.
 */
export function notARefusal(node: INode, error: unknown, itemIndex: number | undefined): Error {
	if (error instanceof ExecutionBaseError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}
