// Seeded actions of the partner service: a few hundred over the last 90 days on the seeded ad spaces
// and programs, each with its timeline (pending, then approved or declined, some approved ones
// stalled later; late writes; some changes in the near future of the start).

import { DAY_MS } from '../dates';
import { derivedRng, Rng } from '../prng';
import type { Named, Program } from '../types';
import type { PartnerBase, PartnerPatch, PartnerStatus, Position, TrackedPartner } from './partnerActions';
import { spaced } from './partnerActions';
import { creationMs, decimalMoney, nearFutureTimes, seededTimes } from './seedTimes';
import type { Change } from './timeline';

export const PARTNER_SEEDED_ACTIONS = 300;
const FUTURE_CREATIONS = 9;
const SECOND = 1000;
export const SUB_IDS = ['#admitad-click#', 'newsletter', 'banner_top', 'search', 'app_home', ''];
export const KEYWORDS = ['running shoes', 'cheap flights', 'smartphone deals', 'dog food', 'garden chairs'];
const PRODUCTS = [
	['Sneakers Air', '12', 'Shoes'],
	['Phone X 128 GB', '4', 'Smartphones'],
	['Hotel 2 nights', '10', 'Hotels'],
	['Dry food 10 kg', '7', 'Pet Supplies'],
	['Novel, paperback', '8', 'Books'],
	['Garden chair', '6', 'Home & Garden'],
];

function positionsOf(rng: Rng, id: number, tariffId: number, actionMs: number, amounts: number[], payments: number[], rate: string, percentage: boolean): Position[] {
	return amounts.map((amount, i) => {
		const [name, categoryId, category] = rng.pick(PRODUCTS);
		const withProduct = rng.chance(0.6);
		return {
			id: id * 10 + i,
			tariff_id: tariffId,
			rate_id: tariffId * 3 + 1,
			datetime: spaced(actionMs),
			amount: amount.toFixed(2),
			payment: payments[i].toFixed(2),
			rate,
			percentage,
			product_url: withProduct ? `https://shop.sandbox.example/p/${id}-${i}` : '',
			product_id: withProduct ? String(500_000 + id * 10 + i) : '',
			product_image: withProduct ? `https://shop.sandbox.example/img/${id}-${i}.jpg` : '',
			product_name: withProduct ? name : '',
			product_category_id: withProduct ? categoryId : '',
			product_category_name: withProduct ? category : '',
		};
	});
}

export function seedBase(rng: Rng, id: number, actionMs: number, program: Program, website: Named): PartnerBase {
	const sale = rng.chance(0.75);
	const tariffId = program.id * 10 + (sale ? 1 : 2);
	const lines = sale && rng.chance(0.15) ? 2 : 1;
	const percent = rng.int(3, 12);
	const amounts = sale ? Array.from({ length: lines }, () => decimalMoney(rng, 5, 900)) : [0];
	// One lead in twenty pays nothing: the record shows payment as the integer 0.
	const leadPayment = rng.chance(0.05) ? 0 : decimalMoney(rng, 0.5, 20);
	const payments = sale ? amounts.map((a) => Math.round(a * percent) / 100) : [leadPayment];
	const clickMs = actionMs - rng.int(30, 7200) * SECOND;
	const searchTraffic = rng.chance(0.3);
	return {
		id,
		order_id: sale ? `c-${rng.int(100_000_000, 999_999_999)}` : `lead-${rng.int(100_000, 999_999)}`,
		tariff_id: tariffId,
		advcampaign_id: program.id,
		advcampaign_name: program.name,
		website_id: website.id,
		website_name: website.name,
		action: sale ? 'Purchase' : 'Registration',
		action_type: sale ? 'sale' : 'lead',
		cart: sale ? Math.round(amounts.reduce((s, a) => s + a, 0) * 100) / 100 : null,
		payment: Math.round(payments.reduce((s, p) => s + p, 0) * 100) / 100,
		currency: program.currency,
		conversion_time: Math.round((actionMs - clickMs) / SECOND),
		click_date: spaced(clickMs),
		action_date: spaced(actionMs),
		closing_date: new Date(actionMs + 30 * DAY_MS).toISOString().slice(0, 10),
		click_user_ip: rng.chance(0.5) ? null : `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
		click_user_referer: rng.chance(0.5) ? null : 'http://admitad.com/',
		click_country_code: rng.chance(0.3) ? null : rng.pick(['RU', 'DE', 'PL', 'US', 'KZ']),
		subid: rng.chance(0.7) ? rng.pick(SUB_IDS) : null,
		subid1: rng.chance(0.3) ? rng.pick(['a', 'b', 'c']) : null,
		subid2: rng.chance(0.2) ? rng.pick(['x', 'y']) : null,
		subid3: rng.chance(0.1) ? 'campaign-3' : null,
		subid4: rng.chance(0.1) ? 'user-4' : null,
		keyword: searchTraffic ? rng.pick(KEYWORDS) : null,
		source: searchTraffic ? rng.pick(['g', 'y'] as const) : null,
		comment: rng.chance(0.8) ? null : 'Заказ оплачен',
		promocode: rng.chance(0.85) ? null : `PROMO${rng.int(10, 99)}`,
		positions: positionsOf(rng, id, tariffId, actionMs, amounts, payments, sale ? `${percent}.00` : payments[0].toFixed(2), sale),
	};
}

export function seedPartnerActions(seed: number, startMs: number, programs: Program[], websites: Named[], count = PARTNER_SEEDED_ACTIONS): TrackedPartner[] {
	const rng = derivedRng(seed, 21);
	const created = Array.from({ length: count }, (_, i) => Math.floor(creationMs(rng, startMs, i, count, FUTURE_CREATIONS) / SECOND) * SECOND);
	// Ids grow with the action time, like an auto-increment key.
	created.sort((a, b) => a - b);
	return created.map((actionMs, i) => {
		const base = seedBase(rng, 90_000_001 + i, actionMs, rng.pick(programs), rng.pick(websites));
		const changes: Array<Change<PartnerStatus, PartnerPatch>> = [{ status: 'pending', ...seededTimes(rng, actionMs, SECOND) }];
		const d = rng.next();
		const decision: PartnerStatus | undefined = d < 0.6 ? 'approved' : d < 0.8 ? 'declined' : undefined;
		if (decision && actionMs < startMs) {
			const soon = actionMs > startMs - 20 * DAY_MS && actionMs < startMs - DAY_MS && rng.chance(0.2);
			const times = soon ? nearFutureTimes(rng, startMs, SECOND) : seededTimes(rng, actionMs + rng.int(1, 30) * DAY_MS, SECOND);
			// Approvals more than 30 days before the start have been paid out.
			const paid = decision === 'approved' && times.stampMs < startMs - 30 * DAY_MS ? 1 : 0;
			changes.push({ status: decision, ...times, patch: { paid } });
			if (decision === 'approved' && !paid && rng.chance(0.15)) {
				changes.push({ status: 'approved_but_stalled', ...seededTimes(rng, times.stampMs + rng.int(5, 20) * DAY_MS, SECOND) });
			}
		}
		return { base, changes };
	});
}
