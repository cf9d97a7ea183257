import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemOperation } from '../../shared/execution';
import { runPerItem } from '../../shared/execution';
import * as currency from './currency';

/** resource → operation → the operation's per-item execute. */
const operations: Record<string, Record<string, ItemOperation>> = {
	currency: { getMany: currency.getMany.execute },
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = operations[resource]?.[operation];
	if (!execute) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return await runPerItem(this, execute);
}
