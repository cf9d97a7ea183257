import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeDocs } from '../shared/nodeDocs';
import * as getMany from './actions/click/getMany.operation';
import { router } from './actions/router';

/** The node's one Operation dropdown: it has no Resource. */
const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'Get click items of the report',
			action: 'Get many click items',
		},
	],
	default: 'getMany',
};

export class ClickReport implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Click Report',
		name: 'clickReport',
		icon: { light: 'file:clickReport.svg', dark: 'file:clickReport.dark.svg' },
		group: ['transform'],
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{ ({"getMany":"Get Many: Click Item"})[$parameter["operation"]] }}',
		description: 'Daily click statistics per merchant, Sub ID and ad space (Takeads click report)',
		defaults: { name: 'Click Report' },
		documentationUrl: nodeDocs('click-report'),
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'clickStatisticsApi', required: true }],
		properties: [operation, ...getMany.description],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
