import { LoadOptionsContext } from 'n8n-core';
import type {
	INode,
	INodeCredentials,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { PACKAGE, nodeTypes } from './nodeTypes';
import { additionalData, workflowData } from './run';

/**
 * Calls a node's `methods.loadOptions[method]` the way the n8n editor does for a dropdown:
 * through n8n-core's LoadOptionsContext, with the node's current parameters and credentials.
 */
export async function loadOptions(
	nodeType: string,
	method: string,
	parameters: INodeParameters,
	credentials: INodeCredentials,
	typeVersion = 1,
): Promise<INodePropertyOptions[]> {
	const type = `${PACKAGE}.${nodeType}`;
	const node: INode = {
		id: 'target',
		name: 'Node under test',
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials,
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Test workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		staticData: {},
		settings: {},
	});
	const implementation = nodeTypes.getByNameAndVersion(type, typeVersion) as INodeType;
	const loader = implementation.methods?.loadOptions?.[method];
	if (!loader) throw new Error(`${nodeType} has no loadOptions method ${method}`);
	// As n8n's editor backend does (DynamicNodeParametersService): the panel's parameters, for getCurrentNodeParameter.
	const data = Object.assign(additionalData(workflowData([node], {}), 'internal'), { currentNodeParameters: parameters });
	const context = new LoadOptionsContext(workflow, node, data, `parameters.${method}`);
	return await loader.call(context);
}
