import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { clickActionFilterQuery, clickActionFilters, fetchClickActions } from '../../../shared/clickActions';
import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fieldChecks } from '../../../shared/validation';

const properties: INodeProperties[] = [returnAll(), limit(), filtersCollection(clickActionFilters)];

export const description = updateDisplayOptions({ show: { resource: ['action'], operation: ['getMany'] } }, properties);

/** Each action as the service sends it, one item each, once in its newest state (docs/nodes.md, Click Report). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// Every refused field is named in one error, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const limit = checks.read(() => readLimit(this, itemIndex));
	const qs = clickActionFilterQuery(this, itemIndex, filters, checks);
	checks.done();

	const actions = await fetchClickActions(this, { qs, limit, itemIndex });
	return toItems(actions, itemIndex);
}
