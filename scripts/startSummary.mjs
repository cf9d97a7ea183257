// What `npm start` prints once n8n is ready: where to log in, the examples, the MCP server, and
// the sandbox's credentials, so that a user creating a credential by hand need not scroll up.
import { CONVERSIONS_MCP_SERVER, LINKS_MCP_SERVER, MCP_SERVER, OWNER } from './n8n-runtime/harness.mjs';

/** The closing summary of `npm start`; `sandbox` is the sandbox's state (its URLs and the keys it made up). */
export function startSummary({ url, n8nVersion, timing, withMcp, sandbox, userFolder }) {
	return [
		'',
		`n8n ${n8nVersion} is ready: ${url}   (${timing})`,
		`  log in:       ${OWNER.email} / ${OWNER.password}`,
		'  examples:     Overview > Workflows, or open one directly:',
		`                  ${url}/workflow/AffExLostOrders1     rejected lost orders into a Google Sheet (Google Sheets off until you connect it)`,
		`                  ${url}/workflow/AffExLostClaim01     claim unknown orders with a PDF receipt`,
		`                  ${url}/workflow/AffExDailyClicks     yesterday's clicks by merchant to Slack (Slack off until you connect it)`,
		`                  ${url}/workflow/AffExClickTrigr1     new clicks to Slack (Slack off until you connect it; publish it to poll)`,
		`                  ${url}/workflow/AffExClaimDecid1     a claim decided to Slack (Slack off until you connect it; publish it to poll)`,
		`                  ${url}/workflow/AffExExchangeRte     an exchange rate for a date`,
		`                  ${url}/workflow/AffExApprovedCv1     conversions approved yesterday into a Google Sheet (Google Sheets off until you connect it)`,
		`                  ${url}/workflow/AffExDeclinedCv1     a declined conversion to Slack (Slack off until you connect it; publish it to poll)`,
		`                  ${url}/workflow/AffExDailyEarns1     yesterday's earnings by program and sub ID to Slack (Slack off until you connect it)`,
		...(withMcp ? [`                  ${url}/workflow/${MCP_SERVER.workflowId}     the nodes as tools for AI agents (published)`] : []),
		`                  ${url}/workflow/AffExLinksSheet1     product URLs in a Google Sheet to affiliate links (Google Sheets off until you connect it)`,
		`                  ${url}/workflow/AffExCouponsTdy1     coupons that start today to Slack (Slack off until you connect it)`,
		`                  ${url}/workflow/${CONVERSIONS_MCP_SERVER.workflowId}     conversions and the sub ID report as tools for AI agents (published)`,
		`                  ${url}/workflow/${LINKS_MCP_SERVER.workflowId}     affiliate links for any page as tools for AI agents (published)`,
		'                Open one and click "Execute workflow". The examples are re-imported at every start.',
		withMcp ? `  MCP server:   ${url}${MCP_SERVER.path}   header  Authorization: Bearer ${MCP_SERVER.token}` : '  MCP server:   needs n8n 2.x (the MCP Server Trigger at version 2.1)',
		`  MCP server:   ${url}${CONVERSIONS_MCP_SERVER.path}   header  Authorization: Bearer ${MCP_SERVER.token}   (conversions; on n8n 1.x too)`,
		`  MCP server:   ${url}${LINKS_MCP_SERVER.path}   header  Authorization: Bearer ${MCP_SERVER.token}   (affiliate links; on n8n 1.x too)`,
		'  credentials:  "Affiliate Partner sandbox", "Affiliate Partner sandbox (client credentials)", "Click Statistics sandbox", "MCP clients (sandbox)"',
		`  sandbox:      partner ${sandbox.partnerUrl}, clicks ${sandbox.clickUrl}, control ${sandbox.partnerUrl}/_sandbox/state`,
		// Made up by the sandbox at its start, for a credential created by hand: not secrets of any account.
		`  sandbox keys: access token ${sandbox.accessToken}   client ID ${sandbox.clientId}   client secret ${sandbox.clientSecret}`,
		`                click public key ${sandbox.publicKey}`,
		...userFolderLines(userFolder),
		'Ctrl-C stops n8n and the sandbox.',
		'',
	].join('\n');
}

/**
 * Where n8n keeps this demo's database (workflows, credentials, executions): in the runtime cache
 * (scripts/n8n-runtime/runtime.mjs), outside the clone, so that deleting the clone leaves it behind.
 */
export function userFolderLines(userFolder) {
	return [
		`  user folder:  ${userFolder}`,
		"                n8n's database: your workflows, credentials and executions. It is outside the clone and outlives it.",
		'                To start clean:  npm start -- --fresh   (or remove that folder while n8n is stopped)',
	];
}
