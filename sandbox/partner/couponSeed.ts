// The seeded coupons, field by field as the facts' Coupon item table has them
// (../shared/spec/published-api-facts.md section 5): the programs are the seeded ones (the same IDs
// the statistics, and so the programs dropdown, show), the dates lie around the clock of the first
// coupon read, some coupons start that day, and the nullable fields are null on some.

import { DAY_MS, formatDateTime, startOfUtcDay } from '../dates';
import { derivedRng, type Rng } from '../prng';
import type { Named, Program } from '../types';

/** A coupon as the sandbox keeps it; the two items are cut from it (coupons.ts). */
export interface SeedCoupon {
	id: number;
	name: string;
	short_name: string;
	description: string;
	status: 'active';
	rating: string;
	campaign: { id: number; name: string; site_url: string };
	exclusive: boolean;
	is_unique: boolean;
	is_personal: boolean;
	date_start: string;
	date_end: string | null;
	regions: string[];
	discount: string | null;
	types: Named[];
	categories: Named[];
	image: string;
	species: 'promocode' | 'action';
	language: string | null;
	/** The code a `promocode` coupon gives; an `action` coupon has none ("НЕ НУЖЕН" in the ad-space item). */
	code: string;
	/** Some coupons have no frameset link: `""` in the ad-space item, as the facts allow. */
	framed: boolean;
}

export interface CouponCatalog {
	coupons: SeedCoupon[];
	categories: Named[];
	types: Named[];
}

/** Coupon categories, their own list (GET /coupons/categories/), not the programs' categories. */
const COUPON_CATEGORIES: Named[] = [
	{ id: 1, name: 'Clothing & Shoes' },
	{ id: 2, name: 'Electronics' },
	{ id: 3, name: 'Travel' },
	{ id: 4, name: 'Pets' },
	{ id: 5, name: 'Books' },
	{ id: 6, name: 'Home & Garden' },
	{ id: 7, name: 'Free Shipping Deals' },
	{ id: 8, name: 'Seasonal Sales' },
];

/** Each program's own categories first, so that a filter by category finds coupons of several programs. */
const PROGRAM_CATEGORY: Record<number, number> = { 6115: 1, 7204: 2, 8311: 3, 9120: 4, 10342: 5, 11876: 6 };

const COUPON_TYPES: Named[] = [
	{ id: 1, name: 'Discount' },
	{ id: 2, name: 'Free shipping' },
	{ id: 3, name: 'Gift' },
	{ id: 4, name: 'Cashback' },
];

const REGIONS = ['RU', 'BY', 'KZ', 'DE', 'PL', 'US'];
const LANGUAGES = ['ru', 'en', 'de'];
const DISCOUNTS = ['500 ₽', '30%', '10%', '15 $', '5%'];

/** Coupons per program: enough for several pages at a small partnerLimitCap. */
const COUPONS_PER_PROGRAM = 9;

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The `i`-th coupon of a program (the nullable fields, species and dates follow `i`), drawn from `rng`. */
function couponOf(rng: Rng, program: Program, i: number, id: number, nowMs: number): SeedCoupon {
	const today = startOfUtcDay(nowMs);
	const own = COUPON_CATEGORIES.find((category) => category.id === PROGRAM_CATEGORY[program.id]) ?? COUPON_CATEGORIES[0];
	// The first two of each program start today (at midnight and in the small hours), the rest up to 60 days ago.
	const startMs = i < 2 ? today + i * 3_600_000 : today - rng.int(1, 60) * DAY_MS + rng.int(0, 23) * 3_600_000;
	const openEnded = i % 4 === 3;
	const endMs = startOfUtcDay(Math.max(nowMs, startMs) + rng.int(7, 90) * DAY_MS) + 86_399_000;
	const species = i % 3 === 2 ? 'action' : 'promocode';
	const extra = rng.pick(COUPON_CATEGORIES.filter((category) => category.id !== own.id));
	const type = COUPON_TYPES[i % COUPON_TYPES.length];
	const name = species === 'action' ? `${program.name}: sale ${i + 1}` : `${program.name}: code ${i + 1}`;
	return {
		id,
		name,
		short_name: name.slice(0, 24),
		description: i % 5 === 4 ? '' : `${name}, for orders on the ${program.name} site.`,
		status: 'active',
		rating: i % 6 === 5 ? '0.00' : (rng.int(100, 500) / 100).toFixed(2),
		campaign: { id: program.id, name: program.name, site_url: `https://${slug(program.name)}.sandbox.example/` },
		exclusive: i % 7 === 0,
		is_unique: i % 5 === 1,
		is_personal: i % 8 === 6,
		date_start: formatDateTime(startMs),
		date_end: openEnded ? null : formatDateTime(endMs),
		regions: REGIONS.filter(() => rng.chance(0.5)).slice(0, 3).concat(i % 2 ? [] : ['RU']).filter((v, n, all) => all.indexOf(v) === n),
		discount: i % 4 === 1 ? null : rng.pick(DISCOUNTS),
		types: i % 3 === 0 ? [type, COUPON_TYPES[(i + 1) % COUPON_TYPES.length]] : [type],
		categories: i % 2 ? [own] : [own, extra],
		image: `https://static.sandbox.example/coupons/${id}.png`,
		species,
		language: i % 3 === 1 ? null : LANGUAGES[(i + program.id) % LANGUAGES.length],
		code: species === 'promocode' ? `${slug(program.name).split('-')[0].toUpperCase()}${10 + i * 5}` : '',
		framed: i % 5 !== 3,
	};
}

export function seedCoupons(seed: number, programs: Program[], nowMs: number): CouponCatalog {
	const rng = derivedRng(seed, 36);
	const coupons: SeedCoupon[] = [];
	let id = 52_000;
	for (const program of programs) {
		for (let i = 0; i < COUPONS_PER_PROGRAM; i++) {
			id += rng.int(1, 9);
			coupons.push(couponOf(rng, program, i, id, nowMs));
		}
	}
	return { coupons, categories: COUPON_CATEGORIES.map((c) => ({ ...c })), types: COUPON_TYPES.map((t) => ({ ...t })) };
}

/**
 * `count` more coupons (POST /_sandbox/coupons/partner, docs/sandbox.md), the programs taking
 * turns, each made as a seeded coupon after its program's own (none starts today), with IDs above
 * every coupon's: enough for several pages at the service's cap of 500.
 */
export function addCoupons(catalog: CouponCatalog, seed: number, programs: Program[], nowMs: number, count: number): SeedCoupon[] {
	const rng = derivedRng(seed, 36 + catalog.coupons.length);
	const perProgram = new Map<number, number>();
	for (const coupon of catalog.coupons) perProgram.set(coupon.campaign.id, (perProgram.get(coupon.campaign.id) ?? 0) + 1);
	let id = Math.max(52_000, ...catalog.coupons.map((coupon) => coupon.id));
	const added: SeedCoupon[] = [];
	for (let n = 0; n < count; n++) {
		const program = programs[n % programs.length];
		const i = Math.max(2, perProgram.get(program.id) ?? 0);
		perProgram.set(program.id, i + 1);
		id += rng.int(1, 9);
		added.push(couponOf(rng, program, i, id, nowMs));
	}
	catalog.coupons.push(...added);
	return added;
}
