import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ItemOperation } from '../../shared/execution';
import * as adSpaceKind from './adSpaceKind';
import * as appeal from './appeal';
import * as category from './category';
import * as currency from './currency';
import * as landingPage from './landingPage';
import * as language from './language';
import * as lostOrder from './lostOrder';
import * as region from './region';
import * as trafficSource from './trafficSource';

/** What each resource folder exports: its entry in the Resource dropdown, its parameters, its operations. */
export interface ResourceModule {
	resource: INodePropertyOptions;
	description: INodeProperties[];
	operations: Record<string, ItemOperation>;
}

/** Every resource of the node, in the order of the Resource dropdown. */
export const resources: ResourceModule[] = [
	adSpaceKind,
	appeal,
	category,
	currency,
	landingPage,
	language,
	lostOrder,
	region,
	trafficSource,
];
