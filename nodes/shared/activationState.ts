/**
 * The state of a trigger's activation poll, kept in the workflow's global static data. With
 * durable poll cursors n8n never stores the node state of an activation poll that emitted
 * nothing, and a restart before the first poll stored one would make that poll start from
 * nothing, taking every change since the activation as existing. But n8n saves the workflow's
 * static data at the end of every activation (`workflow-trigger-activator.js`,
 * `active-workflow-manager.js`), and every later poll reads it back (docs/guarantees.md, "When
 * n8n crashes"). Kept per node; forgotten by the first poll that finds a stored node state.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

const keyOf = (context: IPollFunctions) => `activationPollState:${context.getNode().id}`;

/** The state the node's activation poll remembered, when it emitted nothing; undefined otherwise. */
export function keptActivationState(context: IPollFunctions): IDataObject | undefined {
	const kept = context.getWorkflowStaticData('global')[keyOf(context)];
	return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as IDataObject) : undefined;
}

/** Keeps `state` for the first poll after a restart, or forgets what was kept (undefined). */
export function keepActivationState(context: IPollFunctions, state: IDataObject | undefined) {
	const global = context.getWorkflowStaticData('global');
	const key = keyOf(context);
	if (state) global[key] = state;
	// Only when there is something to forget: a deletion marks the static data as changed.
	else if (key in global) delete global[key];
}
