// The seeded ad spaces in full, as /websites/ and /websites/v2/ send them
// (../shared/spec/published-api-facts.md section 6): the four that the rest of the data uses, and a
// new one that has no data yet.

import { DAY_MS, formatDateTime } from '../dates';
import type { Named } from '../types';

export interface AdSpace {
	id: number;
	name: string;
	status: 'new' | 'active' | 'suspended' | 'pending' | 'declined';
	/** Filtered by campaign_status; not in either item (the record lists no such field: docs/sandbox.md). */
	campaign_status: 'pending' | 'active' | 'declined' | 'disabled';
	kind: string;
	site_url: string;
	description: string;
	creation_date: string;
	verification_code: string;
	validation_passed: boolean;
	is_old: boolean;
	account_id: string;
	is_lite: boolean;
	mailing_targeting: boolean;
	adservice: { id: number; name: string } | null;
	regions: string[];
	categoryIds: number[];
}

type Details = Omit<AdSpace, 'id' | 'name' | 'creation_date' | 'verification_code'> & { ageDays: number };

const DETAILS: Record<number, Details> = {
	1021: { status: 'active', campaign_status: 'active', kind: 'cashback', site_url: 'https://cashback.sandbox.example/', description: 'Cashback portal for online shoppers', validation_passed: true, is_old: true, account_id: 'cb-1021', is_lite: false, mailing_targeting: false, adservice: null, regions: ['RU', 'KZ'], categoryIds: [1, 2], ageDays: 1200 },
	1022: { status: 'active', campaign_status: 'active', kind: 'mobile_app', site_url: 'https://app.sandbox.example/', description: 'Loyalty club mobile app', validation_passed: true, is_old: false, account_id: '', is_lite: false, mailing_targeting: true, adservice: { id: 3, name: 'App Store' }, regions: ['DE', 'PL'], categoryIds: [3], ageDays: 400 },
	1023: { status: 'active', campaign_status: 'pending', kind: 'messenger', site_url: 'https://t.me/deals_sandbox', description: 'Deals channel in a messenger', validation_passed: false, is_old: false, account_id: '', is_lite: true, mailing_targeting: false, adservice: null, regions: ['RU'], categoryIds: [1], ageDays: 200 },
	1024: { status: 'suspended', campaign_status: 'declined', kind: 'coupon', site_url: 'https://coupons.sandbox.example/', description: 'Coupon site', validation_passed: true, is_old: true, account_id: 'cp-1024', is_lite: false, mailing_targeting: false, adservice: null, regions: ['US'], categoryIds: [1, 8], ageDays: 900 },
	1025: { status: 'new', campaign_status: 'disabled', kind: '', site_url: 'https://blog.sandbox.example/', description: '', validation_passed: false, is_old: false, account_id: '', is_lite: false, mailing_targeting: false, adservice: null, regions: [], categoryIds: [], ageDays: 2 },
};

export function seedAdSpaces(websites: Named[], startMs: number): AdSpace[] {
	const all = [...websites, { id: 1025, name: 'New Blog' }];
	return all.map(({ id, name }) => {
		const { ageDays, ...details } = DETAILS[id] ?? DETAILS[1025];
		return {
			id,
			name,
			...details,
			creation_date: formatDateTime(Math.floor((startMs - ageDays * DAY_MS) / 1000) * 1000),
			verification_code: `sbx${(id * 7919).toString(16)}`,
		};
	});
}
