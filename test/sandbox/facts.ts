// The field tables of ../shared/spec/published-api-facts.md (sections 1, 2, 6 and 8), written out for
// the sandbox's conformance tests: every field a served item must carry, with its documented type.

/** A field's documented type; `?` after it: may be null. */
export type FieldType =
	| 'int' | 'number' | 'string' | 'bool' | 'uuid' | 'isoMs' | 'spaced' | 'ymd' | 'ym' | 'tDateTime' | 'decimalString'
	| 'int01' | 'array' | 'object' | 'null' | `enum:${string}` | `${string}?`;
export type FieldTable = Record<string, FieldType>;

const FORMATS: Record<string, (v: unknown) => boolean> = {
	int: (v) => Number.isInteger(v),
	number: (v) => typeof v === 'number' && Number.isFinite(v),
	string: (v) => typeof v === 'string',
	bool: (v) => typeof v === 'boolean',
	uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
	isoMs: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v),
	spaced: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v),
	ymd: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
	ym: (v) => typeof v === 'string' && /^\d{4}-\d{2}$/.test(v),
	tDateTime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(v),
	decimalString: (v) => typeof v === 'string' && /^\d+\.\d{2}$/.test(v),
	int01: (v) => v === 0 || v === 1,
	array: (v) => Array.isArray(v),
	object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
	null: (v) => v === null,
};

/** The problems of one item against its table: missing or extra fields, and values of another type. */
export function fieldProblems(item: Record<string, unknown>, table: FieldTable): string[] {
	const problems: string[] = [];
	for (const key of Object.keys(item)) if (!(key in table)) problems.push(`${key}: not in the facts table`);
	for (const [key, type] of Object.entries(table)) {
		if (!(key in item)) {
			problems.push(`${key}: missing`);
			continue;
		}
		const value = item[key];
		const nullable = type.endsWith('?');
		const base = nullable ? type.slice(0, -1) : type;
		if (nullable && value === null) continue;
		const ok = base.startsWith('enum:') ? base.slice(5).split('|').includes(value as string) : FORMATS[base](value);
		if (!ok) problems.push(`${key}: ${JSON.stringify(value)} is not ${type}`);
	}
	return problems;
}

// Section 8: Takeads GET /v3/api/stats/action, the action item (nullability from MBL).
export const TAKEADS_ACTION: FieldTable = {
	actionId: 'uuid',
	actionNumericId: 'int',
	adspaceId: 'uuid',
	merchantId: 'int',
	status: 'enum:PENDING|CONFIRMED|CANCELED|SETTLED',
	subId: 'string?',
	publisherRevenue: 'number',
	orderAmount: 'number',
	currencyCode: 'string',
	type: 'enum:LEAD|SALE|CLICK|BONUS',
	orderDate: 'isoMs',
	createdAt: 'isoMs',
	updatedAt: 'isoMs',
	countryCode: 'string',
	clickId: 'string?',
	couponId: 'string',
};

// Section 1: GET /statistics/actions/, the action item (banner_id is T only, absent from the real bodies).
export const PARTNER_ACTION: FieldTable = {
	id: 'int', action_id: 'int', order_id: 'string', tariff_id: 'int', advcampaign_id: 'int', advcampaign_name: 'string',
	website_name: 'string', action: 'string', action_type: 'enum:sale|lead',
	status: 'enum:pending|approved|declined|approved_but_stalled', processed: 'int01', paid: 'int01',
	cart: 'number?', payment: 'number', currency: 'string', conversion_time: 'int', click_date: 'spaced', action_date: 'spaced',
	closing_date: 'ymd', status_updated: 'spaced', click_user_ip: 'string?', click_user_referer: 'string?',
	click_country_code: 'string?', subid: 'string?', subid1: 'string?', subid2: 'string?', subid3: 'string?', subid4: 'string?',
	keyword: 'string?', comment: 'string?', promocode: 'string?', positions: 'array',
};

// Section 1: Position.
export const POSITION: FieldTable = {
	id: 'int', tariff_id: 'int', rate_id: 'int', datetime: 'spaced', amount: 'decimalString', payment: 'decimalString',
	rate: 'decimalString', percentage: 'bool', product_url: 'string', product_id: 'string', product_image: 'string',
	product_name: 'string', product_category_id: 'string', product_category_name: 'string',
};

// Section 2: item fields of the aggregated reports.
const WEBSITE_METRICS: FieldTable = {
	views: 'int', clicks: 'int', ctr: 'number', ecpc: 'number', ecpm: 'number', cr: 'number', leads_sum: 'int', sales_sum: 'int',
	payment_sum_open: 'number', payment_sum_approved: 'number', payment_sum_declined: 'number', currency: 'string',
};
const DATE_METRICS: FieldTable = {
	...WEBSITE_METRICS,
	leads_sum_open: 'int', leads_sum_approved: 'int', leads_sum_declined: 'int',
	sales_sum_open: 'int', sales_sum_approved: 'int', sales_sum_declined: 'int',
};
const SOURCE_METRICS: FieldTable = {
	clicks: 'int', ecpc: 'number', cr: 'number', leads_sum: 'int', sales_sum: 'int',
	payment_sum_declined: 'number', payment_sum_open: 'number', payment_sum_approved: 'number', currency: 'string',
};
const SUB_ID_METRICS: FieldTable = { ...SOURCE_METRICS, payment_sum: 'number' };

export const REPORT_ROWS: Record<string, FieldTable> = {
	dates: { date: 'ymd', ...DATE_METRICS },
	months: { date: 'ym', ...DATE_METRICS },
	websites: { website_id: 'string', website_name: 'string', ...WEBSITE_METRICS },
	campaigns: { advcampaign_id: 'int', advcampaign_name: 'string', ...WEBSITE_METRICS },
	sub_ids: { subid: 'string', ...SUB_ID_METRICS },
	// The sub_idsN key is `?` in the record; the sandbox names it subidN (docs/sandbox.md).
	...Object.fromEntries([1, 2, 3, 4].map((n) => [`sub_ids${n}`, { [`subid${n}`]: 'string', ...SUB_ID_METRICS } as FieldTable])),
	sources: { source: 'enum:g|y', source_name: 'enum:Google Adwords|Yandex.Direct', ...SOURCE_METRICS },
	keywords: { keyword: 'string', ...SOURCE_METRICS },
};

// Section 2: the one object of a total=1 answer (R, /statistics/websites/).
export const REPORT_TOTAL: FieldTable = {
	views: 'int', clicks: 'int', leads_sum: 'int', sales_sum: 'int', actions_sum_total: 'int', payment_sum_open: 'number',
	payment_sum_approved: 'number', payment_sum_declined: 'number', payment_sum: 'number', currency: 'string', cr: 'number', ecpc: 'number',
};

// Section 1, envelope: total=1 of actions, LX's declared shape.
export const ACTIONS_TOTAL: FieldTable = { currency: 'string', payment_sum: 'number', cart: 'number' };

// Section 6: ad spaces.
export const AD_SPACE_V2: FieldTable = {
	id: 'int', name: 'string', status: 'string', kind: 'string', site_url: 'string', verification_code: 'string',
	creation_date: 'tDateTime', validation_passed: 'bool', is_old: 'bool', account_id: 'string', is_lite: 'bool',
};
export const AD_SPACE_V1: FieldTable = {
	id: 'int', name: 'string', status: 'string', kind: 'string', site_url: 'string', description: 'string',
	creation_date: 'tDateTime', verification_code: 'string', validation_passed: 'bool', is_old: 'bool', account_id: 'string',
	mailing_targeting: 'bool', db_size: 'null', collecting_method: 'null', adservice: 'object?', regions: 'array', categories: 'array',
};
export const REGION: FieldTable = { region: 'string', id: 'int' };
export const CATEGORY: FieldTable = { id: 'int', name: 'string', language: 'string', parent: 'object?' };
