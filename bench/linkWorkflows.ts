// The deeplinks as a user makes them without this package: n8n's HTTP Request node, one request
// per URL (one input item each), paced by its Batching option at the credential's rate.
import { manualTrigger, splitOut, workflow, type Json } from './httpRequestWorkflows';

/**
 * 1,000 URLs as 1,000 items (a Set node's list, split out), then the HTTP Request node (v4.2):
 * GET /deeplink/{ad space}/advcampaign/{program}/?ulp={{ $json.url }}, Batching 1 item every
 * 1000 / rate ms. The node starts each request after the interval without waiting for the answer
 * before (n8n-nodes-base, HttpRequestV3.node.js, its batching), so it keeps the pace whatever the
 * latency; the answer, an array of one link, becomes that item's output.
 */
export function deeplinkWorkflow(
	id: string,
	options: { partnerUrl: string; accessToken: string; rate: number; adSpaceId: string; programId: string; urls: string[] },
): Json {
	return workflow(id, `bench ${id}`, [
		manualTrigger,
		{
			id: 'urls',
			name: 'URLs',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [200, 0],
			parameters: { mode: 'raw', jsonOutput: JSON.stringify({ url: options.urls }), options: {} },
		},
		splitOut('splitUrls', 'Split Out URLs', 'url', 400),
		{
			id: 'http',
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [600, 0],
			parameters: {
				method: 'GET',
				url: `${options.partnerUrl}/deeplink/${options.adSpaceId}/advcampaign/${options.programId}/`,
				authentication: 'none',
				sendQuery: true,
				specifyQuery: 'keypair',
				queryParameters: { parameters: [{ name: 'ulp', value: '={{ $json.url }}' }] },
				sendHeaders: true,
				specifyHeaders: 'keypair',
				headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${options.accessToken}` }] },
				options: { batching: { batch: { batchSize: 1, batchInterval: Math.ceil(1000 / options.rate) } } },
			},
		},
	]);
}
