import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { ApiName } from '../../nodes/shared/transport';
import { fetchClickReport } from '../../nodes/shared/clickReport';
import { apiRequest, fetchPartnerList } from '../../nodes/shared/transport';
import { runPerItem } from '../../nodes/shared/execution';
import { registerNodeType } from './nodeTypes';

export const PROBE_TYPE = 'transportProbe';

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
				const records = await fetchPartnerList(this, { path, qs, limit, itemIndex });
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
				Array.from({ length: parallel }, () => apiRequest<IDataObject>(this, api, { method, path, qs, body, itemIndex })),
			);
			return responses.map((json) => ({ json: Array.isArray(json) ? { results: json } : json, pairedItem: paired }));
		});
	}
}

registerNodeType(`n8n-nodes-affiliate-partner.${PROBE_TYPE}`, new TransportProbe());
