// One convention for the item an error belongs to, on every node, as n8n's own nodes have it: the
// error carries the item's index (n8n's `itemIndex`, in the error's context) and its message does
// not write it; n8n's editor ends the message with "[item N]" when the node had more than one input
// item. The same failing inputs on both nodes, through n8n-core's WorkflowExecute against the
// sandbox; the end-to-end editor check (scripts/e2e/editorSmallThings.mjs) sees "[item 1]" on both.
import type { INodeCredentials, INodeExecutionData } from 'n8n-workflow';

import { clickCredential, partnerCredential } from './helpers';
import type { NodeRun } from '../harness/run';
import { runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

const sandbox = useSandbox({ clickItems: 100, clickDays: 5 }, { latencyMs: 0 });

/** Two input items; the second one's limit is not a number. */
const TWO_ITEMS: INodeExecutionData[] = [{ json: { limit: 2 } }, { json: { limit: 'abc' } }];

/** Each node's Get Many, its Limit from the input item, with a credential of the test's choosing. */
const NODES = {
	'Affiliate Partner': (credentials: INodeCredentials) =>
		runNode({ type: 'affiliatePartner', typeVersion: 1.2, parameters: { resource: 'lostOrder', operation: 'getMany', limit: '={{ $json.limit }}' } as never, credentials }, TWO_ITEMS),
	'Click Report': (credentials: INodeCredentials) =>
		runNode({ type: 'clickReport', typeVersion: 1.1, parameters: { operation: 'getMany', limit: '={{ $json.limit }}' } as never, credentials }, TWO_ITEMS),
};

const CREDENTIALS = {
	'Affiliate Partner': () => partnerCredential(sandbox()),
	'Click Report': () => clickCredential(sandbox()),
};

function itemOf(result: NodeRun): unknown {
	expect(result.error).toBeDefined();
	// Written by n8n's editor, never by the node: a message of its own would say it twice.
	expect(result.error!.message).not.toMatch(/\[item/);
	return result.error!.context?.itemIndex;
}

describe.each(Object.keys(NODES) as Array<keyof typeof NODES>)('%s', (name) => {
	test('a value refused in the second item: the error is item 1\'s', async () => {
		const result = await NODES[name](CREDENTIALS[name]());
		expect(result.error!.message).toMatch(/^Limit must be a whole number of at least 1, got "abc"/);
		expect(itemOf(result)).toBe(1);
	});

	test('a key the service refuses: the error is item 0\'s, the first to ask', async () => {
		const credentials = name === 'Click Report' ? clickCredential(sandbox(), { publicKey: 'Refused0Key' }) : partnerCredential(sandbox(), { accessToken: 'refused-token' });
		const result = await NODES[name](credentials);
		expect(result.error!.message).toMatch(/refused \(HTTP 401\)/);
		expect(itemOf(result)).toBe(0);
	});

	test('no credential set (n8n\'s own error): the error is item 0\'s', async () => {
		const result = await NODES[name]({});
		expect(result.error!.message).toMatch(/^Node does not have any credentials set/);
		expect(itemOf(result)).toBe(0);
	});
});
