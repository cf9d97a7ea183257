import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchClickReport } from '../../../shared/transport';

export const CLICK_REPORT_PATH = '/v2/api/stats/click';

export const description: INodeProperties[] = [
	{
		displayName: 'Without a period, the report covers today (UTC).',
		name: 'todayNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: ['getMany'] } },
	},
	...returnAllAndLimit({ operation: ['getMany'] }),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const items = await fetchClickReport(this, {
		path: CLICK_REPORT_PATH,
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return toItems(items, itemIndex);
}
