import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { adSpaceIdFilter, merchantIdFilter, subIdFilter } from '../shared/clickReport';
import { CONVERSION_EVENT_OPTIONS, lateUpdateMinutesOption } from '../shared/conversionWatch';
import { filtersCollection, optionsCollection } from '../shared/descriptions';
import { nodeDocs } from '../shared/nodeDocs';
import { pollClickReport } from './poll';
import { CLICK_ITEM_EVENT, DEFAULT_CONVERSION_WATCH_DAYS, MAX_EMIT_EXISTING_HOURS, MAX_LOOKBACK_MINUTES } from './settings';

export class ClickReportTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Click Report Trigger',
		name: 'clickReportTrigger',
		icon: { light: 'file:clickReportTrigger.svg', dark: 'file:clickReportTrigger.dark.svg' },
		group: ['trigger'],
		// 1.1: each item also carries `eventKey`, the same for the same change in any execution, for sinks to upsert on.
		// 1.2: Events: click items and, beside them, conversions (docs/nodes.md, "Conversion events").
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{ $parameter["events"] ? ($parameter["events"] || []).length + " event" + (($parameter["events"] || []).length === 1 ? "" : "s") : "New and updated click items" }}',
		// n8n's node search shows Click Report and this trigger as one entry, with this description
		// (docs/nodes.md, Click Report), so it speaks for both.
		description:
			'Takeads click report per merchant, Sub ID and ad space, conversions, merchants, affiliate links and coupons: get them, or start a workflow when click items are new or updated, or a conversion is created or changes status',
		defaults: { name: 'Click Report Trigger' },
		documentationUrl: nodeDocs('click-report-trigger'),
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'clickStatisticsApi', required: true }],
		properties: [
			{
				displayName:
					'Each poll starts one execution that carries every new or changed click item since the last poll as an item, oldest change first. The first poll starts from now unless you ask for existing items.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
				options: [
					{ name: 'Click Item New or Updated', value: CLICK_ITEM_EVENT, description: 'A click item of the report that is new or was updated' },
					...CONVERSION_EVENT_OPTIONS,
				],
				default: [CLICK_ITEM_EVENT],
				description: 'The changes that start the workflow',
			},
			filtersCollection([adSpaceIdFilter, merchantIdFilter, subIdFilter]),
			optionsCollection([
				{
					displayName: 'Emit Existing Hours',
					name: 'emitExistingHours',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: MAX_EMIT_EXISTING_HOURS },
					default: 0,
					description:
						'On the very first poll, also emit items updated in the last this many hours, at most 8760 (a year). 0 starts from now and emits nothing on the first poll.',
				},
				{
					displayName: 'Lookback Minutes',
					name: 'lookbackMinutes',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_LOOKBACK_MINUTES },
					default: 60,
					description:
						'How far back every poll looks again for statistics that arrive late, at most 525600 (a year). Changes that arrive later than this are not seen.',
				},
				{ ...lateUpdateMinutesOption, displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } } },
				{
					displayName: 'Watch Days',
					name: 'watchDays',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 365 },
					default: DEFAULT_CONVERSION_WATCH_DAYS,
					displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
					description:
						'Conversion events: each conversion is remembered this many days after its last change, so that a later change shows the status before it (a conversion moves to SETTLED 45 to 50 days after CONFIRMED)',
				},
			]),
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollClickReport(this);
	}
}
