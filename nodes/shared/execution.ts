import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeError, NodeOperationError } from 'n8n-workflow';

import { fieldRefusal, readBoolean, received } from './validation';

/** One operation's work for one input item. */
export type ItemOperation = (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;

/** Records as output items, each paired with the input item that asked for it. */
export function toItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * Reads Return All and Limit: `undefined` means all. Return All is a boolean or the text true or
 * false (the text "false" is not all); Limit is a number, or text of a whole number.
 */
export function readLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (readBoolean(context, itemIndex, 'Return All', context.getNodeParameter('returnAll', itemIndex, false))) return undefined;
	const value = context.getNodeParameter('limit', itemIndex, 50) as unknown;
	const text = typeof value === 'string' ? value.trim() : '';
	const limit = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(limit) || limit < 1) {
		throw fieldRefusal(context, itemIndex, `Limit must be a whole number of at least 1, ${received(value)}`);
	}
	return limit;
}

/**
 * Runs an operation once per input item. With "Continue On Fail", a failed item becomes an
 * error item paired with its input and the others go on.
 */
export async function runPerItem(
	context: IExecuteFunctions,
	operation: ItemOperation,
): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			// A loop, not push(...): a spread of 150,000 items overflows the call stack.
			for (const item of await operation.call(context, itemIndex)) output.push(item);
		} catch (error) {
			output.push(failedItem(context, error, itemIndex));
		}
	}
	return [output];
}

/**
 * What an item's failure becomes: with "Continue On Fail", an error item paired with its input, so
 * that the others go on; otherwise the error, naming the item, thrown.
 */
export function failedItem(context: IExecuteFunctions, error: unknown, itemIndex: number): INodeExecutionData {
	if (context.continueOnFail()) {
		const failure = error as { message?: string; description?: string | null; httpCode?: string | null };
		const json: IDataObject = { error: failure.message ?? String(error) };
		if (failure.description) json.description = failure.description;
		if (failure.httpCode) json.httpCode = failure.httpCode;
		return { json, pairedItem: { item: itemIndex } };
	}
	// Every error of an item names it, as n8n's own nodes do: n8n's editor then ends the message
	// with "[item N]" when the node had several input items. n8n's own errors (a credential
	// not set, say) come without it.
	if (error instanceof NodeError && error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
	// Both constructors hand back an error that already is one of theirs, unchanged.
	if (error instanceof NodeApiError) throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
	throw new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}
