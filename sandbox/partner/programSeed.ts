// The programs as GET /advcampaigns/website/{w_id}/ sends them, field by field as the Program item
// table of ../shared/spec/published-api-facts.md (section 4) shows them: rating and trends as
// decimal strings, cr and ecpc possibly null, epc a float or an int, dates YYYY-MM-DDTHH:MM:SS,
// actions_detail with tariffs and rates. The programs are the sandbox's own (seed.ts), so their IDs
// agree with the reports, the actions and the programs dropdown. Fields only one 2019 body or the
// 2013 mock shows (action_countries, mobile_os, percentage_of_confirmed, ...) are left out.

import { DAY_MS, formatDateTime, formatYmd } from '../dates';
import { derivedRng } from '../prng';
import type { Category, Named, Program } from '../types';
import { renderCategory } from './reference';

export type ConnectionStatus = 'active' | 'pending' | 'declined';

export const HAS_TOOLS = [
	'deeplink', 'products', 'retag', 'lost_orders', 'coupons', 'basket_tracking', 'tracking_in_mobile_site', 'tracking_in_mobile_app', 'vendor_bonus',
] as const;
export type Tool = (typeof HAS_TOOLS)[number];

/** An action of a program: its tariffs each with rates as [size, is_percentage, country]. */
interface ActionSpec {
	name: string;
	type: 'sale' | 'lead';
	holdDays: number;
	tariffs: Array<{ name: string; rates: Array<[string, boolean, string | null]> }>;
}

interface ProgramSpec {
	tools: Tool[];
	regions: string[];
	actions: ActionSpec[];
	/** cr and ecpc; null where the mock shows null (a program without data yet). */
	cr: number | null;
	ecpc: number | null;
	/** 92 (an int) or 12.37 (a float): both seen. */
	epc: number;
	ageDays: number;
}

const SPECS: Record<number, ProgramSpec> = {
	6115: {
		tools: ['deeplink', 'coupons', 'products', 'retag', 'lost_orders'],
		regions: ['RU', 'KZ', 'BY'],
		actions: [
			{ name: 'Paid order (new customer)', type: 'sale', holdDays: 30, tariffs: [{ name: 'Default', rates: [['7.00', true, null], ['9.00', true, 'KZ']] }] },
			{ name: 'Paid order (returning customer)', type: 'sale', holdDays: 30, tariffs: [{ name: 'Default', rates: [['5.00', true, null]] }] },
		],
		cr: 0.42, ecpc: 3.18, epc: 92, ageDays: 1400,
	},
	7204: {
		tools: ['deeplink', 'products', 'basket_tracking', 'tracking_in_mobile_site'],
		regions: ['US', 'DE', 'PL'],
		actions: [
			{
				name: 'Purchase', type: 'sale', holdDays: 45,
				tariffs: [{ name: 'Smartphones', rates: [['3.50', true, null]] }, { name: 'Computers', rates: [['2.00', true, null], ['2.50', true, 'DE']] }],
			},
		],
		cr: 1.07, ecpc: 0.85, epc: 12.37, ageDays: 900,
	},
	8311: {
		tools: ['deeplink', 'tracking_in_mobile_app'],
		regions: ['DE', 'FR', 'ES', 'IT'],
		actions: [
			{ name: 'Hotel booking', type: 'sale', holdDays: 60, tariffs: [{ name: 'Hotels', rates: [['4.00', true, null]] }] },
			{ name: 'Newsletter sign-up', type: 'lead', holdDays: 7, tariffs: [{ name: 'Default', rates: [['1.20', false, null]] }] },
		],
		cr: 0.31, ecpc: 1.9, epc: 71, ageDays: 2100,
	},
	9120: {
		tools: ['coupons', 'vendor_bonus'],
		regions: ['DE', 'AT', 'CH'],
		actions: [{ name: 'Order', type: 'sale', holdDays: 21, tariffs: [{ name: 'Default', rates: [['6.00', true, null]] }] }],
		cr: 0.88, ecpc: null, epc: 4.5, ageDays: 300,
	},
	10342: {
		tools: ['deeplink', 'coupons', 'lost_orders'],
		regions: ['US', 'GB', 'CA'],
		actions: [{ name: 'Sale', type: 'sale', holdDays: 30, tariffs: [{ name: 'Books', rates: [['8.00', true, null], ['6.50', true, 'GB']] }, { name: 'E-books', rates: [] }] }],
		cr: 2.15, ecpc: 0.4, epc: 19, ageDays: 1800,
	},
	11876: {
		tools: ['products'],
		regions: ['RU'],
		actions: [{ name: 'Registration', type: 'lead', holdDays: 14, tariffs: [{ name: 'Default', rates: [['80.00', false, null]] }] }],
		cr: null, ecpc: null, epc: 0, ageDays: 40,
	},
};

/** Which programs each seeded ad space is connected to, and how; a program missing is not connected. */
export const SEEDED_CONNECTIONS: Record<number, Array<[number, ConnectionStatus]>> = {
	1021: [[6115, 'active'], [7204, 'active'], [8311, 'pending'], [9120, 'declined'], [10342, 'active']],
	1022: [[7204, 'active'], [9120, 'active'], [11876, 'pending']],
	1023: [[6115, 'pending'], [8311, 'active']],
	1024: [[6115, 'active'], [10342, 'declined']],
};

export const toolsOf = (programId: number): Tool[] => SPECS[programId]?.tools ?? [];

const decimal = (value: number, places: number) => value.toFixed(places);
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** What a program looks like whatever ad space it is read for. */
export type ProgramItem = Record<string, unknown>;

/** Every program's fields but the ad space's own (connection_status, gotolink), seeded from `seed` and the day `dayMs`. */
export function seedProgramItems(seed: number, dayMs: number, programs: Program[], categories: Category[], traffic: Named[]): Map<number, ProgramItem> {
	const items = new Map<number, ProgramItem>();
	for (const program of programs) {
		const spec = SPECS[program.id];
		if (!spec) continue;
		const rng = derivedRng(seed, 4000 + program.id);
		const site = `https://${slug(program.name)}.sandbox.example/`;
		const hasFeeds = spec.tools.includes('products');
		const actions = spec.actions.map((action, a) => ({ id: program.id * 10 + a + 1, ...action }));
		const feedUpdate = dayMs - rng.int(1, 40) * 3_600_000;
		items.set(program.id, {
			id: program.id,
			name: program.name,
			site_url: site,
			status: 'active',
			moderation: rng.chance(0.5),
			rating: decimal(rng.int(15, 50) / 10, 1),
			currency: program.currency,
			cr: spec.cr,
			ecpc: spec.ecpc,
			epc: spec.epc,
			cr_trend: decimal(rng.int(-900, 900) / 100, 4),
			ecpc_trend: decimal(rng.int(-900, 900) / 100, 4),
			epc_trend: decimal(-7, 4),
			image: `https://cdn.sandbox.example/images/${program.id}.png`,
			description: `${program.name}: an affiliate program of the sandbox.`,
			raw_description: `<p>${program.name}: an affiliate program of the sandbox.</p>`,
			actions: actions.map((action) => {
				const [size, percentage] = action.tariffs[0]?.rates[0] ?? ['0.00', true];
				const payment_size = percentage ? `${Number(size)}%` : `${Number(size)}${program.currency}`;
				return { id: action.id, name: action.name, type: action.type, payment_size, hold_time: action.holdDays };
			}),
			actions_detail: actions.map((action, a) => ({
				id: action.id,
				name: action.name,
				type: action.type,
				hold_size: action.holdDays,
				tariffs: action.tariffs.map((tariff, t) => {
					const tariffId = program.id * 100 + a * 10 + t + 1;
					return {
						id: tariffId,
						name: tariff.name,
						action_id: action.id,
						rates: tariff.rates.map(([size, is_percentage, country], r) => ({
							id: tariffId * 10 + r + 1,
							tariff_id: tariffId,
							size,
							is_percentage,
							price_s: '0.00',
							date_s: formatYmd(dayMs - spec.ageDays * DAY_MS),
							country,
						})),
					};
				}),
			})),
			regions: spec.regions.map((region) => ({ region })),
			categories: program.categoryIds.flatMap((id) => {
				const category = categories.find((c) => c.id === id);
				return category ? [renderCategory(category, 'en', categories)] : [];
			}),
			traffics: traffic.map((source, t) => ({ id: source.id, name: source.name, enabled: (program.id + t) % 3 !== 0 })),
			allow_deeplink: spec.tools.includes('deeplink'),
			show_products_links: hasFeeds,
			retag: spec.tools.includes('retag'),
			exclusive: program.id === 8311,
			geotargeting: spec.regions.length > 1,
			coupon_iframe_denied: !spec.tools.includes('coupons'),
			denynewwms: false,
			...(hasFeeds
				? { products_csv_link: `${site}feeds/products.csv`, products_xml_link: `${site}feeds/products.xml` }
				: {}),
			feeds_info: hasFeeds
				? [
						{
							name: `${program.name} products`,
							csv_link: `${site}feeds/products.csv`,
							xml_link: `${site}feeds/products.xml`,
							advertiser_last_update: formatDateTime(feedUpdate).replace('T', ' '),
							// Sometimes with microseconds, as the record shows.
							admitad_last_update: `${formatDateTime(feedUpdate + 600_000).replace('T', ' ')}.${String(rng.int(0, 999_999)).padStart(6, '0')}`,
						},
					]
				: [],
			goto_cookie_lifetime: rng.pick([30, 45, 60, 90]),
			avg_money_transfer_time: rng.int(20, 90),
			avg_hold_time: spec.cr === null ? null : rng.int(10, 60),
			max_hold_time: spec.cr === null ? null : rng.int(60, 120),
			activation_date: formatDateTime(dayMs - spec.ageDays * DAY_MS),
			modified_date: formatDateTime(dayMs - rng.int(1, 30) * DAY_MS),
			landing_code: null,
			landing_title: null,
		});
	}
	return items;
}

/** The go-to link of a program for an ad space: https://ad.admitad.com/g/<hash>/ in the record. */
export function gotolinkOf(seed: number, programId: number, adSpaceId: number): string {
	return `https://ad.sandbox.example/g/${derivedRng(seed, programId * 7 + adSpaceId).hex(10)}/`;
}
