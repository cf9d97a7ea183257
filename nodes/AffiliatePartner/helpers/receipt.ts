/**
 * The receipt of a claim: which binary property holds it, and its content checked to be a JPEG,
 * PNG or PDF (the types the partner interface accepts), judged by the leading bytes ("magic
 * bytes"), never by file name or declared MIME type.
 */
import type { IBinaryData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, optionalText, quoted } from '../../shared/validation';

export function receiptField(): INodeProperties {
	return {
		displayName: 'Input Binary Field',
		name: 'receiptBinaryProperty',
		type: 'string',
		default: 'data',
		description:
			'The name of the input item\'s binary field that holds the receipt (JPEG, PNG or PDF). Leave empty to send no receipt.',
		hint: 'The file must really be a JPEG, PNG or PDF: its content is checked, not its name',
	};
}

export type ReceiptType = 'jpeg' | 'png' | 'pdf';

const SIGNATURES: Array<{ type: ReceiptType; bytes: number[] }> = [
	{ type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
	{ type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
	// "%PDF-"
	{ type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

const RECEIPT_MIME_TYPES: Record<ReceiptType, string> = {
	jpeg: 'image/jpeg',
	png: 'image/png',
	pdf: 'application/pdf',
};

/** The receipt type the content really is, or undefined when it is none of them. */
export function detectReceiptType(content: Uint8Array): ReceiptType | undefined {
	return SIGNATURES.find(
		({ bytes }) => content.length >= bytes.length && bytes.every((byte, index) => content[index] === byte),
	)?.type;
}

/** The first few names, quoted, and how many more: an item may carry any number of binary properties. */
function namesShown(names: string[]): string {
	const shown = names.slice(0, 5).map((name) => quoted(name)).join(', ');
	return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

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
	const field = 'Input Binary Field';
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
			`the input item has no binary field ${quoted(property)} (${
				present.length ? `it has: ${namesShown(present)}` : 'it has no binary data'
			}). Name the binary field that holds the receipt, or leave the parameter empty to send no receipt`,
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
			`the file ${quoted(fileName)} in binary field ${quoted(property)} is not a JPEG, PNG or PDF (judged by its content, not its name)`,
		);
	}
	return {
		blob: new Blob([new Uint8Array(content)], { type: data.mimeType || RECEIPT_MIME_TYPES[type] }),
		fileName,
	};
}
