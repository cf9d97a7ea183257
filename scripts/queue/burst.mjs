// Executions spread over the workers: reads started at once through the two webhooks, each answered
// with every item once the worker has run it, each checked for completeness against the sandbox;
// then what the service saw: requests refused for rate, and tokens minted.
import assert from 'node:assert/strict';

import { WEBHOOK_PATHS } from './setup.mjs';

const DAY_MS = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The page size of the click report (spec: default and maximum limit 500). */
const CLICK_PAGE = 500;

/**
 * `count` periods of whole days, each with more than two and at most three pages of click items,
 * found by asking the sandbox's own count (a control endpoint: no rate limit, no request logged).
 */
export async function clickPeriods(sandbox, count) {
	const periods = [];
	let end = Date.now() - DAY_MS;
	while (periods.length < count) {
		let start = end;
		let items = await sandbox.countClicks(isoDay(start), isoDay(end));
		while (items <= 2 * CLICK_PAGE) {
			start -= DAY_MS;
			items = await sandbox.countClicks(isoDay(start), isoDay(end));
		}
		if (items <= 3 * CLICK_PAGE) periods.push({ from: isoDay(start), to: isoDay(end), items });
		end = start - DAY_MS;
	}
	return periods;
}

/** Tokens minted, and requests of n8n refused for rate (click 429, partner 503), since the log was cleared. */
export async function serviceCounts(sandbox) {
	const requests = (await sandbox.requests()).filter((r) => /n8n/i.test(String(r.headers['user-agent'])));
	const refused = requests.filter((r) => r.status === 429 || (r.api === 'partner' && r.status === 503));
	return {
		refusedDetail: refused.map((r) => refusalDetail(r, requests)).join('; '),
		tokensMinted: requests.filter((r) => r.api === 'partner' && r.method === 'POST' && r.path === '/token/').length,
		refused: refused.length,
		requests: requests.length,
		clickRequests: requests.filter((r) => r.api === 'click').length,
		partnerRequests: requests.filter((r) => r.api === 'partner' && r.path !== '/token/').length,
	};
}

/**
 * What the service had seen before a refusal: the same API's requests that arrived in the second
 * (click) or minute (partner) before it, as milliseconds before it, so a failure says how close
 * together they came.
 */
function refusalDetail(refusal, requests) {
	const windowMs = refusal.api === 'click' ? 1_000 : 60_000;
	const before = requests
		.filter((r) => r !== refusal && r.api === refusal.api && r.time <= refusal.time && r.time > refusal.time - windowMs)
		.map((r) => refusal.time - r.time);
	return `${refusal.api} ${refusal.method} ${refusal.path} refused ${refusal.status}; ${before.length} requests in the ${windowMs / 1000} s before it, arriving ${before.join(', ')} ms before`;
}

async function callWebhook(baseUrl, path, query = {}) {
	const response = await fetch(`${baseUrl}/webhook/${path}?${new URLSearchParams(query)}`);
	const text = await response.text();
	assert.equal(response.status, 200, `webhook ${path} answered ${response.status}: ${text.slice(0, 500)}`);
	return JSON.parse(text);
}

function assertComplete(items, expected, what) {
	const ids = new Set(items.map((item) => item.id));
	assert.equal(ids.size, items.length, `${what}: ${items.length - ids.size} items came twice`);
	assert.equal(items.length, expected, `${what}: ${items.length} items, the sandbox has ${expected}`);
}

/**
 * Starts `clickReads` click Return Alls over the periods and `partnerReads` lost-order Return Alls,
 * all at once; resolves when every one answered, each checked complete.
 */
export async function readAtOnce({ baseUrl, periods, lostOrders, partnerReads }) {
	const calls = [
		...periods.map(async (period) => {
			const items = await callWebhook(baseUrl, WEBHOOK_PATHS.click, { from: period.from, to: period.to });
			assertComplete(items, period.items, `click report ${period.from}..${period.to}`);
			return { kind: 'click', items: items.length };
		}),
		...Array.from({ length: partnerReads }, async () => {
			const items = await callWebhook(baseUrl, WEBHOOK_PATHS.partner);
			assertComplete(items, lostOrders, 'lost orders');
			return { kind: 'partner', items: items.length };
		}),
	];
	const started = performance.now();
	const results = await Promise.all(calls);
	return { results, ms: performance.now() - started };
}

/** The lost orders the sandbox holds (asked with its own token, not the test's credential). */
export async function lostOrderCount(sandbox) {
	return (await sandbox.partner('/lost_orders/', { limit: 1 }))._meta.count;
}
