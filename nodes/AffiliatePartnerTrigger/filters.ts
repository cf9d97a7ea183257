/** The trigger's Filters: the program and ad space its claims and conversions are narrowed to. */
import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { claimAdSpaceIdFilter, claimProgramIdFilter, readClaimScope } from '../shared/claimFilters';
import { filtersCollection } from '../shared/descriptions';
import { byIdInput, idInputOf } from '../shared/partnerIds';
import { fieldChecks } from '../shared/validation';

/** Version 1.2: the program and ad space filters are dropdowns of the account's (nodes/shared/partnerIds.ts). */
export const ID_DROPDOWNS_SINCE = 1.2;

export const triggerFilters: INodeProperties[] = byIdInput(ID_DROPDOWNS_SINCE, (input) => [
	filtersCollection([claimAdSpaceIdFilter(input), claimProgramIdFilter(input)]),
]);

/** The filters as the claim lists' query (`advcampaign`, `website`); both refusals named at once. A poll has no items. */
export function readTriggerScope(context: IPollFunctions, filters: IDataObject): IDataObject {
	const checks = fieldChecks(context, undefined);
	const qs = readClaimScope(context, undefined, filters, idInputOf(context, ID_DROPDOWNS_SINCE), checks);
	checks.done();
	return qs;
}
