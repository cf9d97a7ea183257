/** The fields lost-order and appeal operations share, and the limits of the create forms (spec 4.2, 4.3). */
import type { INodeProperties } from 'n8n-workflow';

export const MAX_ORDER_ID_LENGTH = 100;
export const MAX_APPEAL_ID_LENGTH = 100;
export const MAX_COMMENT_LENGTH = 512;

/** The numeric ID of one record, for GET /lost_orders/{id}/ and /appeals/{id}/. */
export function recordIdField(name: string, displayName: string, what: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: '200001',
		description: `The numeric ID of the ${what}`,
	};
}

export function programIdField(): INodeProperties {
	return {
		displayName: 'Program ID',
		name: 'programId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '6115',
		description: 'ID of the affiliate program (advcampaign)',
	};
}

export function orderIdField(): INodeProperties {
	return {
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		required: true,
		default: '',
		description: `The order number in the advertiser's shop, at most ${MAX_ORDER_ID_LENGTH} characters`,
	};
}

export const commentField: INodeProperties = {
	displayName: 'Comment',
	name: 'comment',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	description: `A note for the advertiser, at most ${MAX_COMMENT_LENGTH} characters`,
};

export const appealIdField: INodeProperties = {
	displayName: 'Appeal ID',
	name: 'appealId',
	type: 'string',
	default: '',
	description: `Your own appeal number for the claim, at most ${MAX_APPEAL_ID_LENGTH} characters`,
};

/** The Additional Fields collection of a create form. */
export function additionalFields(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}
