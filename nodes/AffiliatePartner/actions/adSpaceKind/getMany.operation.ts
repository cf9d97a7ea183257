import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList } from '../../../shared/transport';
import { readableKind } from '../../helpers/reference';

export const description: INodeProperties[] = [
	...returnAllAndLimit({ resource: ['adSpaceKind'], operation: ['getMany'] }),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const kinds = await fetchPartnerList(this, {
		path: '/websites/kinds/',
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	// The service lists plain strings; each becomes an object.
	const records = (kinds as unknown[]).map((kind) => ({ kind: String(kind), name: readableKind(String(kind)) }));
	return toItems(records, itemIndex);
}
