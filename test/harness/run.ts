import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeType,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials';
import { onN8nLine1 } from './line';
import { INPUT_NODE_TYPE, PACKAGE, nodeTypes } from './nodeTypes';

export const credentialsHelper = new TestCredentialsHelper();

let credentialCounter = 0;

/** Stores a credential and returns the reference a node carries. */
export function addCredential(type: string, data: ICredentialDataDecryptedObject, id?: string): INodeCredentials {
	const details = credentialsHelper.add(id ?? `cred-${++credentialCounter}`, type, data);
	return { [type]: details };
}

export function workflowData(nodes: INode[], connections: IWorkflowBase['connections']): IWorkflowBase {
	return {
		id: 'test-workflow',
		name: 'Test workflow',
		active: false,
		isArchived: false,
		nodes,
		connections,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as unknown as IWorkflowBase;
}

export function additionalData(workflow: IWorkflowBase, mode: WorkflowExecuteMode): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		hooks: new ExecutionLifecycleHooks(mode, 'test-execution', workflow),
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used in these tests');
		},
		executionId: 'test-execution',
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		userId: 'test-user',
		setExecutionStatus: () => {},
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface NodeUnderTest {
	/** Node name inside the package, e.g. `affiliatePartner`. */
	type: string;
	parameters: INode['parameters'];
	credentials: INodeCredentials;
	continueOnFail?: boolean;
	name?: string;
	/** The node's version as a saved workflow holds it; 1 when not given. */
	typeVersion?: number;
}

export interface NodeRun {
	items: INodeExecutionData[];
	/** The error of the node, when it failed (without Continue On Fail). */
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
	run: IRun;
}

/**
 * Runs `input items → node` as a real workflow through n8n-core's WorkflowExecute: parameters
 * and expressions are resolved by n8n, and the node's HTTP goes through n8n's request helpers.
 */
export async function runNode(node: NodeUnderTest, input: INodeExecutionData[] = [{ json: {} }]): Promise<NodeRun> {
	const name = node.name ?? 'Node under test';
	const nodes: INode[] = [
		{
			id: 'input',
			name: 'Input',
			type: INPUT_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(input) },
		},
		{
			id: 'target',
			name,
			type: `${PACKAGE}.${node.type}`,
			typeVersion: node.typeVersion ?? 1,
			position: [200, 0],
			parameters: node.parameters,
			credentials: node.credentials,
			onError: node.continueOnFail ? 'continueRegularOutput' : 'stopWorkflow',
		},
	];
	const connections = { Input: { main: [[{ node: name, type: 'main' as const, index: 0 }]] } };
	const data = workflowData(nodes, connections);
	const workflow = new Workflow({
		id: data.id,
		name: data.name,
		nodes,
		connections,
		active: false,
		nodeTypes,
		staticData: {},
		settings: {},
	});
	const executionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const execute = new WorkflowExecute(additionalData(data, 'manual'), 'manual', executionData);
	const run = await execute.processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[name]?.[0];
	return {
		items: (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[],
		error: (taskData?.error ?? run.data.resultData.error) as NodeRun['error'],
		run,
	};
}

export interface TriggerHandle {
	workflow: Workflow;
	node: INode;
	/**
	 * Runs one poll as n8n does on schedule (mode `trigger`), or a manual "Fetch test event".
	 * `nodeStaticData` stands for n8n's durable cursors: the node static data this poll works on.
	 */
	poll(options?: { mode?: 'trigger' | 'manual'; budgetMs?: number; nodeStaticData?: () => IDataObject }): Promise<INodeExecutionData[][] | null>;
	/** The node's static data as n8n would store it (plain JSON). */
	staticData(): IDataObject;
	/** A new workflow from the stored static data, as after an n8n restart (a new process: a new workflow id). */
	restart(): TriggerHandle;
}

let triggerCounter = 0;

/**
 * Builds a workflow around the trigger node; each `poll()` goes through n8n-core's PollContext.
 * Each gets a workflow id of its own: what the triggers keep per process is kept per workflow
 * and node, so that no two tests share it.
 */
export function createTrigger(
	parameters: INode['parameters'],
	credentials: INodeCredentials,
	staticData: IDataObject = {},
	type = 'clickReportTrigger',
	typeVersion = 1,
): TriggerHandle {
	const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE}.${type}`, typeVersion) as INodeType;
	const node: INode = {
		id: 'trigger',
		// As n8n names a new node: "Click Report Trigger", "Affiliate Partner Trigger".
		name: nodeType.description.defaults.name as string,
		type: `${PACKAGE}.${type}`,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials,
	};
	const data = { ...workflowData([node], {}), id: `test-workflow-${++triggerCounter}` };
	const workflow = new Workflow({
		id: data.id,
		name: data.name,
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData: JSON.parse(JSON.stringify(staticData)),
		settings: {},
	});
	const handle: TriggerHandle = {
		workflow,
		node,
		async poll(options = {}) {
			const mode = options.mode ?? 'trigger';
			if (onN8nLine1 && options.nodeStaticData) {
				// 1.x's PollContext takes no such argument and hands the poll the live static data: a
				// test of durable cursors would pass there without testing them.
				throw new Error('n8n 1.x has no durable poll cursors: skip this test there (needsN8n2, test/harness/skipByLine.ts)');
			}
			const context = new PollContext(
				workflow,
				node,
				additionalData(data, mode),
				mode,
				'activate',
				undefined,
				undefined,
				undefined,
				undefined,
				options.nodeStaticData,
				options.budgetMs === undefined ? undefined : () => options.budgetMs as number,
			);
			if (onN8nLine1 && options.budgetMs !== undefined) {
				// 1.x's PollContext ends at the emit callbacks and has no budget; the trigger looks
				// `getPollBudgetMs` up on the context (nodes/ClickReportTrigger/poll.ts), as 2.x's has it.
				Object.assign(context, { getPollBudgetMs: () => options.budgetMs as number });
			}
			return await nodeType.poll!.call(context);
		},
		staticData() {
			return JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		},
		restart() {
			return createTrigger(parameters, credentials, handle.staticData(), type, typeVersion);
		},
	};
	return handle;
}
