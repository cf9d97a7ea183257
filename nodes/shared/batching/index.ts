/**
 * Operations that answer many input items with few requests (Deeplink → Create, Link → Resolve;
 * README, "Operations"). Every item is read and checked before any request is sent. The values of
 * items that go to the same place (one ad space, program and set of sub IDs) share requests, up to
 * `perRequest` values each, in input order, and each result comes back to its own item.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { failedItem } from '../execution';
import { runPool } from '../transport';

/** One input item's values, and the group whose requests may carry them. */
export interface BatchedItem<Value> {
	group: string;
	values: Value[];
}

/** The values one request carries, with the item each came from. */
export interface Batch<Value> {
	group: string;
	values: Value[];
	itemIndexes: number[];
}

export interface BatchedOperation<Value, Result> {
	/** The most values one request may carry. */
	perRequest: number;
	/** Requests in flight at once; the account's pacer still spaces them. 1 by default. */
	inFlight?: number;
	/** Reads and checks one item; a refusal is a NodeOperationError naming the field. */
	read(itemIndex: number): BatchedItem<Value>;
	/** One request: exactly one result per value, in the values' order, or an error naming the request. */
	send(batch: Batch<Value>): Promise<Result[]>;
	/** The output of one value of an item. */
	output(result: Result, value: Value, itemIndex: number): IDataObject;
}

/** Cuts the items' values into requests: per group in order of first appearance, each at most `perRequest` values. */
export function planBatches<Value>(items: Array<{ itemIndex: number; read: BatchedItem<Value> }>, perRequest: number): Array<Batch<Value>> {
	const byGroup = new Map<string, Array<{ value: Value; itemIndex: number }>>();
	for (const { itemIndex, read } of items) {
		const group = byGroup.get(read.group) ?? [];
		for (const value of read.values) group.push({ value, itemIndex });
		byGroup.set(read.group, group);
	}
	const batches: Array<Batch<Value>> = [];
	for (const [group, entries] of byGroup) {
		for (let start = 0; start < entries.length; start += perRequest) {
			const slice = entries.slice(start, start + perRequest);
			batches.push({ group, values: slice.map((entry) => entry.value), itemIndexes: slice.map((entry) => entry.itemIndex) });
		}
	}
	return batches;
}

/**
 * Runs a batched operation over every input item. With "Continue On Fail", an item refused by
 * its checks, or one of whose requests failed, becomes one error item and the others go on: an
 * item never outputs part of its values. Without it, the first refusal or failure stops the run.
 */
export async function runBatched<Value, Result>(
	context: IExecuteFunctions,
	operation: BatchedOperation<Value, Result>,
): Promise<INodeExecutionData[][]> {
	const itemCount = context.getInputData().length;
	const failures = new Map<number, unknown>();
	const readItems: Array<{ itemIndex: number; read: BatchedItem<Value> }> = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			readItems.push({ itemIndex, read: operation.read(itemIndex) });
		} catch (error) {
			// Thrown here, before any request, unless the run continues on fail.
			failedItem(context, error, itemIndex);
			failures.set(itemIndex, error);
		}
	}

	const results = new Map<number, Result[]>();
	const batches = planBatches(readItems, operation.perRequest);
	// Where each value of a batch sits among its item's values: with several requests in flight, a
	// later batch may be answered first, so results are placed by position, never appended.
	const seen = new Map<number, number>();
	const positions = batches.map((batch) =>
		batch.itemIndexes.map((itemIndex) => {
			const position = seen.get(itemIndex) ?? 0;
			seen.set(itemIndex, position + 1);
			return position;
		}),
	);
	// Without Continue On Fail the first failed request stops the run, but only once the requests
	// already in flight are answered: none may outlive the run. No new one starts meanwhile.
	let stoppedBy: { error: unknown; itemIndex: number } | undefined;
	const tasks = batches.map((batch, batchIndex) => async () => {
		if (stoppedBy) return;
		let answers: Result[];
		try {
			answers = await operation.send(batch);
		} catch (error) {
			if (!context.continueOnFail()) stoppedBy ??= { error, itemIndex: batch.itemIndexes[0] };
			for (const itemIndex of batch.itemIndexes) if (!failures.has(itemIndex)) failures.set(itemIndex, error);
			return;
		}
		batch.itemIndexes.forEach((itemIndex, position) => {
			const kept = results.get(itemIndex) ?? [];
			kept[positions[batchIndex][position]] = answers[position];
			results.set(itemIndex, kept);
		});
	});
	await runPool(tasks, operation.inFlight ?? 1);
	if (stoppedBy) failedItem(context, stoppedBy.error, stoppedBy.itemIndex);

	const output: INodeExecutionData[] = [];
	const readByItem = new Map(readItems.map(({ itemIndex, read }) => [itemIndex, read]));
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		const read = readByItem.get(itemIndex);
		if (failures.has(itemIndex) || read === undefined) {
			output.push(failedItem(context, failures.get(itemIndex), itemIndex));
			continue;
		}
		const answers = results.get(itemIndex) ?? [];
		read.values.forEach((value, position) => {
			output.push({ json: operation.output(answers[position], value, itemIndex), pairedItem: { item: itemIndex } });
		});
	}
	return [output];
}
