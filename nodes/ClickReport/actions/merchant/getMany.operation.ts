import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchMerchants, merchantFilterQuery, merchantFilters } from '../../../shared/monetize';
import { fieldChecks } from '../../../shared/validation';

const properties: INodeProperties[] = [returnAll(), limit(), filtersCollection(merchantFilters)];

export const description = updateDisplayOptions({ show: { resource: ['merchant'], operation: ['getMany'] } }, properties);

/** Each merchant as the service sends it, one item each (docs/nodes.md, Click Report, Merchant). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// Every refused field is named in one error, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const limit = checks.read(() => readLimit(this, itemIndex));
	const qs = merchantFilterQuery(this, itemIndex, filters, checks);
	checks.done();

	return toItems(await fetchMerchants(this, { qs, limit, itemIndex }), itemIndex);
}
