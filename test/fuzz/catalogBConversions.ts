/**
 * Class B, added last: the conversion reads. The Affiliate Partner node's actions over pages and
 * one item per position (at 1.3), its claim list at 1.3, the Affiliate Partner Trigger's conversion
 * events (both polls), and the click service's actions over the meta.next cursor, in Click Report
 * 1.2 and in the Click Report Trigger's conversion events (both polls).
 */
import type { INodeParameters } from 'n8n-workflow';

import { partnerNode, type World } from './operation';
import { list, naming, type ReadConfig } from './readConfig';

/**
 * The actions of 75 to 89 days ago: every change of theirs lies days before the sandbox's start
 * (a decision within 30 days of the action, a stall within 20 days of the decision), so that no change
 * seeded for the minutes after the start (sandbox/conversions/seedTimes.ts) alters what is read.
 */
const settledActions = (world: World, rest: INodeParameters): INodeParameters => {
	const { filters, ...others } = rest;
	return { resource: 'action', operation: 'getMany', ...others, filters: { actionDateFrom: world.daysAgo(89), actionDateTo: world.daysAgo(75), ...(filters as object) } };
};

const conversionTrigger = (name: string, secondPoll: boolean): ReadConfig => ({
	name,
	shape: 'list',
	key: 'id',
	api: 'partner',
	runner: { kind: 'trigger', type: 'affiliatePartnerTrigger', typeVersion: 1.2 },
	// Late Update Minutes of a day: the second poll reads the last day's changes again, several actions.
	parameters: () => ({ events: ['conversionCreated', 'conversionStatusChanged'], filters: {}, options: { emitExisting: true, watchDays: 5, lateUpdateMinutes: 1440 } }),
	names: naming('/statistics/actions/', 'actions'),
	labels: 'query',
	secondPoll,
	hugeCounts: !secondPoll,
});

/** Click actions inserted into the class B sandbox (stage.ts): more than a cursor page (500) holds. */
export const CONFIRMED_CLICK_ACTIONS = 600;

/** The click service's confirmed actions created within an hour of the stage's start: the ones stage.ts inserted. */
const clickActions = (name: string, rest: INodeParameters): ReadConfig => ({
	name,
	shape: 'cursorPage',
	key: 'actionId',
	api: 'click',
	runner: { kind: 'node', type: 'clickReport', typeVersion: 1.2 },
	parameters: (world) => ({
		resource: 'action',
		operation: 'getMany',
		...rest,
		filters: { status: 'CONFIRMED', createdAtFrom: world.hoursAgo(1), createdAtTo: world.hoursAgo(-1) },
	}),
	names: naming('/v3/api/stats/action', 'actions'),
	// Pages in the order read (a label by query sorts the page asked with `next` first).
	labels: 'ordinal',
	about: ['statusFiltered'],
});

/** The Click Report Trigger's conversion events: the inserted actions and the seeded ones of 10 days, over two cursor pages in each poll. */
const clickConversionTrigger = (name: string, secondPoll: boolean): ReadConfig => ({
	...clickActions(name, {}),
	runner: { kind: 'trigger', type: 'clickReportTrigger', typeVersion: 1.2 },
	parameters: () => ({ events: ['conversionCreated', 'conversionStatusChanged'], filters: {}, options: { emitExistingHours: 240, watchDays: 10, lateUpdateMinutes: 1440 } }),
	about: [],
	secondPoll,
});

export const CONVERSION_CONFIGS: ReadConfig[] = [
	{
		...list('actions.approved.all', 'list', 'id', '/statistics/actions/', {}, { hugeCounts: true, about: ['actions'] }),
		runner: partnerNode(1.3),
		parameters: (world) => settledActions(world, { returnAll: true, filters: { status: 'approved' }, options: { decimalsAsNumbers: true } }),
	},
	{
		...list('actions.positions.limit', 'list', 'id', '/statistics/actions/', {}, { about: ['actions', 'positions'] }),
		runner: partnerNode(1.3),
		parameters: (world) => settledActions(world, { returnAll: false, limit: 25, filters: { status: 'approved', actionType: 'sale' }, options: { onePerPosition: true } }),
	},
	conversionTrigger('conversionTrigger.first', false),
	conversionTrigger('conversionTrigger.second', true),
	{
		...list('lostOrders.v1_3', 'list', 'id', '/lost_orders/', {}),
		runner: partnerNode(1.3),
		parameters: () => ({ resource: 'lostOrder', operation: 'getMany', returnAll: false, limit: 25, filters: { adSpaceId: '1021' } }),
	},
	clickActions('clickActions.all', { returnAll: true }),
	clickActions('clickActions.limit', { returnAll: false, limit: 520 }),
	clickConversionTrigger('clickConversionTrigger.first', false),
	clickConversionTrigger('clickConversionTrigger.second', true),
];

