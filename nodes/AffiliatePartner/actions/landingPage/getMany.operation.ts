import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { byIdInput, idField } from '../../../shared/partnerIds';
import type { IdInput } from '../../../shared/partnerIds';
import { programIdField, readAdSpaceId, readProgramId } from '../../helpers/fields';
import { ID_DROPDOWNS_SINCE } from '../../helpers/versions';

const WITH_LINKS = 'When set, each landing page comes with its tracking link (gotolink) for that ad space. Leave empty for the landing pages without links';

const adSpaceIdField = (input: IdInput): INodeProperties =>
	idField('adSpace', input, {
		name: 'adSpaceId',
		textDescription: `ID of your ad space (website). ${WITH_LINKS}.`,
		dropdownDescription: `Your ad space (website). ${WITH_LINKS}`,
	});

const properties: INodeProperties[] = [
	...byIdInput(ID_DROPDOWNS_SINCE, (input) => [programIdField(input, { which: 'whose landing pages to list' }), adSpaceIdField(input)]),
	returnAll(),
	limit(),
];

const displayOptions = { show: { resource: ['landingPage'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const programId = readProgramId(this, itemIndex);
	const adSpaceId = readAdSpaceId(this, itemIndex, false);
	const limit = readLimit(this, itemIndex);

	const path = adSpaceId === undefined ? `/landings/${programId}/` : `/landings/${programId}/website/${adSpaceId}/`;
	const notFound = adSpaceId === undefined ? `Program ${programId}` : `Program ${programId} or ad space ${adSpaceId}`;
	const records = await fetchPartnerList(this, { path, expect: listOf('id', 'a list of landing pages'), limit, itemIndex, notFound });
	return toItems(records, itemIndex);
}
