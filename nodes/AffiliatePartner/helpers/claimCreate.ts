/** The create request of a lost order or an appeal claim: checked fields and the receipt as one multipart form. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Contract } from '../../shared/transport';
import { apiRequest } from '../../shared/transport';
import type { Receipt } from './receipt';

/** The form's fields in the order sent: the service's name and the value, already checked; undefined is left out. */
export type ClaimFormFields = Array<[string, string | number | undefined]>;

/** The multipart form of a create request: fields in the given order, empty ones left out, then the receipt. */
export function claimForm(fields: ClaimFormFields, receipt: Receipt | undefined): FormData {
	const form = new FormData();
	for (const [name, value] of fields) {
		if (value !== undefined) form.append(name, String(value));
	}
	if (receipt) form.append('receipt', receipt.blob, receipt.fileName);
	return form;
}

/**
 * Sends a create request: the fields and the input item's receipt (all already checked), as one
 * multipart form. Sent once: the transport never retries a POST.
 */
export async function createClaim(
	context: IExecuteFunctions,
	itemIndex: number,
	endpoint: { path: string; expect: Contract },
	fields: ClaimFormFields,
	receipt: Receipt | undefined,
): Promise<IDataObject> {
	return await apiRequest<IDataObject>(context, 'partner', {
		method: 'POST',
		...endpoint,
		body: claimForm(fields, receipt),
		itemIndex,
	});
}
