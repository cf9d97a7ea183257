// What the crash test imports into n8n: the sandbox credentials (their base URLs pointing at the
// watching proxy) and one workflow per trigger, each polling every 10 seconds, and the n8n settings
// of each mode (docs/guarantees.md, "When n8n crashes").
import { CREDENTIAL_IDS, sandboxCredentials } from '../n8n-runtime/harness.mjs';

export const IDS = { clickWorkflow: 'ChaosClickTrig01', claimWorkflow: 'ChaosClaimTrig01' };
export const TRIGGER_NODES = { click: 'Click Report Trigger', claim: 'Affiliate Partner Trigger' };
export const TRIGGERS = [
	{ name: 'click', workflowId: IDS.clickWorkflow, node: TRIGGER_NODES.click },
	{ name: 'claim', workflowId: IDS.claimWorkflow, node: TRIGGER_NODES.claim },
];

/**
 * What the ledger counts apart: each kind of change, the trigger workflow that emits it, and for
 * conversion events the service whose actions they read (keys.mjs, CONVERSION_SOURCES). The
 * conversion events ride in the claim trigger's polls, as a user who picks both gets them.
 */
export const STREAMS = [
	{ name: 'click', workflow: 'click', label: TRIGGER_NODES.click },
	{ name: 'claim', workflow: 'claim', label: `${TRIGGER_NODES.claim}, claims` },
	{ name: 'partnerConversion', workflow: 'claim', label: `${TRIGGER_NODES.claim}, conversions`, conversions: 'partner' },
];

/**
 * n8n refuses a seconds cron such as every 5 seconds as too short, but takes six fixed-second
 * entries: a poll every 10 seconds.
 */
export const EVERY_TEN_SECONDS = { item: [0, 10, 20, 30, 40, 50].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };

/**
 * Both modes: a kill during activation leaves the workflow's publication in progress, and n8n
 * activates it again only once its lease has run out (120 s by default); 20 s keeps the test short.
 */
export const COMMON_ENV = { N8N_WORKFLOW_PUBLICATION_OUTBOX_LEASE_SECONDS: '20' };

/** Durable poll cursors need the scheduler and the publication service (n8n ≥ 2.36): all four on. */
export const DURABLE_POLL_CURSORS_ENV = {
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

/** n8n's settings of each mode; with durable cursors the first kill lands between the activation and the first committed poll. */
export const MODES = {
	defaults: { label: "n8n's defaults", env: {} },
	durable: {
		label: 'durable poll cursors',
		killBeforeFirstCommit: true,
		env: DURABLE_POLL_CURSORS_ENV,
	},
};

export function chaosCredentials(state, proxy) {
	const pick = (id) => sandboxCredentials(state).find((credential) => credential.id === id);
	const partner = pick(CREDENTIAL_IDS.partner);
	const click = pick(CREDENTIAL_IDS.click);
	return [
		{ ...partner, data: { ...partner.data, baseUrl: proxy.partnerUrl } },
		{ ...click, data: { ...click.data, baseUrl: proxy.clickUrl } },
	];
}

const credentialRef = (id, name, type) => ({ [type]: { id, name } });

function triggerWorkflow(id, name, nodeId, node) {
	return {
		id,
		name,
		active: false,
		nodes: [{ id: nodeId, position: [0, 0], ...node }],
		connections: {},
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
	};
}

export function chaosWorkflows(credentials) {
	const [partner, click] = credentials;
	return [
		triggerWorkflow(IDS.clickWorkflow, 'Crash test: Click Report Trigger', '00000000-0000-4000-9000-0000000c11c1', {
			name: TRIGGER_NODES.click,
			type: 'n8n-nodes-affiliate-partner.clickReportTrigger',
			typeVersion: Number(process.env.CHAOS_TYPE_VERSION ?? 1.1),
			credentials: credentialRef(click.id, click.name, 'clickStatisticsApi'),
			parameters: { pollTimes: EVERY_TEN_SECONDS, filters: {}, options: { lookbackMinutes: 60 } },
		}),
		triggerWorkflow(IDS.claimWorkflow, 'Crash test: Affiliate Partner Trigger', '00000000-0000-4000-9000-0000000c1a1d', {
			name: TRIGGER_NODES.claim,
			type: 'n8n-nodes-affiliate-partner.affiliatePartnerTrigger',
			typeVersion: Number(process.env.CHAOS_TYPE_VERSION ?? 1.1),
			credentials: credentialRef(partner.id, partner.name, 'affiliatePartnerApi'),
			parameters: { pollTimes: EVERY_TEN_SECONDS, events: ['lostOrderCreated', 'lostOrderStatusChanged', 'conversionCreated', 'conversionStatusChanged'], filters: {}, options: {} },
		}),
	];
}
