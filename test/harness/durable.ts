/**
 * A poll trigger as n8n 2.41 runs it with durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED):
 * each poll gets a copy of the committed node static data through PollContext's
 * `resolveNodeStaticData`, and n8n commits that copy after the poll returned, and only when the
 * poll changed it: with the execution when the poll emitted, at once when it emitted nothing, and
 * never for an activation poll that emitted nothing. Here the test says when, and whether.
 */
import type { IDataObject, INode, INodeCredentials, INodeExecutionData } from 'n8n-workflow';

import { createTrigger } from './run';

export interface DurablePoll {
	output: INodeExecutionData[][] | null;
	/** The emitted items' JSON, none when the poll returned null. */
	items: IDataObject[];
	/** Commits the poll's copy, as n8n's store does (nothing when the poll left it as it was). */
	commit(): void;
}

export interface DurableTrigger {
	/** Starts a poll from a copy of what is committed now. */
	poll(): Promise<DurablePoll>;
	/** The committed node static data. */
	committed(): IDataObject;
	/** The same workflow in a new n8n process: a new workflow id, the committed data as it is. */
	restart(): DurableTrigger;
}

const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const itemsOf = (output: INodeExecutionData[][] | null): IDataObject[] => (output ? output[0].map((item) => item.json) : []);

export function createDurableTrigger(
	parameters: INode['parameters'],
	credentials: INodeCredentials,
	type: 'affiliatePartnerTrigger' | 'clickReportTrigger',
	options: { typeVersion?: number; committed?: IDataObject } = {},
): DurableTrigger {
	const typeVersion = options.typeVersion ?? 1.1;
	const trigger = createTrigger(parameters, credentials, {}, type, typeVersion);
	let committed = copyOf(options.committed ?? {});
	const durable: DurableTrigger = {
		async poll() {
			const startedFrom = JSON.stringify(committed);
			const snapshot = copyOf(committed);
			const output = await trigger.poll({ nodeStaticData: () => snapshot });
			return {
				output,
				items: itemsOf(output),
				commit() {
					if (JSON.stringify(snapshot) !== startedFrom) committed = copyOf(snapshot);
				},
			};
		},
		committed: () => copyOf(committed),
		restart: () => createDurableTrigger(parameters, credentials, type, { typeVersion, committed }),
	};
	return durable;
}
