// The coupon and merchant lists' section of the report (couponCases.ts): their targets against
// what the run measured, and the tables.
import { ints, median, x } from './common';
import { returnAllTables } from './report';
import type { ReturnAllCase } from './returnAll';

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const toFloor = (c: ReturnAllCase) => median(c.ratios.toFloor);
const short = (c: ReturnAllCase) => c.label.replace(/: [\d,]+( rows)?(, page (\d+))?, (\d+) ms \(answers in (\d+) ms\), (\d+)\/s/, ' ($4 ms, answers in $5 ms, $6/s$2)');

function ratioRow(title: string, cases: ReturnAllCase[]): string {
	const worst = Math.max(...cases.map(toFloor));
	const each = cases.map((c) => `${short(c)} ${x(toFloor(c))}${c.scheduleFloorMs !== c.floorMs ? ` (schedule floor ${x(c.scheduleFloorMs / c.floorMs)})` : ''}`).join('; ');
	return `| ${title} | ${x(worst)} at worst: ${each} | ${mark(worst <= 1.1)} |`;
}

export function couponTargets(cases: ReturnAllCase[]): string[] {
	if (!cases.length) return [];
	const partner = cases.filter((c) => c.group === 'partnerCoupons');
	const merchants = cases.filter((c) => c.label.startsWith('click merchants'));
	const coupons = cases.filter((c) => c.label.startsWith('click coupons'));
	const rows: string[] = [];
	if (partner.length) rows.push(ratioRow('Return All of an ad space\'s coupons (Affiliate Partner) within 1.1× of the floor', partner));
	if (merchants.length) rows.push(ratioRow('Return All of the merchants (Click Report) within 1.1× of the cursor floor', merchants));
	if (coupons.length) rows.push(ratioRow('Return All of the coupons (Click Report) within 1.1× of the cursor floor', coupons));
	const extra = cases.flatMap((c) => c.node.map((m) => m.requests - c.nodePages));
	rows.push(`| Coupons and merchants: the requests of the node's design, no more | node requests − design (partner: overlapping pages; cursor: ceil(n/500)): ${ints(extra)} in every run | ${mark(extra.every((e) => e === 0))} |`);
	const refused = cases.filter((c) => c.realLimits !== 'off').flatMap((c) => c.node.map((m) => m.throttled));
	rows.push(`| Coupons and merchants: zero 429s at the real rate limits | ${refused.reduce((a, b) => a + b, 0)} in ${refused.length} runs with real limits | ${mark(refused.every((r) => r === 0))} |`);
	const overSeq = cases.map((c) => median(c.ratios.overSeq));
	const overHttp = cases.filter((c) => c.ratios.overHttp.length).map((c) => median(c.ratios.overHttp));
	rows.push(
		`| Coupons and merchants against sequential reading and the HTTP Request node (no target) | sequential ÷ node ${x(Math.min(...overSeq))}–${x(Math.max(...overSeq))}${overHttp.length ? `; HTTP Request ÷ node ${x(Math.min(...overHttp))}–${x(Math.max(...overHttp))}` : ''} | |`,
	);
	return rows;
}

export function couponSections(cases: ReturnAllCase[]): string[] {
	const md: string[] = [];
	const partner = cases.filter((c) => c.group === 'partnerCoupons');
	const click = cases.filter((c) => c.group === 'clickCursorList');
	if (partner.length) {
		md.push(
			"## Affiliate Partner, Return All (an ad space's coupons)",
			'',
			"The seed's 54 coupons (9 for each of 6 programs) and 2,400 added by the sandbox's control (`POST /_sandbox/coupons/partner`, docs/sandbox.md), 500 a page (the sandbox's cap, partnerLimitCap). Floors as for the other partner lists.",
			'',
			...returnAllTables(partner),
			'',
		);
	}
	if (click.length) {
		md.push(
			"## Click Report, Return All (merchants and coupons, cursor lists)",
			'',
			'The seeded 1,250 merchants and 1,600 coupons, 500 a page over `meta.next`; the floor of a cursor list as for the click actions: latency + (pages − 1) × max(latency, 1 / rate).',
			'',
			...returnAllTables(click),
			'',
		);
	}
	return md;
}
