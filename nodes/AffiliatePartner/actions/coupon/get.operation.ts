import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest, recordWithId } from '../../../shared/transport';
import { fieldChecks, requireId } from '../../../shared/validation';
import { adSpaceField, readSource, sourceField } from './fields';

const properties: INodeProperties[] = [
	sourceField,
	adSpaceField,
	{
		displayName: 'Coupon ID',
		name: 'couponId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 52031',
		description: 'The coupon to get',
	},
];

const displayOptions = { show: { resource: ['coupon'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const checks = fieldChecks(this, itemIndex);
	const { adSpaceId } = checks.read(() => readSource(this, itemIndex)) ?? {};
	const id = checks.read(() => requireId(this, itemIndex, 'Coupon ID', this.getNodeParameter('couponId', itemIndex)));
	checks.done();
	// One object, as the service sends it (the facts: single-object GETs return the object itself).
	const coupon = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: adSpaceId === undefined ? `/coupons/${id}/` : `/coupons/${id}/website/${adSpaceId}/`,
		expect: recordWithId(id, 'a coupon'),
		itemIndex,
		notFound: adSpaceId === undefined ? `Coupon ${id}` : `Coupon ${id} for ad space ${adSpaceId}`,
	});
	return toItems([coupon], itemIndex);
}
