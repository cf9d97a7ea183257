import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions';
import { CONVERSION_EVENT_OPTIONS, lateUpdateMinutesOption } from '../shared/conversionWatch';
import { nodeDocs } from '../shared/nodeDocs';
import { getAdSpaces, getPrograms } from '../shared/partnerStatistics/loadOptions';
import { triggerFilters } from './filters';
import { pollClaims } from './poll';
import { DEFAULT_WATCH_DAYS, MAX_WATCH_DAYS } from './settings';

export class AffiliatePartnerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affiliate Partner Trigger',
		name: 'affiliatePartnerTrigger',
		icon: { light: 'file:affiliatePartnerTrigger.svg', dark: 'file:affiliatePartnerTrigger.dark.svg' },
		group: ['trigger'],
		// 1.1: each item also carries `eventKey`, the same for the same change in any execution, for sinks to upsert on.
		// 1.2: the program and ad space filters are dropdowns (filters.ts).
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{ ($parameter["events"] || []).length + " event" + (($parameter["events"] || []).length === 1 ? "" : "s") }}',
		// n8n's node search shows Affiliate Partner and this trigger as one entry, with this
		// description (docs/nodes.md, Affiliate Partner Trigger), so it speaks for both; without a
		// count of the node's actions, which would go stale as operations are added.
		description:
			"Admitad's publisher API: read conversions, reports, deeplinks, programs, coupons, lost orders, appeal claims, order status, landing pages and reference data, or start a workflow when a conversion or a claim is created or changes status",
		defaults: { name: 'Affiliate Partner Trigger' },
		documentationUrl: nodeDocs('affiliate-partner-trigger'),
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affiliatePartnerApi', required: true }],
		properties: [
			{
				displayName:
					'Each poll starts one execution that carries every new claim or conversion and every change of status since the last poll as an item, claims first (oldest first), then conversions (oldest change first). The first poll only remembers what exists unless you ask for existing ones.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{ name: 'Appeal Claim Created', value: 'appealCreated', description: 'A new appeal claim' },
					{
						name: 'Appeal Claim Status Changed',
						value: 'appealStatusChanged',
						description: 'An appeal claim was decided, or its status or appeal status changed',
					},
					{ name: 'Lost Order Created', value: 'lostOrderCreated', description: 'A new lost-order claim' },
					{
						name: 'Lost Order Status Changed',
						value: 'lostOrderStatusChanged',
						description: 'A lost order was accepted or rejected, or its status or appeal status changed',
					},
					...CONVERSION_EVENT_OPTIONS,
				],
				default: ['lostOrderStatusChanged'],
				description: 'The changes that start the workflow',
			},
			...triggerFilters,
			optionsCollection([
				{
					displayName: 'Emit Existing',
					name: 'emitExisting',
					type: 'boolean',
					default: false,
					description:
						'Whether the first poll emits every watched claim once as created. Off: the first poll only remembers them.',
				},
				{
					displayName: 'Watch Days',
					name: 'watchDays',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_WATCH_DAYS },
					default: DEFAULT_WATCH_DAYS,
					description:
						'Claims created in the last this many days are watched; older ones are forgotten. Conversions are remembered this long after their last change, so that a later change shows the status before it.',
				},
				lateUpdateMinutesOption,
			]),
		],
	};

	methods = { loadOptions: { getAdSpaces, getPrograms } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollClaims(this);
	}
}
