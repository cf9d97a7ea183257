/**
 * Class A, added last: the Affiliate Partner node's Action → Get Many (every filter and option, at
 * 1.3, the newest version), the claim operations at 1.3 (the program and ad space dropdowns), and
 * the conversion events of the Affiliate Partner Trigger at 1.2 and the Click Report Trigger at 1.2.
 *
 * The sandbox's actions reach 90 days back, with changes seeded 1 to 30 minutes after its start
 * (sandbox/conversions/seedTimes.ts, the first at 137 s with the default seed): the bases read
 * periods that end before those changes or are ordered oldest first, so that a case and its
 * undisturbed run read the same actions.
 */
import { f, LIMITED, LIST_FIELDS, op, partnerNode, program, unknownKey, website, type Field, type Operation } from './operation';
import { clickFilterFields } from './operationsClickAndTriggers';
import { claimList, lostOrderCreate } from './operationsPartner';

const NEWEST = 1.3;
/** The first seeded action (sandbox/conversions/seedPartnerActions.ts): an Action ID filter's valid value. */
const FIRST_ACTION_ID = '90000001';

const actions = (name: string, base: Operation['base'], fields: Field[]): Operation => ({
	name,
	covers: name === 'action.getMany' ? name : undefined,
	runner: partnerNode(NEWEST),
	api: 'partner',
	base,
	fields,
});

export const CONVERSION_OPERATIONS: Operation[] = [
	// The dates: a year of action dates to today (a far end beyond the data selects what the base
	// does), status updates from a year ago to an hour ahead; approved actions, oldest first.
	actions(
		'action.getMany',
		(world) =>
			op('action', 'getMany', {
				...LIMITED,
				filters: {
					actionDateFrom: world.daysAgo(365),
					actionDateTo: world.daysAgo(0),
					statusUpdatedFrom: world.hoursAgo(24 * 365),
					statusUpdatedTo: world.hoursAgo(-1),
					status: 'approved',
				},
				options: { orderBy: 'datetime', decimalsAsNumbers: true },
			}),
		[
			...LIST_FIELDS,
			f('filters.actionDateFrom', 'optDateFrom'),
			f('filters.actionDateTo', 'optDateTo'),
			f('filters.statusUpdatedFrom', 'instantFrom'),
			f('filters.statusUpdatedTo', 'instantTo'),
			f('filters.status', 'optChoice'),
			f('filters.actionId', 'optId', { sample: () => FIRST_ACTION_ID }),
			f('options.orderBy', 'optChoice'),
			f('options.decimalsAsNumbers', 'optBool'),
			unknownKey('filters'),
			unknownKey('options'),
		],
	),
	// One item per position, of sales processed and paid; the other filters one at a time.
	actions(
		'action.getMany.positions',
		() => op('action', 'getMany', { ...LIMITED, filters: { actionType: 'sale', processed: '1', paid: '1' }, options: { onePerPosition: true, orderBy: 'datetime' } }),
		[
			f('filters.actionType', 'optChoice'),
			f('filters.processed', 'flagChoice'),
			f('filters.paid', 'flagChoice'),
			// A closing date is 30 days after the action: one end at a time, each beyond the data at its far side.
			f('filters.closingDateFrom', 'optDateFrom', { sample: (world) => world.daysAgo(365) }),
			f('filters.closingDateTo', 'optDateTo', { sample: (world) => world.daysAgo(-60) }),
			f('filters.subId', 'statisticsSubId', { sample: () => 'newsletter' }),
			f('filters.subId1', 'statisticsSubId', { sample: () => 'a' }),
			f('filters.subId2', 'statisticsSubId', { sample: () => 'x' }),
			f('filters.subId3', 'statisticsSubId', { sample: () => 'campaign-3' }),
			f('filters.subId4', 'statisticsSubId', { sample: () => 'user-4' }),
			f('filters.keyword', 'statisticsSubId', { sample: () => 'running shoes' }),
			f('filters.trafficSource', 'optChoice', { sample: () => 'g' }),
			f('filters.adSpaceIds', 'idList', { sample: website }),
			f('filters.programIds', 'idList', { sample: (world) => program(world, 0) }),
			f('options.onePerPosition', 'optBool'),
		],
	),
	claimList('lostOrder', 0, NEWEST),
	claimList('appeal', 1, NEWEST),
	lostOrderCreate(NEWEST),
	{
		// The conversion events at 1.2 (the dropdown filters): what changed in the last 30 days, emitted as existing.
		name: 'affiliatePartnerTrigger.conversions',
		runner: { kind: 'trigger', type: 'affiliatePartnerTrigger', typeVersion: 1.2 },
		api: 'partner',
		base: (world) => ({
			events: ['conversionCreated', 'conversionStatusChanged'],
			filters: { programId: program(world, 0) },
			options: { emitExisting: true, watchDays: 30, lateUpdateMinutes: 15 },
		}),
		fields: [
			f('events', 'events'),
			f('filters.programId', 'optId'),
			f('filters.adSpaceId', 'optId', { sample: website }),
			f('options.emitExisting', 'optBool'),
			f('options.watchDays', 'watchDays'),
			f('options.lateUpdateMinutes', 'minutes'),
			unknownKey('options'),
		],
	},
	{
		// The click service's conversion events at 1.2: what changed in the last 30 days, emitted as existing.
		name: 'clickReportTrigger.conversions',
		runner: { kind: 'trigger', type: 'clickReportTrigger', typeVersion: 1.2 },
		api: 'click',
		base: () => ({
			events: ['conversionCreated', 'conversionStatusChanged'],
			filters: {},
			options: { emitExistingHours: 24 * 30, watchDays: 30, lateUpdateMinutes: 15 },
		}),
		fields: [
			f('events', 'events'),
			...clickFilterFields,
			f('options.emitExistingHours', 'hours'),
			f('options.watchDays', 'watchDays'),
			f('options.lateUpdateMinutes', 'minutes'),
			unknownKey('options'),
		],
	},
];
