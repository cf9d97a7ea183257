import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { fetchClickReport } from '../shared/transport';

const CLICK_REPORT_PATH = '/v2/api/stats/click';
const MANUAL_SAMPLE_SIZE = 10;
const MANUAL_LOOKBACK_MS = 24 * 60 * 60 * 1000;

interface TriggerState extends IDataObject {
	/** ISO time up to which changes have been emitted. */
	cursor?: string;
	/** ids of items emitted with updatedAt equal to the cursor, so a tie is not emitted twice. */
	idsAtCursor?: string[];
}

export class ClickReportTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Click Report Trigger',
		name: 'clickReportTrigger',
		icon: { light: 'file:clickReportTrigger.svg', dark: 'file:clickReportTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'New and updated click items',
		description: 'Starts the workflow when click items are new or updated in the click report',
		defaults: { name: 'Click Report Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'clickStatisticsApi', required: true }],
		properties: [],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const now = new Date();
		if (this.getMode() === 'manual') {
			const items = await fetchClickReport(this, {
				path: CLICK_REPORT_PATH,
				qs: {
					updatedAtFrom: new Date(now.getTime() - MANUAL_LOOKBACK_MS).toISOString(),
					updatedAtTo: now.toISOString(),
				},
				limit: MANUAL_SAMPLE_SIZE,
			});
			return items.length ? [items.map((json) => ({ json }))] : null;
		}

		const state = this.getWorkflowStaticData('node') as TriggerState;
		if (!state.cursor) {
			state.cursor = now.toISOString();
			state.idsAtCursor = [];
			return null;
		}
		const items = await fetchClickReport(this, {
			path: CLICK_REPORT_PATH,
			qs: { updatedAtFrom: state.cursor, updatedAtTo: now.toISOString() },
		});
		const alreadyEmitted = new Set(state.idsAtCursor ?? []);
		const fresh = items
			.filter((item) => !(item.updatedAt === state.cursor && alreadyEmitted.has(String(item.id))))
			.reverse();
		if (fresh.length === 0) return null;
		const newest = String(fresh[fresh.length - 1].updatedAt);
		state.idsAtCursor = fresh.filter((item) => item.updatedAt === newest).map((item) => String(item.id));
		if (newest === state.cursor) state.idsAtCursor.push(...alreadyEmitted);
		state.cursor = newest;
		return [fresh.map((json) => ({ json }))];
	}
}
