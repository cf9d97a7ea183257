// Seeded actions of the click service: a few hundred over the last 90 days, each with its timeline
// (PENDING, then CONFIRMED or CANCELED; a confirmed one settles 45-50 days later on its own; some
// revenue corrections; late writes; some changes in the near future of the start).

import { DAY_MS } from '../dates';
import { derivedRng, Rng } from '../prng';
import type { ClickCatalog } from '../types';
import { creationMs, decimalMoney, MINUTE_MS, nearFutureTimes, seededTimes } from './seedTimes';
import type { Change } from './timeline';
import type { TakeadsBase, TakeadsPatch, TakeadsStatus, TrackedTakeads } from './takeadsActions';

export const TAKEADS_SEEDED_ACTIONS = 300;
const FUTURE_CREATIONS = 9;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'PLN'];
const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'PL', 'ES', 'IT', 'NL'];
const SUB_IDS = ['newsletter', 'banner_top', 'search', 'app_home', 'push', 'blog_post'];

export function seedTakeadsActions(seed: number, startMs: number, catalog: ClickCatalog, count = TAKEADS_SEEDED_ACTIONS): TrackedTakeads[] {
	const rng = derivedRng(seed, 20);
	const out: TrackedTakeads[] = [];
	for (let i = 0; i < count; i++) {
		const created = creationMs(rng, startMs, i, count, FUTURE_CREATIONS);
		const base = takeadsBase(rng, 7_000_001 + i, created, catalog);
		const revenue = base.publisherRevenue;
		const changes: Array<Change<TakeadsStatus, TakeadsPatch>> = [{ status: 'PENDING', ...seededTimes(rng, created, 1) }];
		const future = created > startMs;
		const d = rng.next();
		const decision: TakeadsStatus | undefined = d < 0.65 ? 'CONFIRMED' : d < 0.85 ? 'CANCELED' : undefined;
		if (decision && !future) {
			// Recent pending actions are sometimes decided in the near future of the start.
			const soon = created > startMs - 20 * DAY_MS && created < startMs - DAY_MS && rng.chance(0.2);
			const times = soon ? nearFutureTimes(rng, startMs, 1) : seededTimes(rng, created + rng.int(12, 480) * 3_600_000, 1);
			changes.push({ status: decision, ...times });
			if (decision === 'CONFIRMED' && rng.chance(0.15)) {
				// A revenue correction: the 45-50 days before settling start again.
				const corrected = seededTimes(rng, times.stampMs + rng.int(1, 10) * DAY_MS, 1);
				changes.push({ status: 'CONFIRMED', ...corrected, patch: { publisherRevenue: decimalMoney(rng, revenue * 0.5, revenue) } });
			}
		}
		out.push({ base, changes });
	}
	return out;
}

/** An action's lasting fields, drawn from the seeded stream (also for actions created by the control endpoints). */
export function takeadsBase(rng: Rng, numericId: number, created: number, catalog: ClickCatalog): TakeadsBase {
	const merchantIndex = rng.int(0, catalog.merchants.length - 1);
	const r = rng.next();
	const type = r < 0.7 ? 'SALE' : r < 0.9 ? 'LEAD' : r < 0.95 ? 'CLICK' : 'BONUS';
	const orderAmount = type === 'SALE' ? decimalMoney(rng, 10, 900) : 0;
	const revenue = type === 'SALE' ? decimalMoney(rng, orderAmount * 0.03, orderAmount * 0.12) : decimalMoney(rng, 0.5, 15);
	return {
		id: rng.uuid4(),
		actionNumericId: numericId,
		adspaceId: rng.pick(catalog.adspaces).id,
		merchantId: catalog.merchants[merchantIndex].id,
		subId: rng.chance(0.6) ? rng.pick(SUB_IDS) : null,
		publisherRevenue: revenue,
		orderAmount,
		currencyCode: CURRENCIES[merchantIndex % CURRENCIES.length],
		type,
		orderDate: new Date(Math.floor((created - rng.int(0, 7200) * 1000) / 1000) * 1000).toISOString(),
		countryCode: rng.pick(COUNTRIES),
		clickId: rng.chance(0.85) ? rng.uuid4() : null,
		couponId: rng.chance(0.25) ? String(rng.int(100_000, 999_999)) : '',
		settleAfterMs: 45 * DAY_MS + rng.int(0, 5 * 24 * 60) * MINUTE_MS,
	};
}
