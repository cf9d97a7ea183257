/**
 * Every field of an item checked before the first refusal is reported: one run names every
 * invalid field, each on its own line, the first in the title (README, Operations: "Bad input
 * never reaches the service"). Only the node's own refusals are collected; any other error (an
 * expression that fails, a binary file that cannot be read, a bug) is thrown on at once with its
 * own message, never relabelled as a refusal of a field.
 */
import type { NodeOperationError } from 'n8n-workflow';

import type { ValidationContext } from './describe';
import { fieldRefusal, isFieldRefusal, notARefusal } from './refusals';

export interface FieldChecks {
	/**
	 * What `read` returns; when it refuses its field, the refusal is kept and `undefined` stands
	 * in. Nothing read may be used before `done()`, which fails when anything was refused.
	 */
	read<T>(read: () => T): T;
	/** The same for a read that waits (a receipt's file). */
	readAsync<T>(read: () => Promise<T>): Promise<T>;
	/** Keeps a refusal found between fields (a range whose start is after its end). */
	refuse(refusal: NodeOperationError): void;
	/** Fails once with every refusal kept, in the order read; nothing when all fields passed. */
	done(): void;
}

/** Each refusal on a line of the error's description, with its own description when it has one. */
const lines = (refusals: NodeOperationError[]) =>
	refusals.map((refusal) => (refusal.description ? `${refusal.message}: ${refusal.description}` : refusal.message)).join('\n');

export function fieldChecks(context: ValidationContext, itemIndex: number | undefined): FieldChecks {
	const refusals: NodeOperationError[] = [];
	const keepRefusal = (error: unknown) => {
		if (!isFieldRefusal(error)) throw notARefusal(context.getNode(), error, itemIndex);
		refusals.push(error);
	};
	return {
		read<T>(read: () => T): T {
			try {
				return read();
			} catch (error) {
				keepRefusal(error);
				return undefined as T;
			}
		},
		async readAsync<T>(read: () => Promise<T>): Promise<T> {
			try {
				return await read();
			} catch (error) {
				keepRefusal(error);
				return undefined as T;
			}
		},
		refuse: keepRefusal,
		done() {
			if (refusals.length === 0) return;
			const [first] = refusals;
			if (refusals.length === 1) throw first;
			const title = `${first.message} (and ${refusals.length - 1} more: see below)`;
			throw fieldRefusal(context, itemIndex, title, lines(refusals));
		},
	};
}
