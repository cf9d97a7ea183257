// What the input-check tests share: a sandbox per test file, and one way to run each of the four
// nodes through n8n-core (execute through WorkflowExecute, polls through PollContext) that gives
// the error, the items and the requests the sandbox saw.
import { createRequire } from 'node:module';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from '../../sandbox/server';
import { clickCredential, partnerCredential } from '../foundation/helpers';
import { createTrigger, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';

export interface Outcome {
	error?: Error;
	items: INodeExecutionData[];
	requests: RecordedRequest[];
}

export type NodeName = 'affiliatePartner' | 'clickReport' | 'affiliatePartnerTrigger' | 'clickReportTrigger';

/** Starts a sandbox for the test file; the returned runner runs one node with the given parameters. */
/** A trigger runs at version 1 unless `triggerVersion` says otherwise. */
export type Run = (node: NodeName, parameters: IDataObject, input?: INodeExecutionData[], triggerVersion?: number) => Promise<Outcome>;

export function useNodes(): { run: Run; sandbox: () => Sandbox } {
	const sandboxOf = useSandbox({ clickItems: 40, clickDays: 3 }, { latencyMs: 0 });
	const run: Run = async (node, parameters, input, triggerVersion) => {
		const sandbox = sandboxOf();
		const partner = node === 'affiliatePartner' || node === 'affiliatePartnerTrigger';
		const credentials = partner ? partnerCredential(sandbox) : clickCredential(sandbox);
		if (node === 'affiliatePartner' || node === 'clickReport') {
			const result = await runNode({ type: node, parameters: parameters as never, credentials }, input);
			// The run data keeps a copy of the error, not the instance.
			return { error: result.error, items: result.items, requests: [...sandbox.requests] };
		}
		try {
			const emitted = await createTrigger(parameters as never, credentials, {}, node, triggerVersion).poll();
			return { items: emitted?.[0] ?? [], requests: [...sandbox.requests] };
		} catch (error) {
			return { error: error as Error, items: [], requests: [...sandbox.requests] };
		}
	};
	return { run, sandbox: sandboxOf };
}

/** Parameters of one Affiliate Partner operation. */
export const partner = (resource: string, operation: string, rest: IDataObject = {}): IDataObject => ({ resource, operation, ...rest });

/** Valid creates, without a receipt. */
export const lostOrderCreate = partner('lostOrder', 'create', { programId: '6115', adSpaceId: '1021', orderId: 'ORD-1', orderDate: '2026-03-14', orderPrice: 10, receiptBinaryProperty: '' });
export const appealCreate = partner('appeal', 'create', { programId: '6115', orderId: 'APL-1', receiptBinaryProperty: '' });
export const exchangeRate = partner('currency', 'getRate', { baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-03-01' });

/** Both pairs of the Click Report's period, valid. */
export const clickPeriod = { filters: { dateFrom: '2026-03-01', dateTo: '2026-03-01', updatedAtFrom: '2026-03-01T00:00:00Z', updatedAtTo: '2026-03-02T00:00:00Z' } };

/** The parameters with `path` (`collection.name` or `name`) set to `value`. */
export function withParameter(base: IDataObject, path: string, value: unknown): IDataObject {
	const [first, second] = path.split('.');
	if (!second) return { ...base, [first]: value } as IDataObject;
	return { ...base, [first]: { ...((base[first] as object) ?? {}), [second]: value } } as IDataObject;
}

/** An expression that yields `text` exactly, whatever characters it holds. */
export const expressionOf = (text: string) => `={{ ${JSON.stringify(text)} }}`;

/** Expects the refusal the package promises: a NodeOperationError naming the field, nothing output, nothing sent. */
export function expectRefused(outcome: Outcome, field: string, rule?: RegExp | string) {
	expect(outcome.error?.name).toBe('NodeOperationError');
	expect(outcome.error?.message.startsWith(`Invalid "${field}": `)).toBe(true);
	if (rule !== undefined) expect(outcome.error?.message).toMatch(rule);
	expect(outcome.items).toEqual([]);
	expect(outcome.requests).toEqual([]);
}

/**
 * Keeps what nodes log from here on. A node's `this.logger` is n8n-core's Logger from its DI
 * container, silent in the tests; n8n-core's own copies of @n8n/di and @n8n/backend-common are
 * the ones its execution contexts ask. Returns the lines and a function that puts the logger back.
 */
export function keepNodeLog(): { lines: string[]; restore: () => void } {
	const fromCore = createRequire(require.resolve('n8n-core'));
	const { Container } = fromCore('@n8n/di') as { Container: { get(type: unknown): object; set(type: unknown, instance: object): void } };
	const { Logger } = fromCore('@n8n/backend-common') as { Logger: unknown };
	const original = Container.get(Logger);
	const lines: string[] = [];
	const keeping = Object.create(original) as object;
	for (const level of ['error', 'warn', 'info', 'debug']) {
		Object.defineProperty(keeping, level, { value: (message: string) => lines.push(`${level}: ${message}`) });
	}
	Container.set(Logger, keeping);
	return { lines, restore: () => Container.set(Logger, original) };
}
