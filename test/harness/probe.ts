import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { ApiName, Contract, ListContract } from '../../nodes/shared/transport';
import { fetchClickReport } from '../../nodes/shared/clickReport';
import {
	apiRequest,
	clickReportPage,
	exchangeRate,
	fetchPartnerList,
	listOf,
	oneRecord,
	orderStatuses,
} from '../../nodes/shared/transport';
import { runPerItem } from '../../nodes/shared/execution';
import { registerNodeType } from './nodeTypes';

export const PROBE_TYPE = 'transportProbe';

/** What each endpoint the tests reach promises, as the operations state it beside their paths. */
const PROBED_ENDPOINTS: Array<{ method: string; path: RegExp; expect: Contract }> = [
	{ method: 'GET', path: /^\/?lost_orders\/$/, expect: listOf('id', 'a list of lost orders') },
	{ method: 'GET', path: /^\/?lost_orders\/payments_info\/$/, expect: orderStatuses },
	{ method: 'GET', path: /^\/?lost_orders\/[^/]+\/?$/, expect: oneRecord('id', 'a lost order') },
	{ method: 'POST', path: /^\/?lost_orders\/create\/$/, expect: oneRecord('id', 'the created lost order') },
	{ method: 'GET', path: /^\/?appeals\/$/, expect: listOf('id', 'a list of appeal claims') },
	{ method: 'POST', path: /^\/?appeals\/create\/$/, expect: oneRecord('id', 'the created appeal claim') },
	{ method: 'GET', path: /^\/?landings\//, expect: listOf('id', 'a list of landing pages') },
	{ method: 'GET', path: /^\/?websites\/kinds\/$/, expect: listOf('plainString', 'a list of ad space kinds') },
	{ method: 'GET', path: /^\/?websites\/regions\/$/, expect: listOf('plainString', 'a list of regions') },
	{ method: 'GET', path: /^\/?categories\/$/, expect: listOf('id', 'a list of categories') },
	{ method: 'GET', path: /^\/?languages\/$/, expect: listOf('language_code', 'a list of languages') },
	{ method: 'GET', path: /^\/?languages\/[^/]+\/?$/, expect: oneRecord('language_code', 'a language') },
	{ method: 'GET', path: /^\/?currencies\/$/, expect: listOf('code', 'a list of currencies') },
	{ method: 'GET', path: /^\/?currencies\/rate\/$/, expect: exchangeRate },
	{ method: 'GET', path: /^\/?traffic\/$/, expect: listOf('id', 'a list of traffic sources') },
	{ method: 'GET', path: /^\/v2\/api\/stats\/click$/, expect: clickReportPage },
];

function probedContract(method: string, path: string): Contract {
	const endpoint = PROBED_ENDPOINTS.find((candidate) => candidate.method === method && candidate.path.test(path));
	if (!endpoint) throw new Error(`The probe knows no contract for ${method} ${path}`);
	return endpoint.expect;
}

/**
 * A node that calls the shared transport directly with what its parameters say. It is executed
 * by WorkflowExecute like any node, so the transport runs in a real n8n execution context; it
 * lets the foundation tests reach every endpoint before every operation exists.
 */
class TransportProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Transport Probe',
		name: PROBE_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Calls the shared transport',
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'affiliatePartnerApi', required: false },
			{ name: 'clickStatisticsApi', required: false },
		],
		properties: [
			{ displayName: 'Mode', name: 'mode', type: 'string', default: 'request' },
			{ displayName: 'API', name: 'api', type: 'string', default: 'partner' },
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'Path', name: 'path', type: 'string', default: '/' },
			{ displayName: 'Query', name: 'qs', type: 'json', default: '{}' },
			{ displayName: 'Multipart', name: 'multipart', type: 'json', default: '' },
			{ displayName: 'Limit', name: 'limit', type: 'number', default: -1 },
			{ displayName: 'Parallel Calls', name: 'parallel', type: 'number', default: 1 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runPerItem(this, async function (this: IExecuteFunctions, itemIndex: number) {
			const mode = this.getNodeParameter('mode', itemIndex) as string;
			const api = this.getNodeParameter('api', itemIndex) as ApiName;
			const path = this.getNodeParameter('path', itemIndex) as string;
			const rawQs = this.getNodeParameter('qs', itemIndex) as string | IDataObject;
			const qs = (typeof rawQs === 'string' ? JSON.parse(rawQs || '{}') : rawQs) as IDataObject;
			const limitParameter = this.getNodeParameter('limit', itemIndex) as number;
			const limit = limitParameter < 0 ? undefined : limitParameter;
			const paired = { item: itemIndex };

			if (mode === 'partnerList') {
				const records = await fetchPartnerList(this, { path, expect: probedContract('GET', path) as ListContract, qs, limit, itemIndex });
				return records.map((json) => ({ json, pairedItem: paired }));
			}
			if (mode === 'clickReport') {
				const records = await fetchClickReport(this, { qs, limit, itemIndex });
				return records.map((json) => ({ json, pairedItem: paired }));
			}
			const method = this.getNodeParameter('method', itemIndex) as 'GET' | 'POST';
			const multipart = this.getNodeParameter('multipart', itemIndex) as string;
			let body: FormData | undefined;
			if (multipart) {
				const spec = JSON.parse(multipart) as { fields: Record<string, string>; file?: { name: string; type: string; base64: string } };
				body = new FormData();
				for (const [key, value] of Object.entries(spec.fields)) body.append(key, value);
				if (spec.file) {
					body.append('receipt', new Blob([Buffer.from(spec.file.base64, 'base64')], { type: spec.file.type }), spec.file.name);
				}
			}
			const parallel = this.getNodeParameter('parallel', itemIndex) as number;
			const responses = await Promise.all(
				Array.from({ length: parallel }, () => apiRequest<IDataObject>(this, api, { method, path, expect: probedContract(method, path), qs, body, itemIndex })),
			);
			return responses.map((json) => ({ json: Array.isArray(json) ? { results: json } : json, pairedItem: paired }));
		});
	}
}

registerNodeType(`n8n-nodes-affiliate-partner.${PROBE_TYPE}`, new TransportProbe());
