// Seeded merchants and coupons of the click service's monetize API, field by field as
// ../shared/spec/published-api-facts.md (sections 9 and 11) records them from the real bodies:
// nullable averages, float noise in commission rates (3.5999999999999996), ISO dates with
// milliseconds and Z, tracking links https://tatrck.com/h/<id>, 21-character coupon IDs, nullable
// code, endDate and description. Enough of each for several pages of 500 (docs/sandbox.md).

import { DAY_MS, startOfUtcDay } from '../dates';
import { derivedRng, Rng } from '../prng';
import type { ClickCatalog } from '../types';

export const SEEDED_MERCHANTS = 1_250;
export const SEEDED_COUPONS = 1_600;

export interface Merchant {
	merchantId: number;
	name: string;
	imageUri: string;
	currencyCode: string;
	defaultDomain: string;
	domains: string[];
	categoryId: number | null;
	description: string | null;
	isActive: boolean;
	countryCodes: string[];
	averageBasketValue: number | null;
	averageCommission: number | null;
	averageConfirmationTime: number | null;
	averageCancellationRate: number | null;
	minimumCommission: number | null;
	maximumCommission: number | null;
	commissionRates: Array<{ fixedCommission: number | null; percentageCommission: number | null }>;
	trackingLink: string;
	createdAt: string;
	updatedAt: string;
}

export interface Coupon {
	couponId: string;
	isActive: boolean;
	trackingLink: string;
	name: string;
	code: string | null;
	merchantId: number;
	imageUri: string;
	languageCodes: string[];
	countryCodes: string[];
	startDate: string;
	endDate: string | null;
	description: string | null;
	categoryIds: number[];
	createdAt: string;
	updatedAt: string;
}

const CURRENCIES = ['USD', 'EUR', 'GBP', 'PLN'];
const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'PL', 'ES', 'IT', 'NL', 'CA', 'AT'];
const LANGUAGES = ['en', 'de', 'fr', 'pl', 'es'];
const CATEGORIES = [40, 72, 12, 5, 118];
const TLDS = ['com', 'de', 'co.uk', 'fr', 'pl', 'at'];
const WORDS = ['shoe', 'gadget', 'fly', 'green', 'book', 'pet', 'sport', 'beauty', 'toy', 'kitchen', 'hotel', 'music', 'garden', 'watch', 'baby', 'outdoor', 'jewel', 'game'];
const KINDS = ['planet', 'hub', 'store', 'world', 'point', 'box', 'shop', 'outlet', 'market', 'corner'];

const iso = (ms: number) => new Date(ms).toISOString();
/** Some real values are ints, some floats: 2-decimal amounts, and rates whose float sums leave noise. */
const amount = (rng: Rng, min: number, max: number) => (rng.chance(0.3) ? rng.int(min, max) : Math.round((min + rng.next() * (max - min)) * 100) / 100);
const nullable = <T>(rng: Rng, p: number, value: () => T): T | null => (rng.chance(p) ? null : value());
const someOf = <T>(rng: Rng, items: readonly T[], most: number): T[] => [...new Set(Array.from({ length: rng.int(1, most) }, () => rng.pick(items)))];

/** A percentage as the service stores it: tenths times three, so 1.2 * 3 gives 3.5999999999999996. */
const noisyPercentage = (rng: Rng) => (rng.int(1, 40) / 10) * 3;

function commissionRates(rng: Rng): Merchant['commissionRates'] {
	if (rng.chance(0.25)) return [];
	return Array.from({ length: rng.int(1, 3) }, () =>
		rng.chance(0.7) ? { fixedCommission: null, percentageCommission: noisyPercentage(rng) } : { fixedCommission: amount(rng, 1, 40), percentageCommission: nullable(rng, 0.5, () => noisyPercentage(rng)) },
	);
}

/** The click report's merchants first (their IDs and names, so that clicks and merchants agree), then generated ones. */
export function seedMerchants(seed: number, nowMs: number, catalog: ClickCatalog, count = SEEDED_MERCHANTS): Merchant[] {
	const rng = derivedRng(seed, 40);
	const merchants: Merchant[] = [];
	for (let i = 0; i < count; i++) {
		const known = catalog.merchants[i];
		const name = known?.name ?? `${rng.pick(WORDS)} ${rng.pick(KINDS)} ${i}`.replace(/\b\w/g, (c) => c.toUpperCase());
		const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
		const defaultDomain = `${slug}.${rng.pick(TLDS)}`;
		const created = nowMs - rng.int(30, 900) * DAY_MS - rng.int(0, DAY_MS - 1);
		// A tenth changed within the last two days, so that Updated At From has something to select.
		const updated = rng.chance(0.1) ? nowMs - rng.int(60_000, 2 * DAY_MS) : created + rng.int(0, Math.max(0, nowMs - created - 3 * DAY_MS));
		const hasAverages = rng.chance(0.6);
		const average = (min: number, max: number) => (hasAverages ? nullable(rng, 0.2, () => amount(rng, min, max)) : null);
		merchants.push({
			merchantId: known?.id ?? 100_001 + i * 3,
			name,
			imageUri: `https://monetizeamex.com/v3/120x60/${rng.hex(32)}.png`,
			currencyCode: rng.pick(CURRENCIES),
			defaultDomain,
			domains: rng.chance(0.4) ? [defaultDomain, `${slug}-shop.${rng.pick(TLDS)}`] : [defaultDomain],
			categoryId: nullable(rng, 0.15, () => rng.pick(CATEGORIES)),
			description: nullable(rng, 0.3, () => `${name}: offers and deals.`),
			isActive: rng.chance(0.8),
			countryCodes: rng.chance(0.3) ? [] : someOf(rng, COUNTRIES, 3),
			averageBasketValue: average(20, 300),
			averageCommission: average(1, 30),
			averageConfirmationTime: hasAverages ? nullable(rng, 0.2, () => rng.int(5, 90)) : null,
			averageCancellationRate: average(0, 40),
			minimumCommission: average(0, 5),
			maximumCommission: average(5, 60),
			commissionRates: commissionRates(rng),
			trackingLink: `https://tatrck.com/h/${rng.alnum(12)}`,
			createdAt: iso(created),
			updatedAt: iso(updated),
		});
	}
	return merchants.sort((a, b) => a.merchantId - b.merchantId);
}

/** Coupons of the merchants: a few start today, a fifth never end, some have no code or description. */
export function seedCoupons(seed: number, nowMs: number, merchants: readonly Merchant[], count = SEEDED_COUPONS): Coupon[] {
	const rng = derivedRng(seed, 41);
	const today = startOfUtcDay(nowMs);
	const coupons: Coupon[] = [];
	for (let i = 0; i < count; i++) {
		const merchant = merchants[i % 7 === 0 ? i % 20 : rng.int(0, merchants.length - 1)];
		const startsToday = rng.chance(0.05);
		const start = startsToday ? today : today - rng.int(-10, 200) * DAY_MS + (rng.chance(0.5) ? 0 : rng.int(0, DAY_MS - 1000));
		const end = rng.chance(0.2) ? null : start + rng.int(1, 120) * DAY_MS;
		const created = Math.min(start, nowMs) - rng.int(0, 5) * DAY_MS - rng.int(0, DAY_MS - 1);
		const updated = rng.chance(0.15) ? nowMs - rng.int(60_000, 2 * DAY_MS) : created + rng.int(0, Math.max(0, Math.min(nowMs, start) - created));
		const percent = rng.int(5, 60);
		coupons.push({
			couponId: rng.alnum(21),
			isActive: start <= nowMs && (end === null || end > nowMs) && merchant.isActive,
			trackingLink: `https://tatrck.com/h/${rng.alnum(36)}`,
			name: `${merchant.name}: ${percent}% off`,
			code: nullable(rng, 0.4, () => rng.alnum(8).toUpperCase()),
			merchantId: merchant.merchantId,
			imageUri: `https://monetizeamex.com/logos_v2/90x45/${rng.hex(32)}.gif`,
			languageCodes: someOf(rng, LANGUAGES, 2),
			countryCodes: rng.chance(0.2) ? [] : someOf(rng, COUNTRIES, 3),
			startDate: iso(start),
			endDate: end === null ? null : iso(end),
			description: nullable(rng, 0.3, () => `Save ${percent}% at ${merchant.name}.`),
			categoryIds: someOf(rng, CATEGORIES, 2),
			createdAt: iso(created),
			updatedAt: iso(updated),
		});
	}
	return coupons.sort((a, b) => (a.couponId < b.couponId ? -1 : a.couponId > b.couponId ? 1 : 0));
}
