/** The filters every read of claims offers (spec 4.2, 4.3): the Affiliate Partner node's lists and its trigger. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { IdInput } from './partnerIds';
import { idField, idFieldName } from './partnerIds';
import type { FieldChecks, ValidationContext } from './validation';
import { optionalId } from './validation';

export const claimAdSpaceIdFilter = (input: IdInput): INodeProperties =>
	idField('adSpace', input, {
		name: 'adSpaceId',
		placeholder: '22',
		textDescription: 'Only claims of this ad space (website)',
		dropdownDescription: 'Only claims of this ad space (website)',
	});

export const claimProgramIdFilter = (input: IdInput): INodeProperties =>
	idField('program', input, {
		name: 'programId',
		placeholder: '6115',
		textDescription: 'Only claims of this affiliate program (advcampaign)',
		dropdownDescription: 'Only claims of this affiliate program (advcampaign)',
	});

/**
 * The program and ad space filters as the claim lists take them (`advcampaign`, `website`), each
 * refusal kept in `checks` and named as the field shows in `input`.
 */
export function readClaimScope(
	context: ValidationContext,
	itemIndex: number | undefined,
	filters: IDataObject,
	input: IdInput,
	checks: FieldChecks,
): IDataObject {
	const qs: IDataObject = {};
	const programId = checks.read(() => optionalId(context, itemIndex, idFieldName('program', input), filters.programId));
	if (programId !== undefined) qs.advcampaign = programId;
	const adSpaceId = checks.read(() => optionalId(context, itemIndex, idFieldName('adSpace', input), filters.adSpaceId));
	if (adSpaceId !== undefined) qs.website = adSpaceId;
	return qs;
}
