/**
 * Where coupons are read from, for Get and Get Many: an ad space's coupons, with the promo code and
 * the ad space's links (`/coupons/website/{id}/`, scope coupons_for_website), or the catalogue
 * (`/coupons/`, scope coupons), whose items lack them (../shared/spec/published-api-facts.md, section 5).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idField } from '../../../shared/partnerIds';
import { invalidInput, requireChoice, requireId } from '../../../shared/validation';

export type CouponSource = 'adSpace' | 'catalogue';

export const sourceField: INodeProperties = {
	displayName: 'Source',
	name: 'source',
	type: 'options',
	options: [
		{
			name: 'Ad Space',
			value: 'adSpace',
			description: "The coupons of one of your ad spaces, each with its promo code and the ad space's links (goto_link, frameset_link)",
		},
		{ name: 'Catalogue', value: 'catalogue', description: 'The coupons of the catalogue, without promo codes or links' },
	],
	default: 'adSpace',
	description: 'Whose coupons to read',
};

export const adSpaceField: INodeProperties = {
	...idField('adSpace', 'dropdown', {
		name: 'adSpaceId',
		required: true,
		textDescription: 'The ad space (website) whose coupons to read',
		dropdownDescription: 'The ad space (website) whose coupons to read, with its promo codes and links',
	}),
	displayOptions: { show: { source: ['adSpace'] } },
};

/** The source, and the ad space's ID when the source is an ad space. */
export function readSource(context: IExecuteFunctions, itemIndex: number): { source: CouponSource; adSpaceId?: string } {
	const given = context.getNodeParameter('source', itemIndex);
	const source = requireChoice(context, itemIndex, 'Source', given, ['adSpace', 'catalogue']) as CouponSource;
	if (source === 'catalogue') return { source };
	// n8n shows Ad Space only for the exact value: for " adSpace " it hides the field, whose value the node then cannot read.
	if (given !== 'adSpace') throw invalidInput(context, itemIndex, 'Source', `must be exactly "adSpace" or "catalogue", got ${JSON.stringify(given)}`);
	return { source, adSpaceId: requireId(context, itemIndex, 'Ad Space Name or ID', context.getNodeParameter('adSpaceId', itemIndex)) };
}
