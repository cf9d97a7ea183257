// The examples' Google Sheets and Slack nodes, connected the way a user connects them: a Google
// Sheets credential, a Slack credential and a chosen spreadsheet, then the node activated (they
// ship deactivated, docs/examples.md). Nothing else of the workflows changes. The credentials hold
// stand-in tokens: the requests go to the stand-ins of outbound.mjs.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { examplesDir } from '../n8n-runtime/harness.mjs';
import { runN8n } from '../n8n-runtime/runtime.mjs';
import { runExamplesAsShipped } from './examplesAsShipped.mjs';

export const STAND_IN = {
	spreadsheetId: '1AffiliatePartnerE2eStandInSheet',
	sheetTitle: 'Rejected lost orders',
	googleToken: 'ya29.stand-in-google-token',
	slackToken: 'xoxb-stand-in-slack-token',
};

const CREDENTIALS = [
	{
		id: 'E2eGoogleSheets1',
		name: 'Google Sheets (e2e stand-in)',
		type: 'googleSheetsOAuth2Api',
		data: {
			clientId: 'stand-in-client',
			clientSecret: 'stand-in-secret',
			oauthTokenData: { access_token: STAND_IN.googleToken, token_type: 'Bearer', refresh_token: 'stand-in-refresh' },
		},
	},
	{ id: 'E2eSlackStandIn1', name: 'Slack (e2e stand-in)', type: 'slackApi', data: { accessToken: STAND_IN.slackToken } },
];

/** What the note beside each node asks a user to do: choose the credential and the spreadsheet, and activate the node. */
function connect(workflow) {
	for (const node of workflow.nodes) {
		if (node.type === 'n8n-nodes-base.googleSheets') {
			node.credentials = { googleSheetsOAuth2Api: { id: CREDENTIALS[0].id, name: CREDENTIALS[0].name } };
			node.parameters.documentId = { __rl: true, value: STAND_IN.spreadsheetId, mode: 'id' };
			delete node.disabled;
		}
		if (node.type === 'n8n-nodes-base.slack') {
			node.credentials = { slackApi: { id: CREDENTIALS[1].id, name: CREDENTIALS[1].name } };
			delete node.disabled;
		}
	}
	return workflow;
}

export const EXAMPLES_WITH_EXTERNAL_NODES = [
	'lost-orders.json',
	'daily-click-report.json',
	'click-trigger.json',
	'claim-decisions.json',
	'approved-conversions.json',
	'daily-earnings.json',
	'declined-conversions.json',
	'affiliate-links-sheet.json',
	'coupons-starting-today.json',
];

/**
 * A user's way through: first the examples run as they ship (examplesAsShipped.mjs); then the two
 * credentials are imported and the connected copies of the examples replace the imported ones.
 * Returns what the run as shipped showed.
 */
export async function connectExternalNodes(runtime, env, { log }) {
	const asShipped = await runExamplesAsShipped(runtime, env, { log });
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-external-'));
	try {
		const credentialsFile = join(scratch, 'credentials.json');
		writeFileSync(credentialsFile, JSON.stringify(CREDENTIALS));
		chmodSync(credentialsFile, 0o600);
		const credentials = await runN8n(runtime, ['import:credentials', `--input=${credentialsFile}`], env);
		if (credentials.code !== 0) throw new Error(`import:credentials of the stand-ins failed:\n${credentials.stderr}`);
		const workflows = EXAMPLES_WITH_EXTERNAL_NODES.map((file) => connect(JSON.parse(readFileSync(join(examplesDir, file), 'utf8'))));
		const workflowsFile = join(scratch, 'workflows.json');
		writeFileSync(workflowsFile, JSON.stringify(workflows));
		const imported = await runN8n(runtime, ['import:workflow', `--input=${workflowsFile}`], env);
		if (imported.code !== 0) throw new Error(`import:workflow of the connected examples failed:\n${imported.stderr}`);
		log(`Google Sheets and Slack credentials (stand-in tokens) chosen in ${EXAMPLES_WITH_EXTERNAL_NODES.join(', ')}`);
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
	return asShipped;
}
