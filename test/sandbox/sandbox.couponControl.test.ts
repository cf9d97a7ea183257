// POST /_sandbox/coupons/partner (docs/sandbox.md, control endpoints): more partner coupons, so
// that an ad space's coupons take several pages at the service's cap of 500 (the bench's coupon case).

import { SandboxClient } from '../../sandbox/client';
import { useSandbox } from '../harness/sandboxFixture';
import { call } from './http';

const START = Date.parse('2026-03-15T14:30:00.000Z');
const sandbox = useSandbox({ now: () => new Date(START) }, { partnerLimitCap: 500 });
const client = () => new SandboxClient(sandbox());

type Coupon = Record<string, any>;
const SEEDED = 54;

test('adds coupons to every ad space and the catalogue: 500 a page, each id once, the seeded ones unchanged', async () => {
	const before = await client().partnerRecords<Coupon>('/coupons/website/1021/');
	expect(before).toHaveLength(SEEDED);
	expect(await client().addPartnerCoupons(2_400)).toEqual({ added: 2_400, total: SEEDED + 2_400 });

	const first = await client().partner<{ results: Coupon[]; _meta: { count: number } }>('/coupons/website/1021/', { limit: 500, offset: 0 });
	expect(first._meta.count).toBe(SEEDED + 2_400);
	expect(first.results).toHaveLength(500);
	const all = await client().partnerRecords<Coupon>('/coupons/website/1021/');
	expect(all).toHaveLength(SEEDED + 2_400);
	expect(new Set(all.map((coupon) => coupon.id)).size).toBe(SEEDED + 2_400);
	expect(all.slice(0, SEEDED)).toEqual(before);
	expect(await client().partnerRecords<Coupon>('/coupons/')).toHaveLength(SEEDED + 2_400);

	const added = all.slice(SEEDED);
	// Made as the seeded ones (their fields checked against the facts in sandbox.coupons.test.ts), none starting today.
	const fields = Object.keys(before[0]).sort();
	for (const coupon of added) expect(Object.keys(coupon).sort()).toEqual(fields);
	expect(added.every((coupon) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(coupon.date_start))).toBe(true);
	expect(added.some((coupon) => coupon.date_start.startsWith('2026-03-15'))).toBe(false);
	expect(new Set(added.map((coupon) => coupon.campaign.id)).size).toBe(6);
});

test.each([[{}], [{ count: 0 }], [{ count: 1.5 }], [{ count: '10' }], [{ count: 100_001 }]])('refuses %j with a 400 naming the body', async (body) => {
	const answer = await call(`${sandbox().partnerUrl}/_sandbox/coupons/partner`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect(answer.status).toBe(400);
	expect(answer.body.error).toMatch(/"count": <an integer from 1 to 100000>/);
});
