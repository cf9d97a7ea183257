/**
 * Class A: the Affiliate Partner node's Report and Ad Space operations with their valid bases
 * (the report by day with every filter it takes, by sub ID 2 with the five sub IDs, by keyword
 * with the traffic source, its totals), and the dropdowns of ad spaces and programs.
 */
import { f, LIMITED, LIST_FIELDS, op, partnerNode, program, unknownKey, website, type Field, type Operation, type World } from './operation';

/** The sandbox's statistics reach 90 days back (sandbox/conversions/seedTimes.ts): a year's period holds them all. */
const period = (world: World) => ({ dateFrom: world.daysAgo(365), dateTo: world.daysAgo(0) });
const PERIOD_FIELDS = [f('dateFrom', 'optDateFrom'), f('dateTo', 'optDateTo')];
const SCOPE_FIELDS = [f('filters.adSpaceIds', 'idList', { sample: website }), f('filters.programIds', 'idList', { sample: (world) => program(world, 0) })];

const report = (name: string, base: Operation['base'], fields: Field[]): Operation => ({
	name,
	covers: name === 'report.get' ? name : undefined,
	runner: partnerNode(),
	api: 'partner',
	base,
	fields,
});

export const STATISTICS_OPERATIONS: Operation[] = [
	report(
		'report.get',
		(world) =>
			op('report', 'get', {
				groupBy: 'day',
				...period(world),
				// Given, as n8n gives its default: Return All and Limit show only for the boolean false.
				totalsOnly: false,
				...LIMITED,
				filters: { adSpaceIds: website(world), subId: 'newsletter' },
				orderBy: 'clicks',
				orderDirection: 'descending',
			}),
		[
			f('groupBy', 'choice'),
			...PERIOD_FIELDS,
			f('totalsOnly', 'optBool'),
			...LIST_FIELDS,
			...SCOPE_FIELDS,
			f('filters.subId', 'statisticsSubId'),
			f('orderBy', 'optChoice'),
			f('orderDirection', 'choice'),
			unknownKey('filters'),
		],
	),
	report('report.get.subIds', (world) => op('report', 'get', { groupBy: 'subId2', ...period(world), ...LIMITED, filters: { subId1: 'a' } }), [
		f('filters.subId1', 'statisticsSubId'),
		f('filters.subId2', 'statisticsSubId', { sample: () => 'x' }),
		f('filters.subId3', 'statisticsSubId', { sample: () => 'campaign-3' }),
		f('filters.subId4', 'statisticsSubId', { sample: () => 'user-4' }),
	]),
	report('report.get.keyword', (world) => op('report', 'get', { groupBy: 'keyword', ...period(world), ...LIMITED, filters: { source: 'g' } }), [
		f('filters.source', 'optChoice'),
	]),
	report('report.get.totals', (world) => op('report', 'get', { groupBy: 'program', ...period(world), totalsOnly: true }), [...PERIOD_FIELDS, ...SCOPE_FIELDS]),
	{
		name: 'adSpace.getMany',
		covers: 'adSpace.getMany',
		runner: partnerNode(),
		api: 'partner',
		base: () => op('adSpace', 'getMany', { ...LIMITED, filters: { status: 'active' } }),
		fields: [...LIST_FIELDS, f('filters.status', 'optChoice'), f('filters.campaignStatus', 'optChoice', { sample: () => 'active' }), unknownKey('filters')],
	},
	{
		name: 'adSpace.get',
		covers: 'adSpace.get',
		runner: partnerNode(),
		api: 'partner',
		base: (world) => op('adSpace', 'get', { adSpaceId: website(world) }),
		fields: [f('adSpaceId', 'id')],
	},
	{
		name: 'loadOptions.getAdSpaces',
		runner: { kind: 'loadOptions', method: 'getAdSpaces' },
		api: 'partner',
		base: (world) => op('adSpace', 'get', { adSpaceId: website(world) }),
		fields: [f('adSpaceId', 'nodeParameter')],
	},
	{
		name: 'loadOptions.getPrograms',
		runner: { kind: 'loadOptions', method: 'getPrograms' },
		api: 'partner',
		base: (world) => op('report', 'get', { groupBy: 'day', ...period(world), filters: { programIds: program(world, 0) } }),
		fields: [f('filters.programIds', 'nodeParameter'), f('dateFrom', 'nodeParameter')],
	},
];
