import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { recordIdField } from '../../helpers/claims';
import { claimOutputOptions, claimRecords } from '../../helpers/claimOutput';

const show = { resource: ['appeal'], operation: ['get'] };

export const description: INodeProperties[] = [
	recordIdField('appealClaimId', 'Appeal Claim ID', show, 'appeal claim, not its appeal number'),
	claimOutputOptions(show, 'appeal'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireId(this, itemIndex, 'Appeal Claim ID', this.getNodeParameter('appealClaimId', itemIndex));
	const record = await apiRequest<IDataObject>(this, 'partner', { method: 'GET', path: `/appeals/${id}/`, itemIndex, notFound: `Appeal claim ${id}` });
	return toItems(claimRecords(this, itemIndex, [record], 'appeal'), itemIndex);
}
