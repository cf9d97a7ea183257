/**
 * Every field of an item checked before the first refusal is reported: one run names every
 * invalid field, each on its own line, the first in the title (README, Operations: "Bad input
 * never reaches the service").
 */
import { NodeOperationError } from 'n8n-workflow';

import type { ValidationContext } from './describe';

export interface FieldChecks {
	/**
	 * What `read` returns; when it refuses its field, the refusal is kept and `undefined` stands
	 * in. Nothing read may be used before `done()`, which fails when anything was refused.
	 */
	read<T>(read: () => T): T;
	/** The same for a read that waits (a receipt's file). */
	readAsync<T>(read: () => Promise<T>): Promise<T>;
	/** Keeps a refusal found between fields (a range whose start is after its end). */
	refuse(refusal: Error): void;
	/** Fails once with every refusal kept, in the order read; nothing when all fields passed. */
	done(): void;
}

/** The message of each refusal, for the error's description: one line each. */
const lines = (refusals: Error[]) => refusals.map((refusal) => refusal.message).join('\n');

export function fieldChecks(context: ValidationContext, itemIndex: number | undefined): FieldChecks {
	const refusals: Error[] = [];
	const keep = (error: unknown) => {
		refusals.push(error instanceof Error ? error : new Error(String(error)));
	};
	return {
		read<T>(read: () => T): T {
			try {
				return read();
			} catch (error) {
				keep(error);
				return undefined as T;
			}
		},
		async readAsync<T>(read: () => Promise<T>): Promise<T> {
			try {
				return await read();
			} catch (error) {
				keep(error);
				return undefined as T;
			}
		},
		refuse: keep,
		done() {
			if (refusals.length === 0) return;
			const [first] = refusals;
			if (refusals.length === 1 && first instanceof NodeOperationError) throw first;
			const more = refusals.length - 1;
			throw new NodeOperationError(context.getNode(), more ? `${first.message} (and ${more} more: see below)` : first.message, {
				itemIndex,
				description: lines(refusals),
			});
		},
	};
}
