import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { COUPON_LANGUAGE_FIELD, couponAnswersQuery, couponFilters, couponOrderOptions, readCouponFilters, readCouponOrder } from '../../../shared/partnerCoupons';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { fieldChecks } from '../../../shared/validation';
import { readLanguageCode } from '../../helpers/reference';
import { adSpaceField, readSource, sourceField } from './fields';

const properties: INodeProperties[] = [sourceField, adSpaceField, returnAll(), limit(), couponFilters(), couponOrderOptions()];

const displayOptions = { show: { resource: ['coupon'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const checks = fieldChecks(this, itemIndex);
	const { adSpaceId } = checks.read(() => readSource(this, itemIndex)) ?? {};
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = readCouponFilters(this, itemIndex, filters, checks);
	const language = checks.read(() => readLanguageCode(this, itemIndex, COUPON_LANGUAGE_FIELD, filters.language, false));
	if (language !== undefined) qs.language = language;
	const orderBy = readCouponOrder(this, itemIndex, this.getNodeParameter('options', itemIndex, {}) as IDataObject, checks);
	if (orderBy !== undefined) qs.order_by = orderBy;
	const limit = checks.read(() => readLimit(this, itemIndex));
	checks.done();
	// Every field as the service sends it: date_end, discount and language stay null where they are.
	const coupons = await fetchPartnerList(this, {
		path: adSpaceId === undefined ? '/coupons/' : `/coupons/website/${adSpaceId}/`,
		expect: listOf('id', 'a list of coupons', { check: couponAnswersQuery }),
		qs,
		limit,
		itemIndex,
		notFound: adSpaceId === undefined ? undefined : `Ad space ${adSpaceId}`,
	});
	return toItems(coupons, itemIndex);
}
