/**
 * Class A: the Affiliate Partner node's Program operations (Join and Leave are POSTs: creates, run
 * against a sandbox of their own, each sending exactly one POST) and Coupon operations (an ad
 * space's and the catalogue's), and Click Report 1.2's Merchant → Get Many and Coupon → Get Many.
 * The ad space 1021 has joined 6115 (sandbox/partner/programSeed.ts, SEEDED_CONNECTIONS).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import { f, LIMITED, LIST_FIELDS, op, partnerNode, unknownKey, type OracleRun, type Operation } from './operation';

const AD_SPACE = '1021';
const JOINED_PROGRAM = '6115';
const CLICK_1_2 = { kind: 'node', type: 'clickReport', typeVersion: 1.2 } as const;

/** Join and Leave: a POST is sent once at most, and once when the run succeeds (never retried, never repeated). */
function onePost(run: OracleRun): string | undefined {
	const posts = run.sent.filter((line) => line.startsWith('POST /advcampaigns/')).length;
	if (posts > 1 || (run.ok && posts !== 1)) return `${posts} POSTs where ${run.ok ? 'one' : 'at most one'} was due`;
	return undefined;
}

/** The ad space joins the program again (straight to the sandbox), so that every Leave has a program to leave. */
async function rejoin(sandbox: Sandbox): Promise<void> {
	const response = await fetch(`${sandbox.partnerUrl}/advcampaigns/${JOINED_PROGRAM}/attach/${AD_SPACE}/`, { method: 'POST', headers: { authorization: `Bearer ${sandbox.accessToken}` } });
	if (!response.ok) throw new Error(`fuzz: the sandbox did not rejoin ${JOINED_PROGRAM}: ${response.status}`);
}

const membership = (operation: 'join' | 'leave'): Operation => ({
	name: `program.${operation}`,
	covers: `program.${operation}`,
	runner: partnerNode(),
	api: 'partner',
	creates: true,
	base: () => op('program', operation, { adSpaceId: AD_SPACE, programId: JOINED_PROGRAM }),
	// A key the node does not know leaves a run that sends its POST: the oracle counts it.
	fields: [f('adSpaceId', 'id'), f('programId', 'id'), unknownKey()],
	oracle: onePost,
	reset: operation === 'leave' ? rejoin : undefined,
});

const couponFields = [
	f('filters.programIds', 'idList', { sample: () => JOINED_PROGRAM }),
	f('filters.categoryId', 'optId', { sample: () => '1' }),
	f('filters.typeId', 'optId', { sample: () => '2' }),
	f('filters.programCategoryId', 'optId', { sample: () => '62' }),
	f('filters.search', 'statisticsSubId', { sample: () => 'code' }),
	f('filters.region', 'region', { sample: () => 'RU' }),
	f('filters.dateFrom', 'optDateFrom'),
	f('filters.dateTo', 'optDateTo'),
	f('filters.language', 'optLanguage', { sample: () => 'en' }),
	f('options.orderBy', 'optChoice'),
	f('options.orderDirection', 'optChoice', { sample: () => 'descending' }),
	unknownKey('filters'),
];

/** Coupons of a period ten years wide around today: every seeded coupon's, so that a far end selects what the base does. */
const coupons = (source: 'adSpace' | 'catalogue', world: Parameters<Operation['base']>[0]): INodeParameters =>
	op('coupon', 'getMany', {
		source,
		...(source === 'adSpace' ? { adSpaceId: AD_SPACE } : {}),
		...LIMITED,
		filters: { dateFrom: world.daysAgo(3650), dateTo: world.daysAgo(-3650) },
		options: { orderBy: 'rating' },
	});

const clickFilters = (world: Parameters<Operation['base']>[0]) => ({ updatedAtFrom: world.hoursAgo(24 * 3650), updatedAtTo: world.hoursAgo(-1) });

export const COUPON_OPERATIONS: Operation[] = [
	{
		name: 'program.getMany',
		covers: 'program.getMany',
		runner: partnerNode(),
		api: 'partner',
		base: () => op('program', 'getMany', { adSpaceId: AD_SPACE, ...LIMITED, filters: { connectionStatus: 'active', hasTool: ['deeplink'] }, options: { decimalsAsNumbers: true } }),
		fields: [
			f('adSpaceId', 'id'),
			...LIST_FIELDS,
			f('filters.connectionStatus', 'optChoice'),
			f('filters.hasTool', 'toolList'),
			f('options.decimalsAsNumbers', 'optBool'),
			f('options.onePerActionRate', 'optBool'),
			unknownKey('filters'),
			unknownKey('options'),
		],
	},
	{
		name: 'program.get',
		covers: 'program.get',
		runner: partnerNode(),
		api: 'partner',
		base: () => op('program', 'get', { adSpaceId: AD_SPACE, programId: JOINED_PROGRAM, options: { onePerActionRate: true } }),
		fields: [f('adSpaceId', 'id'), f('programId', 'id'), f('options.decimalsAsNumbers', 'optBool'), f('options.onePerActionRate', 'optBool'), unknownKey('options')],
	},
	membership('join'),
	membership('leave'),
	{
		name: 'coupon.getMany',
		covers: 'coupon.getMany',
		runner: partnerNode(),
		api: 'partner',
		base: (world) => coupons('adSpace', world),
		fields: [f('source', 'choice'), f('adSpaceId', 'id'), ...LIST_FIELDS, ...couponFields],
	},
	{
		name: 'coupon.getMany.catalogue',
		runner: partnerNode(),
		api: 'partner',
		base: (world) => coupons('catalogue', world),
		fields: couponFields,
	},
	{
		name: 'coupon.get',
		covers: 'coupon.get',
		runner: partnerNode(),
		api: 'partner',
		base: () => op('coupon', 'get', { source: 'catalogue', couponId: '52001' }),
		// Its Source and Ad Space are Get Many's fields, fuzzed there.
		fields: [f('couponId', 'id')],
	},
	{
		name: 'merchant.getMany',
		covers: 'clickReport:merchant.getMany',
		runner: CLICK_1_2,
		api: 'click',
		// Merchants have no Updated At To: a far From is valid, and selects nothing.
		base: (world) => op('merchant', 'getMany', { ...LIMITED, filters: { updatedAtFrom: world.hoursAgo(24 * 3650) } }),
		fields: [...LIST_FIELDS, f('filters.isActive', 'optBool'), f('filters.updatedAtFrom', 'instant'), unknownKey('filters')],
	},
	{
		name: 'clickCoupon.getMany',
		covers: 'clickReport:coupon.getMany',
		runner: CLICK_1_2,
		api: 'click',
		base: (world) => op('coupon', 'getMany', { ...LIMITED, filters: { ...clickFilters(world), isActive: false } }),
		fields: [
			...LIST_FIELDS,
			f('filters.isActive', 'optBool'),
			f('filters.updatedAtFrom', 'instantFrom'),
			f('filters.updatedAtTo', 'instantTo'),
			f('filters.startDateBefore', 'instant', { sample: (world) => world.hoursAgo(-24 * 3650) }),
			f('filters.endDateAfter', 'instant', { sample: (world) => world.hoursAgo(24 * 3650) }),
			f('filters.languageCodes', 'codeList', { sample: () => 'en' }),
			f('filters.countryCodes', 'codeList', { sample: () => 'US' }),
			f('filters.categoryIds', 'idList', { sample: () => '1' }),
			unknownKey('filters'),
		],
	},
];
