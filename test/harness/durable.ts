/**
 * A poll trigger as n8n 2.41 runs it with durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED):
 * each poll gets a copy of the committed node static data through PollContext's
 * `resolveNodeStaticData`, and n8n commits that copy after the poll returned, and only when the
 * poll changed it: with the execution when the poll emitted, at once when it emitted nothing, and
 * never for an activation poll that emitted nothing. Here the test says when, and whether.
 *
 * As in n8n (`trigger-execution-context.factory.js`, `active-workflow-triggers.js`): the first poll
 * of an activation is the activation poll (activation mode `activate`), every later one a
 * scheduled poll (`update`), and after a restart no activation poll runs. Each poll reads the
 * workflow's static data as n8n last saved it, and n8n saves it at the end of the activation
 * (`workflow-trigger-activator.js`) and at every emit.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INode, INodeCredentials, INodeExecutionData, INodeType, WorkflowActivateMode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { nodeTypes } from './nodeTypes';
import { additionalData, createTrigger, workflowData } from './run';

export interface DurablePoll {
	output: INodeExecutionData[][] | null;
	/** The emitted items' JSON, none when the poll returned null. */
	items: IDataObject[];
	/** The activation mode n8n gave the poll. */
	activation: WorkflowActivateMode;
	/** Commits the poll's copy, as n8n's store does (nothing when the poll left it as it was). */
	commit(): void;
}

export interface DurableTrigger {
	/** Starts a poll from a copy of what is committed now. */
	poll(): Promise<DurablePoll>;
	/** The committed node static data. */
	committed(): IDataObject;
	/** The workflow's static data as n8n last saved it. */
	saved(): IDataObject;
	/**
	 * The same workflow in a new n8n process: a new workflow id, the committed data as it is, and
	 * the workflow's static data as saved (or as given: `{}` for a kill before n8n saved any).
	 */
	restart(options?: { saved?: IDataObject }): DurableTrigger;
	/**
	 * The workflow deactivated and activated again in this n8n process: the next poll is an
	 * activation poll. `clearStored` empties the committed node data, as if n8n cleared it.
	 */
	reactivate(options: { clearStored: boolean }): void;
}

const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const itemsOf = (output: INodeExecutionData[][] | null): IDataObject[] => (output ? output[0].map((item) => item.json) : []);

type TriggerType = 'affiliatePartnerTrigger' | 'clickReportTrigger';

interface Options {
	typeVersion?: number;
	committed?: IDataObject;
	saved?: IDataObject;
	/** Whether the activation poll ran already (after a restart n8n runs none). */
	activated?: boolean;
}

export function createDurableTrigger(parameters: INode['parameters'], credentials: INodeCredentials, type: TriggerType, options: Options = {}): DurableTrigger {
	const typeVersion = options.typeVersion ?? 1.1;
	// The node and a workflow id of its own (what the triggers keep per instance is kept per workflow).
	const { workflow: created, node } = createTrigger(parameters, credentials, {}, type, typeVersion);
	const nodeType = nodeTypes.getByNameAndVersion(node.type, typeVersion) as INodeType;
	const data = { ...workflowData([node], {}), id: created.id };
	let committed = copyOf(options.committed ?? {});
	let saved = copyOf(options.saved ?? {});
	let activated = options.activated ?? false;

	const durable: DurableTrigger = {
		async poll() {
			const activation: WorkflowActivateMode = activated ? 'update' : 'activate';
			activated = true;
			const startedFrom = JSON.stringify(committed);
			const snapshot = copyOf(committed);
			// Each poll builds its workflow from the database (`poll-trigger-task-handler.js`).
			const workflow = new Workflow({ id: data.id, name: data.name, nodes: [node], connections: {}, active: true, nodeTypes, staticData: copyOf(saved), settings: {} });
			const context = new PollContext(workflow, node, additionalData(data, 'trigger'), 'trigger', activation, undefined, undefined, undefined, undefined, () => snapshot);
			const output = await nodeType.poll!.call(context);
			if (activation === 'activate' || output) saved = copyOf(workflow.staticData);
			return {
				output,
				items: itemsOf(output),
				activation,
				commit() {
					if (JSON.stringify(snapshot) !== startedFrom) committed = copyOf(snapshot);
				},
			};
		},
		committed: () => copyOf(committed),
		saved: () => copyOf(saved),
		restart: (restartOptions = {}) =>
			createDurableTrigger(parameters, credentials, type, { typeVersion, committed, saved: restartOptions.saved ?? saved, activated: true }),
		reactivate({ clearStored }) {
			activated = false;
			if (clearStored) committed = {};
		},
	};
	return durable;
}
