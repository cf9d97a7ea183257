// The conversion examples that `n8n execute` runs, each checked against the sandbox's own answers:
// approved-conversions.json (a Google Sheet upserted by action ID: a conversion whose status moves
// on keeps its one row) and daily-earnings.json (yesterday's two reports in one Slack message).
// Each example's `prepare` makes the changes its check relies on, before the run.
import assert from 'node:assert/strict';

import { nodeOutput } from '../n8n-runtime/harness.mjs';

const DAY_MS = 86_400_000;
export const APPROVED_SHEET = 'Approved conversions';

/** Yesterday (UTC), as the examples read it: `$now.toUTC().minus({ days: 1 })`. */
const yesterday = () => new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
/** How long ago a time of that day (UTC) was: a change stamped then, written now (a late write). */
const agoAt = (day, clock) => Date.now() - Date.parse(`${day}T${clock}Z`);
/** A day as the service takes it, DD.MM.YYYY. */
const dmy = (day) => day.split('-').reverse().join('.');
const firstValues = (query) => Object.fromEntries(Object.entries(query).map(([key, values]) => [key, values[0]]));
const sentTo = (requests, path) => requests.filter((r) => r.method === 'GET' && r.path === path).map((r) => firstValues(r.query));

/** A cell as the sheet shows it: numbers as their digits, nothing as an empty cell. */
const cell = (value) => (value === null || value === undefined ? '' : String(value));

/** The example's row of a conversion ("One row per conversion"), the columns in its order. */
const rowOf = (action) => ({
	id: action.id,
	status: action.status,
	status_updated: action.status_updated,
	action_date: action.action_date,
	program: action.advcampaign_name,
	order_id: action.order_id,
	action_type: action.action_type,
	cart: action.cart,
	payment: action.payment,
	currency: action.currency,
	subid: action.subid,
	website_name: action.website_name,
});
const COLUMNS = Object.keys(rowOf({}));
const keptBySheet = (action) => ['approved', 'approved_but_stalled'].includes(action.status);

function sheetRows(outbound) {
	const [header = [], ...rows] = outbound.state.sheet.rows(APPROVED_SHEET);
	return { header, rows: rows.map((row) => Object.fromEntries(header.map((column, i) => [column, cell(row[i])]))) };
}

/** What the sheet must hold: the conversions whose status changed on `day`, approved or stalled, read directly. */
async function expectedRows(sandbox, day) {
	const query = { status_updated_start: `${dmy(day)} 00:00:00`, status_updated_end: `${dmy(day)} 23:59:59` };
	const actions = await sandbox.partnerRecords('/statistics/actions/', query);
	return actions.filter(keptBySheet).map((action) => Object.fromEntries(Object.entries(rowOf(action)).map(([k, v]) => [k, cell(v)])));
}

/**
 * Conversions of last week approved yesterday, as the network approves them: two approved, one
 * declined (which the sheet must leave out). The sheet the example writes to exists, empty.
 */
async function prepareApproved({ sandbox, outbound }) {
	outbound.state.sheet.sheet(APPROVED_SHEET);
	const day = yesterday();
	const created = await sandbox.createActions('partner', [0, 1, 2].map(() => ({ status: 'pending', stampedAgoMs: 6 * DAY_MS, subid: 'e2e-sheet' })));
	const decisions = [
		['approved', '09:00:00'],
		['approved', '10:00:00'],
		['declined', '11:00:00'],
	];
	for (const [i, [status, clock]] of decisions.entries()) await sandbox.changeAction('partner', created[i].id, { status, stampedAgoMs: agoAt(day, clock) });
	return { day, approved: created.slice(0, 2).map((a) => a.id), declined: created[2].id };
}

async function checkApproved({ sandbox, requests, outbound, rerun, prepared }) {
	const { day, approved, declined } = prepared;
	const [query] = sentTo(requests, '/statistics/actions/');
	assert.ok(query, 'the node asked GET /statistics/actions/');
	assert.equal(query.status_updated_start, `${dmy(day)} 00:00:00`, 'from the start of yesterday (UTC), as the service writes times');
	assert.equal(query.status_updated_end, `${dmy(day)} 23:59:59`, 'to its end');
	assert.equal(query.status, undefined, 'no status filter: the example keeps approved and stalled after the read');

	const expected = await expectedRows(sandbox, day);
	const { header, rows } = sheetRows(outbound);
	assert.deepEqual(header, COLUMNS, 'the header row: the columns of "One row per conversion", in its order');
	assert.deepEqual(rows, expected, 'one row per conversion approved or stalled yesterday, each cell as the service has it');
	for (const id of approved) assert.ok(rows.some((row) => row.id === String(id)), `the conversion approved yesterday (${id}) has its row`);
	assert.ok(!rows.some((row) => row.id === String(declined)), `the conversion declined yesterday (${declined}) has none`);
	const calls = outbound.state.requests.filter((r) => r.host === 'sheets.googleapis.com');

	// The network stalls one of them: a change written late, stamped yesterday evening. Run again.
	const [moved] = approved;
	await sandbox.changeAction('partner', moved, { status: 'approved_but_stalled', stampedAgoMs: agoAt(day, '18:00:00') });
	await rerun();
	const again = sheetRows(outbound);
	assert.deepEqual(again.rows.map((row) => row.id), rows.map((row) => row.id), 'the second run updated the rows in place and added none');
	const movedRow = again.rows.find((row) => row.id === String(moved));
	assert.equal(movedRow.status, 'approved_but_stalled', `the row of ${moved} shows its new status`);
	assert.equal(movedRow.status_updated, `${day} 18:00:00`, `the row of ${moved} shows when it changed`);
	assert.deepEqual(again.rows, await expectedRows(sandbox, day), 'every other row as before, and as the service has it');
	return {
		summary: `${rows.length} conversions approved or stalled on ${day} in the sheet "${APPROVED_SHEET}" (${header.length} columns), the one declined that day left out (${calls.length} Sheets calls); conversion ${moved} stalled, written late: the second run updated its row to approved_but_stalled and left ${again.rows.length} rows`,
		capture: [header.join(' | '), ...again.rows.filter((row) => approved.includes(Number(row.id))).map((row) => Object.values(row).join(' | '))].join('\n'),
	};
}

/** What the example's "One message" posts, rendered here from the two reports on their own. */
export function earningsText(day, programs, subIds) {
	const earned = (row) => Math.round((row.payment_sum_open + row.payment_sum_approved) * 100) / 100;
	const count = (row) => row.leads_sum + row.sales_sum;
	const lines = (rows, name) =>
		rows
			.filter((row) => count(row) > 0)
			.sort((a, b) => a.currency.localeCompare(b.currency) || earned(b) - earned(a) || name(a).localeCompare(name(b)))
			.map((row) => `• ${name(row)}: ${earned(row).toFixed(2)} ${row.currency}, ${count(row)} conversion${count(row) === 1 ? '' : 's'}`);
	const totals = earnedByCurrency(programs, earned);
	const total = Object.keys(totals).sort().filter((currency) => totals[currency] > 0).map((currency) => `${totals[currency].toFixed(2)} ${currency}`).join(', ');
	const byProgram = lines(programs, (row) => row.advcampaign_name);
	const bySubId = lines(subIds, (row) => row.subid || '(no sub ID)');
	return [`*Earnings on ${day}*: ${total || 'nothing earned'}`, '*By program*', ...(byProgram.length ? byProgram : ['• no conversions']), '*By sub ID*', ...(bySubId.length ? bySubId : ['• no conversions'])].join('\n');
}

function earnedByCurrency(rows, earned) {
	const totals = {};
	for (const row of rows) totals[row.currency] = (totals[row.currency] ?? 0) + earned(row);
	return totals;
}

const cents = (totals) => Object.fromEntries(Object.entries(totals).map(([currency, sum]) => [currency, Math.round(sum * 100)]).filter(([, sum]) => sum !== 0).sort());

/** One open conversion of yesterday under a sub ID of its own, which the message must name. */
async function prepareEarnings({ sandbox }) {
	const day = yesterday();
	const [action] = await sandbox.createActions('partner', [{ status: 'pending', stampedAgoMs: agoAt(day, '12:00:00'), subid: 'e2e-earnings' }]);
	return { day, action };
}

async function checkEarnings({ run, sandbox, requests, outbound, prepared }) {
	const { day, action } = prepared;
	const period = { date_start: dmy(day), date_end: dmy(day) };
	for (const path of ['/statistics/campaigns/', '/statistics/sub_ids/']) {
		const sent = sentTo(requests, path);
		assert.equal(sent.length, 1, `${path}: one request (one page; the second report runs once)`);
		assert.deepEqual([sent[0].date_start, sent[0].date_end], [period.date_start, period.date_end], `${path}: yesterday (UTC)`);
	}
	const programs = await sandbox.partnerRecords('/statistics/campaigns/', period);
	const subIds = await sandbox.partnerRecords('/statistics/sub_ids/', period);
	assert.deepEqual(nodeOutput(run, 'Yesterday by program').map((item) => item.json), programs, 'Report by program: every row as the service sends it');
	assert.deepEqual(nodeOutput(run, 'Yesterday by sub ID').map((item) => item.json), subIds, 'Report by sub ID: every row as the service sends it');

	// Both reports, and the conversions of the day themselves, agree on what was earned per currency.
	const earned = (row) => row.payment_sum_open + row.payment_sum_approved;
	const actions = await sandbox.partnerRecords('/statistics/actions/', period);
	const fromActions = cents(earnedByCurrency(actions.filter((a) => a.status !== 'declined'), (a) => a.payment));
	assert.deepEqual(cents(earnedByCurrency(programs, earned)), fromActions, "by program: the day's conversions, declined left out");
	assert.deepEqual(cents(earnedByCurrency(subIds, earned)), fromActions, 'by sub ID: the same sums');

	const messages = outbound.state.messages;
	assert.equal(messages.length, 1, 'one Slack message for both reports');
	assert.equal(messages[0].channel, '#affiliate-earnings');
	assert.equal(messages[0].text, earningsText(day, programs, subIds), 'the message text, rendered here from the two reports');
	const line = `• e2e-earnings: ${action.payment.toFixed(2)} ${action.currency}, 1 conversion`;
	assert.ok(messages[0].text.split('\n').includes(line), `the conversion made for the test is in it: ${line}`);
	return {
		summary: `${programs.length} program rows and ${subIds.length} sub ID rows of ${day}, ${actions.length} conversions; the sums by currency agree with each other and with the conversions; one Slack message to ${messages[0].channel}`,
		capture: messages[0].text,
	};
}

/** The conversion examples `n8n execute` runs, with what each needs beforehand and its check. */
export const CONVERSION_CLI_EXAMPLES = [
	{ id: 'AffExApprovedCv1', file: 'approved-conversions.json', prepare: prepareApproved, check: checkApproved },
	{ id: 'AffExDailyEarns1', file: 'daily-earnings.json', prepare: prepareEarnings, check: checkEarnings },
];
