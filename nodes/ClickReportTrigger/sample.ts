import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { ClickItem } from '../shared/clickReport';
import { fetchClickReport, updatedAtRange } from '../shared/clickReport';
import { withEventKeys } from '../shared/eventKeys';
import { eventKeyOf } from './eventKey';
import type { TriggerSettings } from './settings';

const HOUR = 60 * 60_000;
const MANUAL_SAMPLE_SIZE = 10;

/** "Fetch Test Event": the most recent items, without touching what the trigger remembers. */
export async function manualSample(context: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const now = Date.now();
	const reach = Math.max(settings.lookbackMs, 24 * HOUR, settings.emitExistingMs);
	// A day beyond now on both ends: the service's clock may differ from n8n's.
	const items = await fetchClickReport(context, {
		qs: { ...settings.qs, ...updatedAtRange(now - reach - 24 * HOUR, now + 24 * HOUR) },
		limit: MANUAL_SAMPLE_SIZE,
	});
	return items.length ? [withEventKeys(context.getNode(), items as ClickItem[], eventKeyOf).map((json) => ({ json }))] : null;
}
