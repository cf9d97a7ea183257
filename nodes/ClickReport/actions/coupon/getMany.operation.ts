import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { couponFilterQuery, couponFilters, fetchCoupons } from '../../../shared/monetize';
import { fieldChecks } from '../../../shared/validation';

const properties: INodeProperties[] = [returnAll(), limit(), filtersCollection(couponFilters)];

export const description = updateDisplayOptions({ show: { resource: ['coupon'], operation: ['getMany'] } }, properties);

/** Each coupon as the service sends it, one item each (docs/nodes.md, Click Report, Coupon). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// Every refused field is named in one error, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const limit = checks.read(() => readLimit(this, itemIndex));
	const qs = couponFilterQuery(this, itemIndex, filters, checks);
	checks.done();

	return toItems(await fetchCoupons(this, { qs, limit, itemIndex }), itemIndex);
}
