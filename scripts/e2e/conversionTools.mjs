// The conversions as tools of an AI agent (examples/ai-agent-conversions.json): a real MCP client
// connects to its MCP Server Trigger in the live n8n and does what an agent asked "which sub IDs
// converted best last week" does: the sub ID report of last week, then the conversions of the
// best sub ID. Each answer must be the sandbox's own, and the two must agree with each other.
// Bad arguments come back as tool errors naming the field, with no request sent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CONVERSIONS_MCP_SERVER, examplesDir } from '../n8n-runtime/harness.mjs';
import { call, connect, listedTools } from './mcp.mjs';

const EXPECTED_TOOLS = {
	get_conversions: { properties: ['dateFrom', 'dateTo', 'limit', 'status', 'subId'], required: [] },
	get_sub_id_report: { properties: ['dateFrom', 'dateTo', 'orderBy'], required: ['dateFrom', 'dateTo'] },
};

const DAY_MS = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const dmy = (day) => day.split('-').reverse().join('.');

/** Last week, Monday to Sunday (UTC). */
export function lastWeek(nowMs = Date.now()) {
	const today = Date.parse(isoDay(nowMs));
	const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS - 7 * DAY_MS;
	return { from: isoDay(monday), to: isoDay(monday + 6 * DAY_MS) };
}

const conversions = (row) => row.leads_sum + row.sales_sum;

export async function checkConversionTools({ baseUrl, sandbox, token }) {
	const example = JSON.parse(readFileSync(join(examplesDir, 'ai-agent-conversions.json'), 'utf8'));
	const client = await connect(`${baseUrl}${CONVERSIONS_MCP_SERVER.path}`, token);
	try {
		const tools = await listedTools(client, example, EXPECTED_TOOLS);

		// "Which sub IDs converted best last week?": the report of those days, most conversions first.
		const week = lastWeek();
		const period = { date_start: dmy(week.from), date_end: dmy(week.to) };
		const report = await call(client, 'get_sub_id_report', { dateFrom: week.from, dateTo: week.to, orderBy: 'actions' });
		assert.equal(report.isError, false, report.text);
		const direct = await sandbox.partnerRecords('/statistics/sub_ids/', { ...period, order_by: '-actions' });
		assert.deepEqual(report.data, direct, "get_sub_id_report: every row of the sandbox's report of last week, most conversions first");
		for (let i = 1; i < report.data.length; i++) assert.ok(conversions(report.data[i - 1]) >= conversions(report.data[i]), 'most conversions first');
		// A sub ID has a row per currency: what an agent answers is its conversions in all of them.
		const totals = new Map();
		for (const row of report.data.filter((candidate) => candidate.subid !== '')) totals.set(row.subid, (totals.get(row.subid) ?? 0) + conversions(row));
		const ranking = [...totals].sort((a, b) => b[1] - a[1]);
		assert.ok(ranking.length > 0 && ranking[0][1] > 0, 'the sandbox has conversions under a sub ID last week');
		const [[best]] = ranking;

		// Then the conversions of the best one: the same count and earnings as its report rows.
		const list = await call(client, 'get_conversions', { subId: best, dateFrom: week.from, dateTo: week.to, limit: 500 });
		assert.equal(list.isError, false, list.text);
		const directList = await sandbox.partnerRecords('/statistics/actions/', { ...period, subid: best });
		assert.deepEqual(list.data, directList, `get_conversions: the sandbox's conversions of "${best}" last week`);
		const rows = report.data.filter((row) => row.subid === best);
		assert.equal(list.data.length, rows.reduce((sum, row) => sum + conversions(row), 0), 'as many conversions as the report counts');
		for (const row of rows) {
			const earned = list.data.filter((a) => a.currency === row.currency && a.status !== 'declined').reduce((sum, a) => sum + a.payment, 0);
			assert.equal(Math.round(earned * 100), Math.round(row.payment_sum * 100), `${best}, ${row.currency}: the report's payment_sum is what its conversions earned`);
		}

		// Arguments a model may get wrong: the answer names the field, and nothing is sent.
		await sandbox.clearRequests();
		const badOrder = await call(client, 'get_sub_id_report', { dateFrom: week.from, dateTo: week.to, orderBy: 'best' });
		assert.equal(badOrder.isError, true, 'an unknown sort field is a tool error');
		assert.match(badOrder.text, /Order By/);
		const badDay = await call(client, 'get_conversions', { dateFrom: '2026-02-31' });
		assert.equal(badDay.isError, true, 'an impossible date is a tool error');
		assert.match(badDay.text, /Action Date From.*2026-02-31/);
		const sent = (await sandbox.requests()).filter((r) => r.path === '/statistics/sub_ids/' || (r.path === '/statistics/actions/' && r.query.date_start));
		assert.deepEqual(sent, [], 'no request reached the service for the bad arguments');

		const answer = ranking
			.slice(0, 3)
			.map(([subId, count]) => `${subId} ${count}`)
			.join(', ');
		return {
			summary: `${tools.length} tools listed by an MCP client (${tools.map((tool) => tool.name).join(', ')}); last week (${week.from} to ${week.to}) the best sub IDs by conversions: ${answer}; the ${list.data.length} conversions of "${best}" match its report rows, and both match the sandbox; a wrong sort field and an impossible date came back as tool errors, with no request sent`,
			capture: [`Sub ID report, ${week.from} to ${week.to}, most conversions first:`, ...report.data.map((row) => `${row.subid || '(none)'}: ${conversions(row)} conversions, ${row.clicks} clicks, cr ${row.cr}, ${row.payment_sum} ${row.currency}`)].join('\n'),
			errors: [badOrder.text, badDay.text],
		};
	} finally {
		await client.close();
	}
}
