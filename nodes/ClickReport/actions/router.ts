import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemOperation } from '../../shared/execution';
import { runPerItem } from '../../shared/execution';
import { addWaitHints } from '../../shared/transport';
import * as getMany from './click/getMany.operation';

const operations: Record<string, ItemOperation> = { getMany: getMany.execute };

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = operations[operation];
	if (!execute) throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported`);
	const output = await runPerItem(this, execute);
	// A run that waited long for the service's limits says so on its output.
	addWaitHints(this);
	return output;
}
