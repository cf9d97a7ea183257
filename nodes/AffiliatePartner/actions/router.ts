import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ResourceModule } from '../../shared/routing';
import { routeToResource } from '../../shared/routing';

export type { ResourceModule };

/** Runs the chosen operation of the chosen resource once per input item (nodes/shared/routing). */
export async function router(this: IExecuteFunctions, resources: ResourceModule[]): Promise<INodeExecutionData[][]> {
	return await routeToResource(this, resources);
}
