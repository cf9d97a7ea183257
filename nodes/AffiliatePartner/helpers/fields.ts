/** Fields of the Affiliate Partner node that several resources share. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { IdInput, IdSubject } from '../../shared/partnerIds';
import { idField, idFieldName, idInputOf } from '../../shared/partnerIds';
import { optionalId, requireId } from '../../shared/validation';
import { ID_DROPDOWNS_SINCE } from './versions';

/**
 * The required Program ID of an operation about one affiliate program: "ID of the affiliate
 * program <which>" as text, "The affiliate program <which>" as a dropdown.
 */
export function programIdField(
	input: IdInput,
	{ which = '(advcampaign)', placeholder }: { which?: string; placeholder?: string } = {},
): INodeProperties {
	return idField('program', input, {
		name: 'programId',
		required: true,
		placeholder,
		textDescription: `ID of the affiliate program ${which}`,
		dropdownDescription: `The affiliate program ${which}`,
	});
}

/** The name the running version shows for an ad space or program field (errors use it). */
export const idFieldNameOf = (context: IExecuteFunctions, subject: IdSubject, several = false) =>
	idFieldName(subject, idInputOf(context, ID_DROPDOWNS_SINCE), several);

export function readProgramId(context: IExecuteFunctions, itemIndex: number): string {
	return requireId(context, itemIndex, idFieldNameOf(context, 'program'), context.getNodeParameter('programId', itemIndex));
}

/** The `adSpaceId` parameter: required (a create) or optional (a read that may name one). */
export function readAdSpaceId(context: IExecuteFunctions, itemIndex: number, required: true): string;
export function readAdSpaceId(context: IExecuteFunctions, itemIndex: number, required: false): string | undefined;
export function readAdSpaceId(context: IExecuteFunctions, itemIndex: number, required: boolean): string | undefined {
	const value = context.getNodeParameter('adSpaceId', itemIndex, '');
	const field = idFieldNameOf(context, 'adSpace');
	return required ? requireId(context, itemIndex, field, value) : optionalId(context, itemIndex, field, value);
}
