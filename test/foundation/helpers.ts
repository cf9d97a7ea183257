import type { INodeCredentials } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import '../harness/probe';
import { PROBE_TYPE } from '../harness/probe';
import { addCredential, runNode, type NodeRun } from '../harness/run';
import { UNLIMITED_WINDOW } from '../harness/credentials';

export interface ProbeCall {
	mode?: 'request' | 'partnerList' | 'clickReport';
	api?: 'partner' | 'click';
	method?: 'GET' | 'POST';
	path: string;
	qs?: Record<string, unknown>;
	multipart?: { fields: Record<string, string>; file?: { name: string; type: string; base64: string } };
	limit?: number;
	parallel?: number;
	continueOnFail?: boolean;
}

/** Runs the transport probe node through WorkflowExecute. */
export async function probe(credentials: INodeCredentials, call: ProbeCall): Promise<NodeRun> {
	return await runNode(
		{
			type: PROBE_TYPE,
			credentials,
			continueOnFail: call.continueOnFail,
			parameters: {
				mode: call.mode ?? 'request',
				api: call.api ?? 'partner',
				method: call.method ?? 'GET',
				path: call.path,
				qs: JSON.stringify(call.qs ?? {}),
				multipart: call.multipart ? JSON.stringify(call.multipart) : '',
				limit: call.limit ?? -1,
				parallel: call.parallel ?? 1,
			},
		},
	);
}

export function partnerCredential(sandbox: Sandbox, overrides: Record<string, unknown> = {}) {
	return addCredential('affiliatePartnerApi', {
		baseUrl: sandbox.partnerUrl,
		accessToken: sandbox.accessToken,
		maxRequestsPerSecond: 1000,
		...overrides,
	} as never);
}

export function clickCredential(sandbox: Sandbox, overrides: Record<string, unknown> = {}) {
	return addCredential('clickStatisticsApi', {
		baseUrl: sandbox.clickUrl,
		publicKey: sandbox.publicKey,
		maxRequestsPerSecond: 1000,
		maxRequestsPer5Minutes: UNLIMITED_WINDOW,
		...overrides,
	} as never);
}

/** Everything an error exposes to a user or a log: message, description, context, cause chain. */
export function everythingVisible(error: unknown): string {
	const seen = new Set<unknown>();
	const walk = (value: unknown, depth: number): string => {
		if (value === null || value === undefined || depth > 6) return '';
		if (typeof value !== 'object') return String(value);
		if (seen.has(value)) return '';
		seen.add(value);
		const keys = new Set([...Object.getOwnPropertyNames(value), ...Object.keys(value)]);
		return [...keys].map((key) => `${key}=${walk((value as Record<string, unknown>)[key], depth + 1)}`).join('\n');
	};
	return walk(error, 0);
}

export function uniqueIds(records: Array<{ json: { id?: unknown } }>): number {
	return new Set(records.map((record) => String(record.json.id))).size;
}
