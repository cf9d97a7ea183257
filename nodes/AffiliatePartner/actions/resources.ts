import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ItemOperation } from '../../shared/execution';
import * as currency from './currency';

/** What each resource folder exports: its entry in the Resource dropdown, its parameters, its operations. */
export interface ResourceModule {
	resource: INodePropertyOptions;
	description: INodeProperties[];
	operations: Record<string, ItemOperation>;
}

/** Every resource of the node, in the order of the Resource dropdown. */
export const resources: ResourceModule[] = [currency];
