// What the queue-mode test imports into n8n's Postgres database: the credentials, with each
// account's limits divided among the n8n processes that use it (docs/scaling.md), and four
// workflows: two webhooks that run a Return All on a worker, and the two triggers.
import { CREDENTIAL_IDS, sandboxCredentials } from '../n8n-runtime/harness.mjs';

/** n8n processes that use each account here: the main (its triggers poll) and two workers. */
export const PROCESSES_SHARING_A_KEY = 3;

/** The sandbox's limits with `rateLimits` on, as the real services have them (sandbox/state.ts). */
export const SERVICE_LIMITS = { partnerPerMinute: 600, clickPerSecond: 3, clickPer5Minutes: 100 };

export const IDS = {
	partnerCredential: 'QueuePartnerCred',
	clickCredential: 'QueueClicksCreds',
	clickReadWorkflow: 'QueueClickRead01',
	partnerReadWorkflow: 'QueueLostOrders1',
	clickTriggerWorkflow: 'QueueClickTrigr1',
	claimTriggerWorkflow: 'QueueClaimTrigr1',
};

const NAMES = { partner: 'Affiliate Partner (client credentials, queue test)', click: 'Click Statistics (queue test)' };

export const WEBHOOK_PATHS = { click: 'queue-click-report', partner: 'queue-lost-orders' };
export const TRIGGER_NODES = { click: 'Click Report Trigger', claim: 'Affiliate Partner Trigger' };

const share = (limit) => Math.floor((limit / PROCESSES_SHARING_A_KEY) * 10) / 10;

/**
 * The sandbox's credentials (harness.mjs) for client credentials and clicks, each at one process's
 * share: partner 600/min → 3.3/s; clicks 3/s → 1/s and 100 → 33 per 5 minutes.
 */
export function queueCredentials(state) {
	const [partner, click] = [CREDENTIAL_IDS.partnerClient, CREDENTIAL_IDS.click].map((id) => sandboxCredentials(state).find((c) => c.id === id));
	return [
		{ ...partner, id: IDS.partnerCredential, name: NAMES.partner, data: { ...partner.data, maxRequestsPerSecond: share(SERVICE_LIMITS.partnerPerMinute / 60) } },
		{
			...click,
			id: IDS.clickCredential,
			name: NAMES.click,
			data: {
				...click.data,
				maxRequestsPerSecond: share(SERVICE_LIMITS.clickPerSecond),
				maxRequestsPer5Minutes: Math.floor(SERVICE_LIMITS.clickPer5Minutes / PROCESSES_SHARING_A_KEY),
			},
		},
	];
}

const credentialRef = {
	partner: { affiliatePartnerApi: { id: IDS.partnerCredential, name: NAMES.partner } },
	click: { clickStatisticsApi: { id: IDS.clickCredential, name: NAMES.click } },
};

let nodeCounter = 0;
const nodeId = () => `00000000-0000-4000-9000-${String(++nodeCounter).padStart(12, '0')}`;

function workflow(id, name, nodes) {
	const connections = {};
	for (let index = 0; index + 1 < nodes.length; index++) {
		connections[nodes[index].name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		id,
		name,
		active: false,
		nodes: nodes.map((node, index) => ({ id: nodeId(), position: [index * 240, 0], ...node })),
		connections,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
	};
}

/** A webhook that answers with every item of the last node, once the worker has run it. */
function webhook(path) {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: nodeId(),
		parameters: { httpMethod: 'GET', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
	};
}

const everyMinute = { item: [{ mode: 'everyMinute' }] };

export function queueWorkflows() {
	return [
		workflow(IDS.clickReadWorkflow, 'Queue test: click report, Return All', [
			webhook(WEBHOOK_PATHS.click),
			{
				name: 'Click Report',
				type: 'n8n-nodes-affiliate-partner.clickReport',
				typeVersion: 1,
				credentials: credentialRef.click,
				parameters: { operation: 'getMany', returnAll: true, filters: { dateFrom: '={{ $json.query.from }}', dateTo: '={{ $json.query.to }}' } },
			},
		]),
		workflow(IDS.partnerReadWorkflow, 'Queue test: lost orders, Return All', [
			webhook(WEBHOOK_PATHS.partner),
			{
				name: 'Lost orders',
				type: 'n8n-nodes-affiliate-partner.affiliatePartner',
				typeVersion: 1.1,
				credentials: credentialRef.partner,
				parameters: { resource: 'lostOrder', operation: 'getMany', returnAll: true, filters: {}, options: {} },
			},
		]),
		workflow(IDS.clickTriggerWorkflow, 'Queue test: Click Report Trigger', [
			{
				name: TRIGGER_NODES.click,
				type: 'n8n-nodes-affiliate-partner.clickReportTrigger',
				typeVersion: 1,
				credentials: credentialRef.click,
				parameters: { pollTimes: everyMinute, filters: {}, options: { lookbackMinutes: 60 } },
			},
		]),
		workflow(IDS.claimTriggerWorkflow, 'Queue test: Affiliate Partner Trigger', [
			{
				name: TRIGGER_NODES.claim,
				type: 'n8n-nodes-affiliate-partner.affiliatePartnerTrigger',
				typeVersion: 1,
				credentials: credentialRef.partner,
				parameters: { pollTimes: everyMinute, events: ['lostOrderStatusChanged'], filters: {}, options: {} },
			},
		]),
	];
}
