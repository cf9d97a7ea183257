// Deterministic seeded data for both interfaces. Dates are relative to the clock at start,
// so the data always looks "recent". Only the seeded PRNG is used (never Math.random).

import { DAY_MS, formatDateTime, formatYmd, startOfUtcDay } from './dates';
import { derivedRng, Rng } from './prng';
import type {
	Appeal,
	Category,
	ClaimStatus,
	ClickCatalog,
	ClickItem,
	KnownOrder,
	Landing,
	LostOrder,
	Named,
	PartnerData,
	Program,
} from './types';

const PROGRAMS: Program[] = [
	{ id: 6115, name: 'Fashion Store', currency: 'RUB', categoryIds: [1, 2] },
	{ id: 7204, name: 'Electronics World', currency: 'USD', categoryIds: [1, 3, 4, 5] },
	{ id: 8311, name: 'Travel Booking', currency: 'EUR', categoryIds: [9, 10, 11, 12] },
	{ id: 9120, name: 'Pet Supplies Shop', currency: 'EUR', categoryIds: [1, 7] },
	{ id: 10342, name: 'Books & Media', currency: 'USD', categoryIds: [8, 20] },
	{ id: 11876, name: 'Home & Garden Market', currency: 'RUB', categoryIds: [1, 6] },
];

const WEBSITES: Named[] = [
	{ id: 1021, name: 'Cashback Portal' },
	{ id: 1022, name: 'Loyalty Club App' },
	{ id: 1023, name: 'Deals Channel' },
	{ id: 1024, name: 'Coupon Site' },
];

/** Landing page counts per program: the first has well over 50 (pagination), one has none. */
const LANDING_COUNTS: Record<number, number> = { 6115: 64, 7204: 12, 8311: 25, 9120: 3, 10342: 0, 11876: 8 };

const CATEGORIES: Array<[number, number | null, string, string, string]> = [
	[1, null, 'Online stores', 'Интернет-магазины', 'Online-Shops'],
	[2, 1, 'Clothing & Shoes', 'Одежда и обувь', 'Kleidung & Schuhe'],
	[3, 1, 'Electronics', 'Электроника', 'Elektronik'],
	[4, 3, 'Smartphones', 'Смартфоны', 'Smartphones'],
	[5, 3, 'Computers', 'Компьютеры', 'Computer'],
	[6, 1, 'Home & Garden', 'Дом и сад', 'Haus & Garten'],
	[7, 1, 'Pet Supplies', 'Зоотовары', 'Tierbedarf'],
	[8, 1, 'Books', 'Книги', 'Bücher'],
	[9, null, 'Travel', 'Путешествия', 'Reisen'],
	[10, 9, 'Hotels', 'Отели', 'Hotels'],
	[11, 9, 'Flights', 'Авиабилеты', 'Flüge'],
	[12, 9, 'Car Rental', 'Аренда автомобилей', 'Autovermietung'],
	[13, null, 'Finance', 'Финансы', 'Finanzen'],
	[14, 13, 'Credit Cards', 'Кредитные карты', 'Kreditkarten'],
	[15, 13, 'Insurance', 'Страхование', 'Versicherungen'],
	[16, null, 'Games', 'Игры', 'Spiele'],
	[17, 16, 'Online Games', 'Онлайн-игры', 'Online-Spiele'],
	[18, null, 'Services', 'Сервисы', 'Dienstleistungen'],
	[19, 18, 'Food Delivery', 'Доставка еды', 'Essenslieferung'],
	[20, 18, 'Education', 'Образование', 'Bildung'],
];

const LANGUAGES: Array<[string, string]> = [
	['en', 'English'],
	['ru', 'Русский'],
	['de', 'Deutsch'],
	['es', 'Español'],
	['fr', 'Français'],
	['pl', 'Polski'],
	['it', 'Italiano'],
	['pt', 'Português'],
	['tr', 'Türkçe'],
	['cs', 'Čeština'],
];

// code, name, sign, min_sum, units per USD
const CURRENCIES: Array<[string, string, string, string, number]> = [
	['USD', 'US Dollar', '$', '10.00', 1],
	['EUR', 'Euro', '€', '10.00', 0.92],
	['RUB', 'Russian Ruble', '₽', '500.00', 90.5],
	['GBP', 'Pound Sterling', '£', '10.00', 0.79],
	['PLN', 'Polish Zloty', 'zł', '40.00', 3.98],
	['KZT', 'Kazakhstani Tenge', '₸', '4500.00', 455],
	['UAH', 'Ukrainian Hryvnia', '₴', '400.00', 39.2],
	['BRL', 'Brazilian Real', 'R$', '50.00', 5.05],
	['INR', 'Indian Rupee', '₹', '800.00', 83.2],
	['TRY', 'Turkish Lira', '₺', '300.00', 32.4],
	['JPY', 'Japanese Yen', '¥', '1500.00', 151.3],
	['CZK', 'Czech Koruna', 'Kč', '250.00', 23.1],
];

const TRAFFIC = [
	'Cashback',
	'Contextual advertising',
	'Email marketing',
	'Social networks',
	'Doorways',
	'Teaser networks',
	'Motivated traffic',
	'Brand bidding',
	'Mobile apps',
	'Messengers',
	'Push notifications',
	'Coupons',
];

const WEBSITE_KINDS = [
	'website',
	'doorway',
	'contextual',
	'social_network',
	'youtube',
	'messenger',
	'cashback',
	'loyalty',
	'mobile_app',
	'email',
	'coupon',
	'price_comparison',
	'teaser',
	'arbitrage',
	'browser_extension',
];

const REGIONS = [
	'AD', 'AE', 'AM', 'AR', 'AT', 'AU', 'AZ', 'BE', 'BG', 'BR', 'BY', 'CA', 'CH', 'CL', 'CN', 'CO', 'CY', 'CZ',
	'DE', 'DK', 'EE', 'EG', 'ES', 'FI', 'FR', 'GB', 'GE', 'GR', 'HK', 'HR', 'HU', 'ID', 'IE', 'IL', 'IN', 'IT',
	'JP', 'KG', 'KR', 'KZ', 'LT', 'LV', 'MD', 'MX', 'MY', 'NL', 'NO', 'NZ', 'PH', 'PL', 'PT', 'RO', 'RS', 'RU',
	'SA', 'SE', 'SG', 'SI', 'SK', 'TH', 'TJ', 'TM', 'TR', 'TW', 'UA', 'US', 'UZ', 'VN', 'ZA', '01', '00',
];

const REJECT_REASONS: Array<[string, string]> = [
	['order_not_found', 'The advertiser has no record of this order.'],
	['order_cancelled', 'The order was cancelled by the customer.'],
	['duplicate', 'This order was already claimed.'],
	['rules_violation', 'Traffic source is not allowed by the program rules.'],
];

export const LOST_ORDER_COUNT = 1000;
export const APPEAL_COUNT = 300;

function money(rng: Rng, min: number, max: number): number {
	return Math.round((min + rng.next() * (max - min)) * 100) / 100;
}

function claimStatus(rng: Rng): ClaimStatus {
	const r = rng.next();
	return r < 0.35 ? 'accepted' : r < 0.7 ? 'processing' : 'rejected';
}

function orderNumber(rng: Rng): string {
	return rng.chance(0.8) ? String(rng.int(10_000_000, 99_999_999)) : `ORD-${rng.alnum(8).toUpperCase()}`;
}

/** Common seeded part of a lost order / appeal claim. Ids and sorting are done by the caller. */
function seedClaim(rng: Rng, nowMs: number) {
	const program = rng.pick(PROGRAMS);
	const website = rng.pick(WEBSITES);
	const created = nowMs - Math.floor(rng.next() * 365 * DAY_MS);
	const createdSec = Math.floor(created / 1000) * 1000;
	const orderMs = createdSec - rng.int(1, 60) * DAY_MS - rng.int(0, 86_399) * 1000;
	const status = claimStatus(rng);
	// Decided claims are mostly resolved, undecided ones still being looked at.
	const appealStatus = status === 'processing' ? (rng.chance(0.9) ? 'processing' : 'resolved') : rng.chance(0.85) ? 'resolved' : 'processing';
	const price = money(rng, 5, 2500);
	return {
		website: { ...website },
		advcampaign: { id: program.id, name: program.name },
		status,
		order_id: orderNumber(rng),
		order_date: formatDateTime(orderMs),
		price,
		currency: program.currency,
		date_created: formatDateTime(createdSec),
		comment: rng.chance(0.4) ? '' : rng.pick(['Order paid by card', 'Customer used the cashback link', 'Coupon applied at checkout', 'Order made in the mobile app']),
		appeal_id: rng.chance(0.5) ? '' : `AP-${rng.int(100_000, 999_999)}`,
		appeal_status: appealStatus as 'resolved' | 'processing',
		reward: Math.round(price * (0.02 + rng.next() * 0.08) * 100) / 100,
	};
}

export function byNewest<T extends { date_created: string; id: number }>(a: T, b: T): number {
	return a.date_created < b.date_created ? 1 : a.date_created > b.date_created ? -1 : b.id - a.id;
}

export function seedPartnerData(seed: number, nowMs: number): PartnerData {
	const rng = derivedRng(seed, 1);

	const lostSeeds = Array.from({ length: LOST_ORDER_COUNT }, () => seedClaim(rng, nowMs));
	lostSeeds.sort((a, b) => (a.date_created < b.date_created ? -1 : a.date_created > b.date_created ? 1 : 0));
	// Ids grow with creation time, like an auto-increment key.
	const lostOrders: LostOrder[] = lostSeeds.map((s, i) => {
		const reject = s.status === 'rejected' ? rng.pick(REJECT_REASONS) : ['', ''];
		return {
			id: 200_001 + i,
			website: s.website,
			advcampaign: s.advcampaign,
			status: s.status,
			order_id: s.order_id,
			order_date: s.order_date,
			order_price: s.price,
			currency: s.currency,
			date_created: s.date_created,
			comment: s.comment,
			appeal_id: s.appeal_id,
			appeal_status: s.appeal_status,
			estimated_reward: s.reward,
			reject_reason: reject[0],
			reject_comment: reject[1],
			reward: s.status === 'accepted' ? s.reward : null,
		};
	});
	lostOrders.sort(byNewest);

	const appealSeeds = Array.from({ length: APPEAL_COUNT }, () => seedClaim(rng, nowMs));
	appealSeeds.sort((a, b) => (a.date_created < b.date_created ? -1 : a.date_created > b.date_created ? 1 : 0));
	const appeals: Appeal[] = appealSeeds.map((s, i) => ({
		id: 5_001 + i,
		website: s.website,
		advcampaign: s.advcampaign,
		status: s.status,
		order_id: s.order_id,
		order_date: s.order_date,
		order_price: s.price.toFixed(2),
		currency: s.currency,
		date_created: s.date_created,
		comment: s.comment,
		appeal_id: s.appeal_id || `AP-${rng.int(100_000, 999_999)}`,
		appeal_status: s.appeal_status,
		estimated_reward: s.reward.toFixed(2),
		reward: s.status === 'accepted' ? s.reward.toFixed(2) : null,
	}));
	appeals.sort(byNewest);

	const landings: Record<number, Landing[]> = {};
	let landingId = 31_000;
	for (const program of PROGRAMS) {
		landings[program.id] = Array.from({ length: LANDING_COUNTS[program.id] ?? 0 }, (_, i) => ({
			id: String(landingId++),
			name: i === 0 ? `${program.name}: home page` : `${program.name}: landing ${i + 1}`,
			date_created: formatDateTime(Math.floor((nowMs - rng.int(30, 900) * DAY_MS) / 1000) * 1000),
		}));
	}

	// Per program: orders credited to this account and orders credited to someone else.
	const knownOrders: KnownOrder[] = [];
	let paymentId = 880_000;
	for (const program of PROGRAMS) {
		for (let i = 0; i < 20; i++) {
			const owner = i < 12;
			knownOrders.push({
				advcampaign: program.id,
				order_id: String(program.id * 10_000 + i + 1),
				owner,
				...(owner
					? { payment_id: paymentId++, payment_status: rng.pick(['pending', 'approved', 'declined', 'approved_but_stalled']) }
					: {}),
			});
		}
	}

	const categories: Category[] = CATEGORIES.map(([id, parentId, en, ru, de]) => ({ id, parentId, names: { en, ru, de } }));

	return {
		programs: PROGRAMS.map((p) => ({ ...p, categoryIds: [...p.categoryIds] })),
		websites: WEBSITES.map((w) => ({ ...w })),
		lostOrders,
		appeals,
		landings,
		knownOrders,
		categories,
		languages: LANGUAGES.map(([code, name]) => ({
			flag: `https://static.sandbox.example/flags/${code}.svg`,
			language: name,
			language_code: code,
		})),
		currencies: CURRENCIES.map(([code, name, sign, min_sum]) => ({ code, name, sign, min_sum })),
		unitsPerUsd: Object.fromEntries(CURRENCIES.map(([code, , , , units]) => [code, units])),
		traffic: TRAFFIC.map((name, i) => ({ id: i + 1, name })),
		websiteKinds: [...WEBSITE_KINDS],
		regions: [...REGIONS],
	};
}

export function seedClickCatalog(seed: number): ClickCatalog {
	const rng = derivedRng(seed, 2);
	const adspaces = ['Main cashback site', 'Browser extension', 'Mobile app', 'Newsletter'].map((name) => ({
		id: rng.uuid4(),
		name,
	}));
	const merchantNames = [
		'Shoe Planet', 'Gadget Hub', 'Fly Cheap', 'Green Grocer', 'Book Nook', 'Pet Palace', 'Sport Point',
		'Beauty Box', 'Toy Town', 'Kitchen Pro', 'Hotel Finder', 'Car Parts Online', 'Music Store', 'Garden Life',
		'Watch Gallery', 'Baby World', 'Outdoor Gear', 'Office Supply Co', 'Jewel Shop', 'Game Vault',
	];
	const merchants = merchantNames.map((name, i) => ({ id: 40_000 + i * 37, name }));
	return { adspaces, merchants };
}

/**
 * Seeded click items over `days` days ending today (UTC by the clock).
 * The statistics job refreshes items in batches at whole-minute times (:07 and :37 every hour), so
 * each batch of 1-8 items shares one updatedAt: many ties, whatever the item count. updatedAt lies on
 * the item's day or up to 2 days later, never after the clock.
 */
export function seedClickItems(seed: number, nowMs: number, count: number, days: number, catalog: ClickCatalog): ClickItem[] {
	const rng = derivedRng(seed, 3);
	const today = startOfUtcDay(nowMs);
	const subIds = ['newsletter', 'banner_top', 'search', 'app_home', 'push', 'blog_post', 'telegram', 'vk'];
	const couponIds = Array.from({ length: 25 }, () => String(rng.int(100_000, 999_999)));
	const nowMinute = Math.floor(nowMs / 60_000) * 60_000;
	const items: ClickItem[] = [];
	while (items.length < count) {
		const dayStart = today - rng.int(0, days - 1) * DAY_MS;
		// Most batches are refreshed on their own day, some one or two days later.
		const r = rng.next();
		const dayOffset = r < 0.7 ? 0 : r < 0.9 ? 1 : 2;
		let updated = dayStart + dayOffset * DAY_MS + rng.int(0, 23) * 3_600_000 + rng.pick([7, 37]) * 60_000;
		if (updated > nowMs) {
			// Fresh batches: a refresh time between their day start and the clock.
			const minute = Math.floor((dayStart + rng.next() * (nowMs - dayStart)) / 60_000) * 60_000;
			const slot = Math.floor((minute - 7 * 60_000) / 1_800_000) * 1_800_000 + 7 * 60_000;
			updated = Math.min(nowMinute, slot >= dayStart ? slot : minute);
		}
		const batch = Math.min(rng.int(1, 8), count - items.length);
		for (let b = 0; b < batch; b++) {
			const unresolved = rng.chance(0.06);
			const merchant = unresolved ? { id: 0, name: '' } : rng.pick(catalog.merchants);
			const adspace = rng.pick(catalog.adspaces);
			items.push({
				id: rng.uuid4(),
				adspaceId: adspace.id,
				adspaceName: adspace.name,
				couponId: !unresolved && rng.chance(0.3) ? rng.pick(couponIds) : null,
				merchantId: merchant.id,
				merchantName: merchant.name,
				subId: rng.chance(0.4) ? null : rng.pick(subIds),
				date: formatYmd(dayStart),
				count: rng.chance(0.5) ? 1 : rng.int(2, rng.chance(0.9) ? 20 : 400),
				updatedAt: new Date(updated).toISOString(),
			});
		}
	}
	return items;
}
