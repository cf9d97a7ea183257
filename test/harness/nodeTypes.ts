import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';
import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { ClickReportTrigger } from '../../nodes/ClickReportTrigger/ClickReportTrigger.node';

export const PACKAGE = 'n8n-nodes-affiliate-partner';
export const INPUT_NODE_TYPE = 'harness.input';
/** n8n's credential tester runs its test request as this node type, with one `temp` parameter. */
export const CREDENTIAL_TEST_NODE_TYPE = 'n8n-nodes-base.noOp';

/**
 * Starts a test workflow with the items a test gives it, as a Manual Trigger followed by an
 * Edit Fields node would in a real workflow.
 */
class HarnessInput implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Input',
		name: INPUT_NODE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Emits the items given in its "items" parameter',
		defaults: { name: 'Input' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | INodeExecutionData[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as INodeExecutionData[];
		return [items.map((item, index) => ({ ...item, pairedItem: { item: index } }))];
	}
}

class NoOp implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'No Operation',
		name: CREDENTIAL_TEST_NODE_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Stand-in for the node type n8n tests credentials with',
		defaults: { name: 'NoOp' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};
}

const registry: Record<string, INodeType> = {
	[`${PACKAGE}.affiliatePartner`]: new AffiliatePartner(),
	[`${PACKAGE}.affiliatePartnerTrigger`]: new AffiliatePartnerTrigger(),
	[`${PACKAGE}.clickReport`]: new ClickReport(),
	[`${PACKAGE}.clickReportTrigger`]: new ClickReportTrigger(),
	[INPUT_NODE_TYPE]: new HarnessInput() as INodeType,
	[CREDENTIAL_TEST_NODE_TYPE]: new NoOp() as INodeType,
};

export const nodeTypes: INodeTypes = {
	getByName(type: string): INodeType | IVersionedNodeType {
		const nodeType = registry[type];
		if (!nodeType) throw new Error(`Unknown node type ${type}`);
		return nodeType;
	},
	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	},
	getKnownTypes() {
		return {};
	},
};

export function registerNodeType(name: string, nodeType: INodeType) {
	registry[name] = nodeType;
}
