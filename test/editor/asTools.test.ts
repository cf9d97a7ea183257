// What the nodes look like as tools of an AI agent: the description n8n derives for a tool whose
// Tool Description is left on "Set Automatically", evaluated by n8n-workflow as n8n derives it.
// The MCP client in the end-to-end tests sees the tools of examples/ai-agent-tools.json.
import type { INode, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { PACKAGE } from '../harness/nodeTypes';

const optionsOf = (property: INodeProperties | undefined) => (property?.options ?? []) as INodePropertyOptions[];

function toolDescription(type: string, nodeType: INodeType, parameters: Record<string, string>): string {
	const node: INode = {
		id: '1',
		name: 'Tool',
		type: `${PACKAGE}.${type}Tool`,
		typeVersion: 1,
		position: [0, 0],
		parameters: { descriptionType: 'auto', ...parameters },
	};
	return NodeHelpers.getToolDescriptionForNode(node, nodeType);
}

describe('the nodes as tools', () => {
	const partner = new AffiliatePartner();
	const resources = optionsOf(partner.description.properties.find((p) => p.name === 'resource'));
	const operationSelectors = partner.description.properties.filter((p) => p.name === 'operation');
	const pairs = resources.flatMap((resource) =>
		optionsOf(operationSelectors.find((p) => p.displayOptions?.show?.resource?.includes(resource.value))).map((operation) => ({
			resource,
			operation,
		})),
	);

	test('both nodes are offered as tools', () => {
		expect(partner.description.usableAsTool).toBe(true);
		expect(new ClickReport().description.usableAsTool).toBe(true);
	});

	test.each(pairs.map(({ resource, operation }) => [`${operation.value}: ${resource.value}`, operation] as const))(
		'Affiliate Partner Tool, %s: described automatically by its action, in words',
		(label, operation) => {
			const [operationValue, resourceValue] = label.split(': ');
			expect(operation.action).toMatch(/^[A-Z][a-z]/);
			expect(toolDescription('affiliatePartner', partner, { resource: resourceValue, operation: operationValue })).toBe(
				`${operation.action} in Affiliate Partner`,
			);
		},
	);

	test.each([
		[1, {}, 'Get many click items in Click Report'],
		[1.1, {}, 'Get many click items in Click Report'],
		[1.2, {}, 'Get many click items in Click Report'],
		[1.2, { resource: 'click' }, 'Get many click items in Click Report'],
		[1.2, { resource: 'action' }, 'Get many actions in Click Report'],
	])('Click Report Tool %s %j: described automatically by its operation, in words', (typeVersion, saved, described) => {
		const report = new ClickReport();
		const node: INode = { id: '1', name: 'Tool', type: `${PACKAGE}.clickReportTool`, typeVersion, position: [0, 0], parameters: {} };
		// As n8n holds the parameters when it runs the tool: every default filled in, the hidden
		// resource of versions before 1.2 too.
		node.parameters = NodeHelpers.getNodeParameters(report.description.properties, { descriptionType: 'auto', operation: 'getMany', ...saved }, true, false, node, report.description)!;
		expect(NodeHelpers.getToolDescriptionForNode({ ...node, parameters: { ...node.parameters, descriptionType: 'auto' } }, report)).toBe(described);
		expect(report.description.description).toMatch(/click statistics per merchant/);
	});

	// What a tool does is fixed in the workflow: a model's arguments ($fromAI) fill parameters, and
	// parameters that take no expression cannot hold one. So a Create stays out of an agent's reach
	// unless a tool node is set to it (docs/ai-agents.md).
	test('resource and operation take no expression, so an agent cannot turn a read into a create', () => {
		const selectors = [
			...partner.description.properties.filter((p) => p.name === 'resource' || p.name === 'operation'),
			...new ClickReport().description.properties.filter((p) => p.name === 'resource' || p.name === 'operation'),
		];
		// Click Report: the Resource of 1.2, the hidden one of the versions before, an Operation per resource (five).
		expect(selectors.length).toBe(1 + operationSelectors.length + 2 + 5);
		for (const selector of selectors) expect(selector.noDataExpression).toBe(true);
	});
});
