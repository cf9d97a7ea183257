/**
 * Receipt file types the partner interface accepts (JPEG, PNG, PDF), judged by their leading
 * bytes ("magic bytes"), never by file name or declared MIME type.
 */
export type ReceiptType = 'jpeg' | 'png' | 'pdf';

const SIGNATURES: Array<{ type: ReceiptType; bytes: number[] }> = [
	{ type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
	{ type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
	// "%PDF-"
	{ type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export const RECEIPT_MIME_TYPES: Record<ReceiptType, string> = {
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
