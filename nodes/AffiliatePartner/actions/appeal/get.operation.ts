import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { apiRequest, recordWithId } from '../../../shared/transport';
import { requireId } from '../../../shared/validation';
import { recordIdField } from '../../helpers/claimFields';
import { claimOutputOptions, claimShaping } from '../../helpers/claimOutput';

const properties: INodeProperties[] = [
	recordIdField('appealClaimId', 'Appeal Claim ID', 'appeal claim, not its appeal number'),
	claimOutputOptions('appeal'),
];

const displayOptions = { show: { resource: ['appeal'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireId(this, itemIndex, 'Appeal Claim ID', this.getNodeParameter('appealClaimId', itemIndex));
	const shape = claimShaping(this, itemIndex, 'appeal');
	const record = await apiRequest<IDataObject>(this, 'partner', { method: 'GET', path: `/appeals/${id}/`, expect: recordWithId(id, 'an appeal claim'), itemIndex, notFound: `Appeal claim ${id}` });
	return toItems(shape([record]), itemIndex);
}
