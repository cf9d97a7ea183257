/** Class A: the Click Report (a period by days, and by updatedAt) and both triggers' poll, with their valid bases. */
import { CLICK_REPORT, f, LIMIT_FIELD, LIMITED, LIST_FIELDS, program, unknownKey, website, type Field, type Operation, type World } from './operation';

/** A click item of the last days: its filters select something. */
const recentClick = (world: World) => world.clicks.find((item) => item.date >= world.daysAgo(3) && item.subId) ?? world.clicks[0];

export const clickFilterFields: Field[] = [
	f('filters.adSpaceId', 'uuid', { sample: (world) => recentClick(world).adspaceId }),
	f('filters.merchantId', 'merchantId', { sample: (world) => String(recentClick(world).merchantId) }),
	f('filters.subId', 'subId', { sample: (world) => recentClick(world).subId }),
	unknownKey('filters'),
];

export const CLICK_AND_TRIGGER_OPERATIONS: Operation[] = [
	{
		name: 'clickReport.days',
		runner: CLICK_REPORT,
		api: 'click',
		base: (world) => ({ operation: 'getMany', ...LIMITED, filters: { dateFrom: world.daysAgo(3), dateTo: world.daysAgo(0) } }),
		fields: [...LIST_FIELDS, f('filters.dateFrom', 'clickDateFrom'), f('filters.dateTo', 'clickDateTo'), ...clickFilterFields],
	},
	{
		name: 'clickReport.updatedAt',
		runner: CLICK_REPORT,
		api: 'click',
		base: (world) => ({ operation: 'getMany', ...LIMITED, filters: { updatedAtFrom: world.hoursAgo(48), updatedAtTo: world.hoursAgo(0) } }),
		fields: [f('filters.updatedAtFrom', 'instantFrom'), f('filters.updatedAtTo', 'instantTo'), LIMIT_FIELD],
	},
	{
		name: 'clickReportTrigger.poll',
		runner: { kind: 'trigger', type: 'clickReportTrigger' },
		api: 'click',
		base: () => ({ filters: {}, options: { emitExistingHours: 0, lookbackMinutes: 60 } }),
		fields: [...clickFilterFields, f('options.emitExistingHours', 'hours'), f('options.lookbackMinutes', 'minutes')],
	},
	{
		name: 'affiliatePartnerTrigger.poll',
		runner: { kind: 'trigger', type: 'affiliatePartnerTrigger' },
		api: 'partner',
		base: (world) => ({
			events: ['lostOrderCreated'],
			filters: { programId: program(world, 0), adSpaceId: website(world) },
			options: { emitExisting: true, watchDays: 30 },
		}),
		fields: [
			f('events', 'events'),
			f('filters.programId', 'optId'),
			f('filters.adSpaceId', 'optId'),
			f('options.emitExisting', 'optBool'),
			f('options.watchDays', 'watchDays'),
			unknownKey('options'),
		],
	},
];
