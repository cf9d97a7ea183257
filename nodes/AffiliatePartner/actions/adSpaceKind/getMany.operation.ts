import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { readableKind } from '../../helpers/reference';

const properties: INodeProperties[] = [returnAll(), limit()];

const displayOptions = { show: { resource: ['adSpaceKind'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const kinds = await fetchPartnerList(this, {
		path: '/websites/kinds/',
		expect: listOf('plainString', 'a list of ad space kinds'),
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	// The service lists plain strings; each becomes an object.
	const records = (kinds as unknown[]).map((kind) => ({ kind: String(kind), name: readableKind(String(kind)) }));
	return toItems(records, itemIndex);
}
