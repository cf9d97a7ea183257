// The example workflows run headless with `n8n execute`, each checked against what the sandbox
// itself says: the test asks the sandbox's interfaces directly for the expected data.
import assert from 'node:assert/strict';

import { nodeOutput } from '../n8n-runtime/harness.mjs';

const json = (items) => items.map((item) => item.json);

/** A small client of the sandbox: its two interfaces with the sandbox's own credentials, and its request log. */
export function sandboxClient(state) {
	const get = async (url, headers = {}) => {
		const response = await fetch(url, { headers });
		const text = await response.text();
		if (!response.ok) throw new Error(`GET ${url.replace(/\?.*/, '')}: HTTP ${response.status} ${text.slice(0, 300)}`);
		return JSON.parse(text);
	};
	return {
		state,
		partner: (path, query = {}) =>
			get(`${state.partnerUrl}${path}?${new URLSearchParams(query)}`, { authorization: `Bearer ${state.accessToken}` }),
		click: (query) =>
			get(`${state.clickUrl}/v2/api/stats/click?${new URLSearchParams(query)}`, { authorization: `Bearer ${state.publicKey}` }),
		requests: async () => (await get(`${state.partnerUrl}/_sandbox/requests`)).data,
		clearRequests: () => fetch(`${state.partnerUrl}/_sandbox/requests`, { method: 'DELETE' }),
		insertClicks: async (items) => {
			const response = await fetch(`${state.clickUrl}/_sandbox/clicks`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ items }),
			});
			if (response.status !== 201) throw new Error(`POST /_sandbox/clicks: HTTP ${response.status} ${await response.text()}`);
			return (await response.json()).data;
		},
	};
}

/** Every item of the click report for one day, read page by page straight from the sandbox. */
async function allClicksOfDay(sandbox, day) {
	const items = [];
	for (let offset = 0; ; offset += 500) {
		const page = await sandbox.click({ dateFrom: day, dateTo: day, limit: 500, offset });
		items.push(...page.data);
		if (page.data.length < 500 || items.length >= page.meta.total) return { items, total: page.meta.total };
	}
}

async function checkLostOrders(run, sandbox, requests) {
	const rows = json(nodeOutput(run, 'Spreadsheet rows'));
	const sent = requests.filter((r) => r.method === 'GET' && r.path === '/lost_orders/');
	assert.ok(sent.length >= 1, 'the node asked GET /lost_orders/');
	const { status, start_date: start, end_date: end } = Object.fromEntries(Object.entries(sent[0].query).map(([k, v]) => [k, v[0]]));
	assert.equal(status, 'rejected', 'status filter sent');
	assert.match(start ?? '', /^\d\d\.\d\d\.\d{4}$/, 'start_date sent as DD.MM.YYYY');
	const days = (Date.parse(end.split('.').reverse().join('-')) - Date.parse(start.split('.').reverse().join('-'))) / 86_400_000;
	assert.equal(days, 30, 'the period is the last 30 days');

	// What the service holds for the same query, read directly.
	const expected = [];
	for (let offset = 0; ; offset += 500) {
		const page = await sandbox.partner('/lost_orders/', { status, start_date: start, end_date: end, limit: 500, offset });
		expected.push(...page.results);
		if (expected.length >= page._meta.count || page.results.length === 0) break;
	}
	assert.ok(expected.length > 0, 'the sandbox has rejected lost orders in the last 30 days');
	assert.deepEqual(
		rows.map((row) => row['Claim ID']),
		expected.map((order) => order.id),
		'one row per rejected lost order, in the service order (Return All)',
	);
	const columns = ['Claim ID', 'Created', 'Program', 'Program ID', 'Ad Space', 'Order ID', 'Order Date', 'Order Price', 'Currency', 'Reject Reason', 'Reject Comment'];
	for (const [i, row] of rows.entries()) {
		assert.deepEqual(Object.keys(row), columns, 'flat spreadsheet columns');
		const order = expected[i];
		assert.equal(row.Program, order.advcampaign.name);
		assert.equal(row['Order Price'], order.order_price);
		assert.equal(row['Reject Reason'], order.reject_reason);
		assert.ok(row['Reject Reason'] !== '', 'a rejected order has a reason');
	}
	return `${rows.length} rejected lost orders from ${start} to ${end} as rows (${sent.length} request${sent.length > 1 ? 's' : ''})`;
}

async function checkLostOrderClaim(run, sandbox, requests) {
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
	assert.deepEqual(created.map((c) => c.order_id), ['61159901', '61159902'], 'a lost order only for each order the program does not know');
	for (const claim of created) {
		assert.equal(claim.status, 'processing');
		assert.equal(claim.advcampaign.id, 6115);
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
	return `status of 4 orders in 1 request; 2 lost orders created (#${created.map((c) => c.id).join(', #')}) with PDF receipts of ${posts.map((p) => p.multipart.files.receipt.size).join(' and ')} bytes`;
}

async function checkDailyClicks(run, sandbox) {
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
	return `${total} click items of ${day} (${Math.ceil(total / 500)} pages) summed into ${rows.length} merchants, ${all} clicks; top: ${rows[0].merchant} ${rows[0].clicks}`;
}

async function checkReferenceData(run, sandbox) {
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
];
