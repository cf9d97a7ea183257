/**
 * The fields lost-order and appeal operations share, the limits of the create forms (spec 4.2,
 * 4.3), and how the fields both create forms have are read and checked.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { FieldChecks } from '../../shared/validation';
import { optionalText, requireText } from '../../shared/validation';
import type { ClaimFormFields } from './claimCreate';

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

export function readOrderId(context: IExecuteFunctions, itemIndex: number): string {
	return requireText(context, itemIndex, 'Order ID', context.getNodeParameter('orderId', itemIndex), MAX_ORDER_ID_LENGTH);
}

/**
 * The Additional Fields both create forms have, checked, as form fields: comment and appeal ID
 * (left out when empty). A comment goes into the form body, never a path or a query, and may
 * hold line breaks; the appeal ID is also a filter of the lists, so it may not.
 */
export function readClaimNotes(context: IExecuteFunctions, itemIndex: number, extra: IDataObject, checks: FieldChecks): ClaimFormFields {
	return [
		['comment', checks.read(() => optionalText(context, itemIndex, 'Comment', extra.comment, { max: MAX_COMMENT_LENGTH, multiline: true }))],
		['appeal_id', checks.read(() => optionalText(context, itemIndex, 'Appeal ID', extra.appealId, MAX_APPEAL_ID_LENGTH))],
	];
}
