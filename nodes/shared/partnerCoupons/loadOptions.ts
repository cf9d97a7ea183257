/**
 * The coupon categories dropdown: GET /coupons/categories/ (`public_data`; {results: [{id, name}],
 * _meta}, ../shared/spec/published-api-facts.md, section 5), as "Name (ID)" sorted by name.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchPartnerList, listOf } from '../transport';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name, 'en');

export async function getCouponCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const categories = await fetchPartnerList(this, { path: '/coupons/categories/', expect: listOf('id', 'a list of coupon categories') });
	return categories
		.map((category: IDataObject) => ({
			name: category.name ? `${String(category.name)} (${String(category.id)})` : String(category.id),
			value: String(category.id),
		}))
		.sort(byName);
}
