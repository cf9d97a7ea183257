import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemOperation } from '../execution';
import { runPerItem } from '../execution';
import { addWaitHints } from '../transport';

/** What each resource folder's index.ts exports: its entry in the Resource dropdown, its parameters, its operations. */
export interface ResourceModule {
	resource: INodePropertyOptions;
	description: INodeProperties[];
	operations: Record<string, ItemOperation>;
	/** Operations that answer all input items together, with few requests (nodes/shared/batching). */
	batchOperations?: Record<string, (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>>;
}

/** Runs the chosen operation of the chosen resource once per input item, for every node with a Resource. */
export async function routeToResource(context: IExecuteFunctions, resources: ResourceModule[]): Promise<INodeExecutionData[][]> {
	const resource = context.getNodeParameter('resource', 0) as string;
	const operation = context.getNodeParameter('operation', 0) as string;
	const module = resources.find((candidate) => candidate.resource.value === resource);
	const batched = module?.batchOperations?.[operation];
	const execute = module?.operations[operation];
	if (!batched && !execute) {
		throw new NodeOperationError(context.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	const output = batched ? await batched.call(context) : await runPerItem(context, execute as ItemOperation);
	// A run that waited long for the service's limits says so on its output.
	addWaitHints(context);
	return output;
}
