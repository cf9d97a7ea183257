// The link and coupon examples that `n8n execute` runs, each checked against the sandbox's own
// answers: affiliate-links-sheet.json (1,000 product URLs in a Google Sheet, each row given its
// deeplink in 5 requests) and coupons-starting-today.json (the coupons of the ad space's programs
// that start today, in one Slack message).
import assert from 'node:assert/strict';

import { nodeOutput } from '../n8n-runtime/harness.mjs';

export const LINKS_SHEET = 'Product links';
const URL_ROWS = 1000;
/** The example's ad space, program and sub ID (its node "Affiliate links"). */
const DEEPLINK = { adSpaceId: 1021, programId: 6115, subid: 'sheet' };
const ULP_PER_REQUEST = 200;
/** A row that has its link already: the example must leave it as it is. */
const KEPT = { row: 2, url: 'https://shop.sandbox.example/kept', link: 'https://links.example/typed-by-hand' };

/**
 * The sheet's product URLs: a comma in some (URLs may hold commas: never split on them), a query in
 * others, and the last row the same page as the first (each row gets its link all the same).
 */
const productUrl = (i) => (i === URL_ROWS ? productUrl(1) : `https://shop.sandbox.example/product/${i}${i % 97 === 0 ? '?colors=red,blue' : i % 10 === 0 ? `?ref=row-${i}` : ''}`);

const cell = (value) => (value === null || value === undefined ? '' : String(value));

function sheetRows(outbound, title) {
	const [header = [], ...rows] = outbound.state.sheet.rows(title);
	return { header, rows: rows.map((row) => Object.fromEntries(header.map((column, i) => [column, cell(row[i])]))) };
}

/** The sheet a user fills: the header, one row already linked, then 1,000 URLs without a link. */
function prepareSheet({ outbound }) {
	const urls = Array.from({ length: URL_ROWS }, (_, i) => productUrl(i + 1));
	outbound.state.sheet.write(`${LINKS_SHEET}!A1`, [['product_url', 'affiliate_link'], [KEPT.url, KEPT.link], ...urls.map((url) => [url, ''])]);
	return { urls };
}

/** The links the service gives for these URLs, asked here directly, 200 at a time, as the example's target. */
async function deeplinksOf(sandbox, urls) {
	const links = new Map();
	const path = `/deeplink/${DEEPLINK.adSpaceId}/advcampaign/${DEEPLINK.programId}/`;
	for (let start = 0; start < urls.length; start += ULP_PER_REQUEST) {
		const chunk = urls.slice(start, start + ULP_PER_REQUEST);
		const answer = await sandbox.partner(path, [['subid', DEEPLINK.subid], ...chunk.map((url) => ['ulp', url])]);
		assert.equal(answer.length, chunk.length, 'the sandbox answers one link per URL');
		chunk.forEach((url, i) => links.set(url, typeof answer[i] === 'string' ? answer[i] : answer[i].link));
	}
	return links;
}

async function checkSheet({ sandbox, requests, outbound, prepared }) {
	const { urls } = prepared;
	const sent = requests.filter((r) => r.path === `/deeplink/${DEEPLINK.adSpaceId}/advcampaign/${DEEPLINK.programId}/`);
	assert.equal(sent.length, Math.ceil(URL_ROWS / ULP_PER_REQUEST), `${URL_ROWS} URLs in ${Math.ceil(URL_ROWS / ULP_PER_REQUEST)} requests`);
	// Requests in flight may arrive in any order: each is 200 URLs of consecutive rows, in their order.
	const asked = sent.map((r) => r.query.ulp).sort((a, b) => urls.indexOf(a[0]) - urls.indexOf(b[0]));
	assert.deepEqual(asked, Array.from({ length: sent.length }, (_, i) => urls.slice(i * ULP_PER_REQUEST, (i + 1) * ULP_PER_REQUEST)), 'each request 200 URLs, in the rows\' order, the row already linked left out');
	assert.ok(sent.every((r) => r.query.subid?.[0] === DEEPLINK.subid && r.status === 200), 'the sub ID "sheet" on every request, each answered');

	const expected = await deeplinksOf(sandbox, urls);
	assert.equal(new Set(expected.values()).size, new Set(urls).size, 'the service gives each page a link of its own');
	const { header, rows } = sheetRows(outbound, LINKS_SHEET);
	assert.deepEqual(header, ['product_url', 'affiliate_link'], 'the two columns, and no other');
	assert.equal(rows.length, URL_ROWS + 1, 'no row added or lost');
	assert.deepEqual(rows[KEPT.row - 2], { product_url: KEPT.url, affiliate_link: KEPT.link }, 'the row that had a link keeps it');
	const linked = rows.slice(1);
	assert.deepEqual(linked.map((row) => row.product_url), urls, 'the URLs as they were, in their rows');
	for (const [i, row] of linked.entries()) assert.equal(row.affiliate_link, expected.get(row.product_url), `row ${i + 3}: the link the service gives for ${row.product_url}`);
	const calls = outbound.state.requests.filter((r) => r.host === 'sheets.googleapis.com');
	return {
		summary: `${URL_ROWS} product URLs in the sheet "${LINKS_SHEET}" turned into ${URL_ROWS} affiliate links in ${sent.length} deeplink requests of ${ULP_PER_REQUEST}, each written into its own row and equal to the sandbox's link for its URL; the row already linked kept its link (${calls.length} Sheets calls)`,
		capture: ['product_url | affiliate_link', ...rows.slice(0, 3).map((row) => `${row.product_url} | ${row.affiliate_link}`)].join('\n'),
	};
}

/** What the example's "One message" posts, rendered here from the coupons on their own. */
export function couponsText(day, coupons) {
	const sorted = [...coupons].sort((a, b) => a.campaign.name.localeCompare(b.campaign.name) || a.date_start.localeCompare(b.date_start) || a.id - b.id);
	const line = (coupon) => {
		const code = coupon.species === 'action' ? 'no code needed' : `code *${coupon.promocode}*`;
		const discount = coupon.discount === null ? '' : ` (${coupon.discount})`;
		const until = coupon.date_end === null ? 'no end date' : `until ${coupon.date_end.slice(0, 10)}`;
		return `• ${coupon.name}${discount}, ${code}, ${until}\n  ${coupon.goto_link}`;
	};
	const programs = [...new Set(sorted.map((coupon) => coupon.campaign.name))];
	const heading = `*New coupons on ${day}*: ${sorted.length} coupon${sorted.length === 1 ? '' : 's'} of your programs start today`;
	return [heading, ...programs.flatMap((program) => [`*${program}*`, ...sorted.filter((coupon) => coupon.campaign.name === program).map(line)])].join('\n');
}

const COUPON_AD_SPACE = 1021;

async function checkCoupons({ run, sandbox, outbound }) {
	const day = new Date().toISOString().slice(0, 10);
	// What the service holds for the ad space, read directly; those starting today (UTC) by the test's own rule.
	const all = await sandbox.partnerRecords(`/coupons/website/${COUPON_AD_SPACE}/`);
	assert.deepEqual(nodeOutput(run, 'Coupons of your programs').map((item) => item.json), all, 'Return All: every coupon of the ad space, as the service sends it');
	const today = all.filter((coupon) => coupon.date_start.slice(0, 10) === day);
	assert.ok(today.length > 0, `the sandbox has coupons starting on ${day}`);
	assert.ok(today.length < all.length, 'and coupons that started before, which the message must leave out');

	const messages = outbound.state.messages;
	assert.equal(messages.length, 1, 'one Slack message for all coupons starting today');
	assert.equal(messages[0].channel, '#affiliate-coupons');
	assert.equal(messages[0].text, couponsText(day, today), 'the message text, rendered here from the sandbox coupons starting today');
	for (const coupon of all) {
		assert.equal(messages[0].text.includes(coupon.goto_link), today.includes(coupon), `coupon ${coupon.id} (starts ${coupon.date_start}) is in the message exactly when it starts today`);
	}
	const programs = new Set(today.map((coupon) => coupon.campaign.name));
	return {
		summary: `${all.length} coupons of ad space ${COUPON_AD_SPACE}, ${today.length} of ${programs.size} programs starting on ${day}: all of them, and no other, in one Slack message to ${messages[0].channel}`,
		capture: messages[0].text,
	};
}

/** The link and coupon examples `n8n execute` runs, with what each needs beforehand and its check. */
export const LINK_CLI_EXAMPLES = [
	{ id: 'AffExLinksSheet1', file: 'affiliate-links-sheet.json', prepare: prepareSheet, check: checkSheet },
	{ id: 'AffExCouponsTdy1', file: 'coupons-starting-today.json', check: checkCoupons },
];
