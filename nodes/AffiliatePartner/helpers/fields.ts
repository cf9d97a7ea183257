/** Fields of the Affiliate Partner node that several resources share. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireId } from '../../shared/validation';

/** The required Program ID of an operation about one affiliate program. */
export function programIdField({
	description = 'ID of the affiliate program (advcampaign)',
	placeholder,
}: { description?: string; placeholder?: string } = {}): INodeProperties {
	return {
		displayName: 'Program ID',
		name: 'programId',
		type: 'string',
		required: true,
		default: '',
		...(placeholder === undefined ? {} : { placeholder }),
		description,
	};
}

export function readProgramId(context: IExecuteFunctions, itemIndex: number): string {
	return requireId(context, itemIndex, 'Program ID', context.getNodeParameter('programId', itemIndex));
}
