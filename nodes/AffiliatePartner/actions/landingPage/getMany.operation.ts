import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { optionalId } from '../../../shared/validation';
import { programIdField, readProgramId } from '../../helpers/fields';

const properties: INodeProperties[] = [
	programIdField({ description: 'ID of the affiliate program whose landing pages to list' }),
	{
		displayName: 'Ad Space ID',
		name: 'adSpaceId',
		type: 'string',
		default: '',
		description:
			'ID of your ad space (website). When set, each landing page comes with its tracking link (gotolink) for that ad space. Leave empty for the landing pages without links.',
	},
	returnAll(),
	limit(),
];

const displayOptions = { show: { resource: ['landingPage'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const programId = readProgramId(this, itemIndex);
	const adSpaceId = optionalId(this, itemIndex, 'Ad Space ID', this.getNodeParameter('adSpaceId', itemIndex, ''));
	const limit = readLimit(this, itemIndex);

	const path = adSpaceId === undefined ? `/landings/${programId}/` : `/landings/${programId}/website/${adSpaceId}/`;
	const notFound = adSpaceId === undefined ? `Program ${programId}` : `Program ${programId} or ad space ${adSpaceId}`;
	const records = await fetchPartnerList(this, { path, expect: listOf('id', 'a list of landing pages'), limit, itemIndex, notFound });
	return toItems(records, itemIndex);
}
