// The example workflows run headless with `n8n execute`, each checked against what the sandbox
// itself says: the test asks the sandbox's interfaces directly for the expected data.
import assert from 'node:assert/strict';

import { nodeOutput } from '../n8n-runtime/harness.mjs';
import { CONVERSION_CLI_EXAMPLES } from './conversionExamples.mjs';
import { STAND_IN } from './externalNodes.mjs';
import { LINK_CLI_EXAMPLES } from './linkExamples.mjs';

const json = (items) => items.map((item) => item.json);

/** Every item of the click report for one day, read page by page straight from the sandbox. */
async function allClicksOfDay(sandbox, day) {
	const items = [];
	for (let offset = 0; ; offset += 500) {
		const page = await sandbox.click({ dateFrom: day, dateTo: day, limit: 500, offset });
		items.push(...page.data);
		if (page.data.length < 500 || items.length >= page.meta.total) return { items, total: page.meta.total };
	}
}

/** A partner record as Flatten Nested Fields promises it: `website: {id, name}` into `website_id`, `website_name`. */
export function flattened(record) {
	const flat = {};
	for (const [key, value] of Object.entries(record)) {
		if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
			for (const [inner, innerValue] of Object.entries(flattened(value))) flat[`${key}_${inner}`] = innerValue;
		} else flat[key] = value;
	}
	return flat;
}

/** A cell as the sheet shows it: numbers as their digits, nothing as an empty cell. */
const cell = (value) => (value === null || value === undefined ? '' : String(value));

/** The stand-in sheet as rows of objects keyed by its header row. */
function sheetRows(outbound) {
	const [header = [], ...rows] = outbound.state.sheet.rows(STAND_IN.sheetTitle);
	return { header, rows: rows.map((row) => Object.fromEntries(header.map((column, i) => [column, cell(row[i])]))) };
}

async function checkLostOrders({ sandbox, requests, outbound, rerun }) {
	const sent = requests.filter((r) => r.method === 'GET' && r.path === '/lost_orders/');
	assert.ok(sent.length >= 1, 'the node asked GET /lost_orders/');
	const { status, start_date: start, end_date: end } = Object.fromEntries(Object.entries(sent[0].query).map(([k, v]) => [k, v[0]]));
	assert.equal(status, 'rejected', 'status filter sent');
	assert.match(start ?? '', /^\d\d\.\d\d\.\d{4}$/, 'start_date sent as DD.MM.YYYY');
	const days = (Date.parse(end.split('.').reverse().join('-')) - Date.parse(start.split('.').reverse().join('-'))) / 86_400_000;
	assert.equal(days, 30, 'the period is the last 30 days');

	// What the service holds for the same query, read directly, flattened by the test's own rule.
	const expected = await sandbox.partnerRecords('/lost_orders/', { status, start_date: start, end_date: end });
	assert.ok(expected.length > 0, 'the sandbox has rejected lost orders in the last 30 days');
	const records = expected.map(flattened);

	// What reached Google Sheets: the stand-in spreadsheet's cells, as the Google Sheets node wrote them.
	const { header, rows } = sheetRows(outbound);
	assert.deepEqual([...header].sort(), Object.keys(records[0]).sort(), 'one column per flattened field: website_id, advcampaign_name, ...');
	assert.deepEqual(rows.map((row) => row.id), records.map((record) => cell(record.id)), 'one row per rejected lost order, in the service order');
	for (const [i, row] of rows.entries()) {
		for (const column of header) assert.equal(row[column], cell(records[i][column]), `claim ${records[i].id}, column ${column}`);
	}
	const calls = outbound.state.requests.filter((r) => r.host === 'sheets.googleapis.com');
	assert.ok(calls.every((r) => r.authorization === `Bearer ${STAND_IN.googleToken}`), "the Google credential's token on every call");

	// Append or Update keyed by the claim ID: a second run adds no row.
	await rerun();
	const again = sheetRows(outbound);
	assert.deepEqual(again.rows.map((row) => row.id), rows.map((row) => row.id), 'the second run updated the same rows and added none');
	const sample = rows.slice(0, 2).map((row) => Object.values(row).join(' | '));
	return {
		summary: `${rows.length} rejected lost orders from ${start} to ${end} in the sheet "${STAND_IN.sheetTitle}" (${header.length} columns: ${header.join(', ')}); a second run left ${again.rows.length} rows (${calls.length} Sheets calls in the first run)`,
		capture: [header.join(' | '), ...sample].join('\n'),
	};
}

const CLAIM_PROGRAM = 6115;
const UNKNOWN_ORDERS = ['61159901', '61159902'];

/** The lost-order claims the sandbox holds for the example's unknown orders, read directly. */
async function claimsOfUnknownOrders(sandbox) {
	const claims = await sandbox.partnerRecords('/lost_orders/', { advcampaign: CLAIM_PROGRAM });
	return claims.filter((claim) => UNKNOWN_ORDERS.includes(claim.order_id));
}

async function checkLostOrderClaim({ run, sandbox, requests, rerun }) {
	const statuses = json(nodeOutput(run, 'Check order status'));
	assert.deepEqual(
		statuses.map((s) => [s.order_id, s.status]),
		[
			['61150001', 'owner'],
			['61150015', 'already_counted'],
			['61159901', 'does_not_exist'],
			['61159902', 'does_not_exist'],
		],
		'order status of each order, in the order given',
	);
	const statusRequests = requests.filter((r) => r.path === '/lost_orders/payments_info/');
	assert.equal(statusRequests.length, 1, 'the four order IDs go in one status request');

	const created = json(nodeOutput(run, 'Create lost order'));
	assert.deepEqual(created.map((c) => c.order_id), UNKNOWN_ORDERS, 'a lost order only for each order the program does not know');
	assert.equal(run.data.resultData.runData['Skipped: claimed before'], undefined, 'the first run skips nothing');
	for (const claim of created) {
		assert.equal(claim.status, 'processing');
		assert.equal(claim.advcampaign.id, CLAIM_PROGRAM);
		assert.equal(claim.website.id, 1021);
		assert.ok(Number.isInteger(claim.id), 'the created claim has an ID');
	}
	const posts = requests.filter((r) => r.method === 'POST' && r.path === '/lost_orders/create/');
	assert.equal(posts.length, 2, 'two create requests');
	for (const [i, post] of posts.entries()) {
		assert.equal(post.status, 201);
		const receipt = post.multipart?.files?.receipt;
		assert.ok(receipt, 'the create request carries a receipt file');
		assert.equal(receipt.contentType, 'application/pdf');
		assert.equal(receipt.filename, `receipt-${created[i].order_id}.pdf`);
		assert.ok(receipt.size > 300, 'the receipt is a whole PDF');
		assert.equal(post.multipart.fields.order_id, created[i].order_id);
	}
	const afterFirst = await claimsOfUnknownOrders(sandbox);
	assert.deepEqual(afterFirst.map((claim) => claim.id).sort(), created.map((claim) => claim.id).sort(), 'the sandbox holds the two claims of the first run for these orders, and no other');

	// Run again: each order already has its claim, found by "Claims already filed" and skipped with why.
	await sandbox.clearRequests();
	const { run: second } = await rerun();
	const secondRequests = await sandbox.requests();
	assert.equal(second.data.resultData.runData['Create lost order'], undefined, 'the second run creates nothing');
	assert.equal(secondRequests.filter((r) => r.method === 'POST').length, 0, 'no create request in the second run');
	const skipped = json(nodeOutput(second, 'Skipped: claimed before')).map((item) => item.skipped);
	assert.deepEqual(
		skipped,
		created.map((claim) => `skipped: a claim for order ${claim.order_id} exists, id ${claim.id}, status ${claim.status}`),
		'the second run says for each order which claim it found',
	);
	const afterSecond = await claimsOfUnknownOrders(sandbox);
	assert.deepEqual(afterSecond.map((claim) => claim.id).sort(), afterFirst.map((claim) => claim.id).sort(), 'the same claims after the second run, and no more');
	return {
		summary: `status of 4 orders in 1 request; 2 lost orders created (#${created.map((c) => c.id).join(', #')}) with PDF receipts of ${posts.map((p) => p.multipart.files.receipt.size).join(' and ')} bytes; run again, both skipped as claimed before, ${afterSecond.length} claims in the sandbox as after the first run`,
		capture: skipped.join('\n'),
	};
}

async function checkDailyClicks({ run, sandbox, outbound }) {
	const clicks = nodeOutput(run, "Yesterday's clicks");
	const day = json(nodeOutput(run, 'Report rows'))[0]?.day;
	assert.match(day ?? '', /^\d{4}-\d{2}-\d{2}$/, 'the rows name the day');
	const yesterdayUtc = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
	assert.equal(day, yesterdayUtc, "the report is of yesterday (UTC)");
	const { items, total } = await allClicksOfDay(sandbox, day);
	assert.equal(clicks.length, total, 'Return All read every click item of the day');
	assert.ok(total > 500, `the day spans several pages (${total} items), so Return All really pages`);

	const sums = new Map();
	for (const item of items) sums.set(item.merchantId, (sums.get(item.merchantId) ?? 0) + item.count);
	const rows = json(nodeOutput(run, 'Most clicks first'));
	assert.equal(rows.length, sums.size, 'one row per merchant');
	for (const row of rows) assert.equal(row.clicks, sums.get(row.merchantId), `clicks of merchant ${row.merchantId}`);
	for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].clicks >= rows[i].clicks, 'most clicks first');
	const all = rows.reduce((sum, row) => sum + row.clicks, 0);

	// What reached Slack: one message, for all rows, with the day's total and the top 10.
	const messages = outbound.state.messages;
	assert.equal(messages.length, 1, 'one Slack message for all merchants (Execute Once)');
	const [message] = messages;
	assert.equal(message.channel, '#affiliate-clicks');
	const expectedText = [
		`*Clicks on ${day}*: ${all} clicks, ${rows.length} merchants`,
		...rows.slice(0, 10).map((row, i) => `${i + 1}. ${row.merchant}: ${row.clicks}`),
	].join('\n');
	assert.equal(message.text, expectedText, 'the message text, computed here from the sandbox data');
	return {
		summary: `${total} click items of ${day} (${Math.ceil(total / 500)} pages) summed into ${rows.length} merchants, ${all} clicks; one Slack message to ${message.channel}`,
		capture: message.text,
	};
}

async function checkReferenceData({ run, sandbox }) {
	const [result] = json(nodeOutput(run, 'Converted amount'));
	const { date, base, target } = json(nodeOutput(run, 'Day and currencies'))[0];
	const [y, m, d] = date.split('-');
	const direct = await sandbox.partner('/currencies/rate/', { base, target, date: `${d}.${m}.${y}` });
	assert.equal(typeof result.rate, 'number', 'the rate is converted to a number');
	assert.equal(result.rate, Number(direct.rate), 'the rate the service gives for that day');
	assert.equal(result.converted, Math.round(100 * result.rate * 100) / 100);
	assert.equal(result.base, 'USD');
	assert.equal(result.target, 'EUR');
	return `${base}→${target} on ${date}: ${result.rate}; 100 ${base} = ${result.converted} ${target}`;
}

/** The examples `n8n execute` runs, with their checks. The trigger example runs in a live n8n instead. */
export const CLI_EXAMPLES = [
	{ id: 'AffExLostOrders1', file: 'lost-orders.json', check: checkLostOrders },
	{ id: 'AffExLostClaim01', file: 'lost-order-claim.json', check: checkLostOrderClaim },
	{ id: 'AffExDailyClicks', file: 'daily-click-report.json', check: checkDailyClicks },
	{ id: 'AffExExchangeRte', file: 'reference-data.json', check: checkReferenceData },
	...CONVERSION_CLI_EXAMPLES,
	...LINK_CLI_EXAMPLES,
];
