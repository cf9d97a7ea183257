import { ExecuteContext, RoutingNode } from 'n8n-core';
import type { ICredentialDataDecryptedObject, ICredentialTestRequest, INode, INodeCredentials, INodeType, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { CREDENTIAL_TEST_NODE_TYPE, nodeTypes } from './nodeTypes';
import { addCredential, additionalData, credentialsHelper, workflowData } from './run';

/**
 * Tests a credential the way n8n's credential tester does (n8n 1.123 and 2.41,
 * services/credentials-tester.service.js): the credential type's `test.request` is run by
 * n8n-core's RoutingNode, as a node of type noOp whose `temp` parameter the Workflow fills in with
 * its default, '', by which the credential helper knows a test and mints a token for it.
 */
export async function testCredential(type: string, data: ICredentialDataDecryptedObject) {
	return await runCredentialTest(type, addCredential(type, data));
}

/**
 * Tests a saved credential with the values a user typed over it but has not saved: n8n merges them
 * with what is stored (hidden fields included) and persists a token minted during the test.
 */
export async function testSavedCredential(type: string, saved: INodeCredentials, edits: ICredentialDataDecryptedObject) {
	const id = String(saved[type].id);
	const unsaved = { ...credentialsHelper.stored(id), ...edits };
	return await runCredentialTest(type, saved, unsaved);
}

async function runCredentialTest(type: string, reference: INodeCredentials, unsaved?: ICredentialDataDecryptedObject) {
	const { credentialTypes } = await import('./credentials');
	const credentialType = credentialTypes[type];
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: CREDENTIAL_TEST_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: reference,
	};
	const testNodeType: INodeType = {
		description: {
			...(nodeTypes.getByNameAndVersion(CREDENTIAL_TEST_NODE_TYPE, 1) as INodeType).description,
			credentials: [{ name: type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: credentialType.test!.request },
					default: '',
				},
			],
		},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => testNodeType,
			getByNameAndVersion: () => testNodeType,
			getKnownTypes: () => ({}),
		},
	});
	const wfData = workflowData([node], {});
	const inputData = { main: [[{ json: {} }]] };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData(wfData, 'internal'),
		'internal',
		createRunExecutionData(),
		0,
		inputData.main[0],
		inputData,
		{ node, data: {}, source: null },
		[],
	);
	const decrypted = unsaved ?? await credentialsHelper.getDecrypted(
		{} as IWorkflowExecuteAdditionalData,
		reference[type],
		type,
	);
	const routingNode = new RoutingNode(context, testNodeType, {
		id: reference[type].id as string,
		name: reference[type].name,
		type,
		data: decrypted,
	});
	try {
		await routingNode.runNode();
		return { status: 'OK' as const, message: 'Connection successful!' };
	} catch (error) {
		return testFailure(error, credentialType.test!.rules);
	}
}

/** What n8n's credential tester shows for a failed test: only a message, from a rule or the status. */
function testFailure(error: unknown, rules: ICredentialTestRequest['rules']) {
	const failure = error as { message?: string; cause?: { code?: string; response?: { status: number; statusText?: string } } };
	const response = failure.cause?.response;
	if (response) {
		for (const rule of rules ?? []) {
			if (rule.type === 'responseCode' && rule.properties.value === response.status) {
				return { status: 'Error' as const, message: rule.properties.message };
			}
		}
		return { status: 'Error' as const, message: response.statusText || `Received HTTP status code: ${response.status}` };
	}
	if (failure.cause?.code) return { status: 'Error' as const, message: failure.cause.code };
	return { status: 'Error' as const, message: failure.message ?? String(error) };
}
