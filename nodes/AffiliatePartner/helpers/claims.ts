/**
 * What lost orders and appeal claims share: the list filters, the parameters and checks of the
 * multipart create form, and the receipt taken from the input item's binary data.
 */
import type { IBinaryData, IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { daysBetween, toPartnerDate } from '../../shared/dates';
import {
	invalidInput,
	isEmptyInput,
	optionalDate,
	optionalId,
	optionalText,
	requireChoice,
} from '../../shared/validation';
import { apiRequest } from '../../shared/transport';
import { RECEIPT_MIME_TYPES, detectReceiptType } from './fileTypes';

/** Limits of the create forms (spec 4.2, 4.3). */
export const MAX_ORDER_ID_LENGTH = 100;
export const MAX_APPEAL_ID_LENGTH = 100;
export const MAX_COMMENT_LENGTH = 512;

const CLAIM_STATUS_OPTIONS = [
	{ name: 'Accepted', value: 'accepted' },
	{ name: 'Processing', value: 'processing' },
	{ name: 'Rejected', value: 'rejected' },
];

const APPEAL_STATUS_OPTIONS = [
	{ name: 'Processing', value: 'processing' },
	{ name: 'Resolved', value: 'resolved' },
];

const CLAIM_STATUSES = CLAIM_STATUS_OPTIONS.map((option) => option.value);
const APPEAL_STATUSES = APPEAL_STATUS_OPTIONS.map((option) => option.value);

/** The `filters` collection of a claim list. Appeal claim lists have no appeal status filter (spec 4.3). */
export function claimFilters(show: IDisplayOptions['show'], withAppealStatus: boolean): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Ad Space ID',
			name: 'adSpaceId',
			type: 'string',
			default: '',
			placeholder: '22',
			description: 'Only claims of this ad space (website)',
		},
		{
			displayName: 'Appeal ID',
			name: 'appealId',
			type: 'string',
			default: '',
			description: 'Only claims with this appeal number',
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: 'Only claims created on or before this day',
		},
		{
			displayName: 'Program ID',
			name: 'programId',
			type: 'string',
			default: '',
			placeholder: '6115',
			description: 'Only claims of this affiliate program (advcampaign)',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: 'Only claims created on or after this day',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: CLAIM_STATUS_OPTIONS,
			default: 'processing',
			description: 'Only claims in this status',
		},
	];
	if (withAppealStatus) {
		options.splice(2, 0, {
			displayName: 'Appeal Status',
			name: 'appealStatus',
			type: 'options',
			options: APPEAL_STATUS_OPTIONS,
			default: 'processing',
			description: 'Only claims whose appeal is in this status',
		});
	}
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options,
	};
}

/** The filters as the query of GET /lost_orders/ or /appeals/, checked before anything is sent. */
export function readClaimFilters(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const programId = optionalId(context, itemIndex, 'Program ID', filters.programId);
	if (programId !== undefined) qs.advcampaign = programId;
	const adSpaceId = optionalId(context, itemIndex, 'Ad Space ID', filters.adSpaceId);
	if (adSpaceId !== undefined) qs.website = adSpaceId;
	if (!isEmptyInput(filters.status)) {
		qs.status = requireChoice(context, itemIndex, 'Status', filters.status, CLAIM_STATUSES);
	}
	const startDate = optionalDate(context, itemIndex, 'Start Date', filters.startDate);
	const endDate = optionalDate(context, itemIndex, 'End Date', filters.endDate);
	if (startDate && endDate && daysBetween(startDate, endDate) < 0) {
		throw invalidInput(
			context,
			itemIndex,
			'Start Date',
			`${toPartnerDate(startDate)} is after the End Date ${toPartnerDate(endDate)}`,
		);
	}
	if (startDate) qs.start_date = toPartnerDate(startDate);
	if (endDate) qs.end_date = toPartnerDate(endDate);
	const appealId = optionalText(context, itemIndex, 'Appeal ID', filters.appealId, MAX_APPEAL_ID_LENGTH);
	if (appealId !== undefined) qs.appeal_id = appealId;
	if (!isEmptyInput(filters.appealStatus)) {
		qs.appeal_status = requireChoice(context, itemIndex, 'Appeal Status', filters.appealStatus, APPEAL_STATUSES);
	}
	return qs;
}

/** The numeric ID of one record, for GET /lost_orders/{id}/ and /appeals/{id}/. */
export function recordIdField(name: string, displayName: string, show: IDisplayOptions['show'], what: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: '200001',
		description: `The numeric ID of the ${what}`,
		displayOptions: { show },
	};
}

export function programIdField(show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Program ID',
		name: 'programId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '6115',
		description: 'ID of the affiliate program (advcampaign)',
		displayOptions: { show },
	};
}

export function orderIdField(show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		required: true,
		default: '',
		description: `The order number in the advertiser's shop, at most ${MAX_ORDER_ID_LENGTH} characters`,
		displayOptions: { show },
	};
}

export function receiptField(show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Receipt Binary Property',
		name: 'receiptBinaryProperty',
		type: 'string',
		default: 'data',
		description:
			'Name of the binary property of the input item that holds the receipt (JPEG, PNG or PDF). Leave empty to send no receipt.',
		hint: 'The file must really be a JPEG, PNG or PDF: its content is checked, not its name',
		displayOptions: { show },
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

export interface Receipt {
	blob: Blob;
	fileName: string;
}

/**
 * The receipt from the input item's binary property named by `receiptBinaryProperty`, with its
 * file name and MIME type, or undefined when that parameter is empty. Refused unless its content
 * is JPEG, PNG or PDF.
 */
export async function readReceipt(context: IExecuteFunctions, itemIndex: number): Promise<Receipt | undefined> {
	const field = 'Receipt Binary Property';
	const property = optionalText(context, itemIndex, field, context.getNodeParameter('receiptBinaryProperty', itemIndex, ''));
	if (property === undefined) return undefined;
	let data: IBinaryData;
	try {
		data = context.helpers.assertBinaryData(itemIndex, property);
	} catch {
		const present = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
		throw invalidInput(
			context,
			itemIndex,
			field,
			`the input item has no binary property "${property}" (${
				present.length ? `it has: ${present.map((name) => `"${name}"`).join(', ')}` : 'it has no binary data'
			}). Name the binary property that holds the receipt, or leave the parameter empty to send no receipt`,
		);
	}
	const content = await context.helpers.getBinaryDataBuffer(itemIndex, property);
	const type = detectReceiptType(content);
	const fileName = data.fileName || `receipt.${type === 'jpeg' ? 'jpg' : (type ?? 'bin')}`;
	if (!type) {
		throw invalidInput(
			context,
			itemIndex,
			field,
			`the file "${fileName}" in binary property "${property}" is not a JPEG, PNG or PDF (judged by its content, not its name)`,
		);
	}
	return {
		blob: new Blob([new Uint8Array(content)], { type: data.mimeType || RECEIPT_MIME_TYPES[type] }),
		fileName,
	};
}

/** The multipart form of a create request: fields in the given order, empty ones left out, then the receipt. */
export function claimForm(fields: Array<[string, string | number | undefined]>, receipt: Receipt | undefined): FormData {
	const form = new FormData();
	for (const [name, value] of fields) {
		if (value !== undefined) form.append(name, String(value));
	}
	if (receipt) form.append('receipt', receipt.blob, receipt.fileName);
	return form;
}

/**
 * Sends a create request: the fields (already checked) and the input item's receipt, as one
 * multipart form. Sent once: the transport never retries a POST.
 */
export async function createClaim(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string,
	fields: Array<[string, string | number | undefined]>,
): Promise<IDataObject> {
	const receipt = await readReceipt(context, itemIndex);
	return await apiRequest<IDataObject>(context, 'partner', {
		method: 'POST',
		path,
		body: claimForm(fields, receipt),
		itemIndex,
	});
}
