/**
 * Class A: Click Report 1.2 → Action → Get Many over the seeded actions. Both ends of both ranges
 * are in the base, so that a far-future From is after its To (refused); the ad spaces and merchants
 * of the actions are the click catalogue's (sandbox/conversions/seedTakeads.ts).
 */
import { f, LIMITED, LIST_FIELDS, unknownKey, type Operation } from './operation';

export const CLICK_ACTION_OPERATIONS: Operation[] = [
	{
		name: 'clickReport.actions',
		runner: { kind: 'node', type: 'clickReport', typeVersion: 1.2 },
		api: 'click',
		base: (world) => ({
			resource: 'action',
			operation: 'getMany',
			...LIMITED,
			filters: {
				createdAtFrom: world.hoursAgo(24 * 100),
				createdAtTo: world.hoursAgo(-1),
				updatedAtFrom: world.hoursAgo(24 * 100),
				updatedAtTo: world.hoursAgo(-1),
			},
		}),
		fields: [
			...LIST_FIELDS,
			f('filters.createdAtFrom', 'instantFrom'),
			f('filters.createdAtTo', 'instantTo'),
			f('filters.updatedAtFrom', 'instantFrom'),
			f('filters.updatedAtTo', 'instantTo'),
			f('filters.status', 'capitalChoice', { sample: () => 'PENDING' }),
			f('filters.subId', 'subId', { sample: () => 'newsletter' }),
			f('filters.adSpaceId', 'uuid', { sample: (world) => world.clicks[0].adspaceId }),
			f('filters.merchantId', 'merchantId', { sample: (world) => String(world.clicks[0].merchantId) }),
			unknownKey('filters'),
		],
	},
];
