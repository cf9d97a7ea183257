import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchClickReport, updatedAtRange } from '../shared/clickReport';
import { withEventKeys } from '../shared/eventKeys';
import { clickConversionSamples } from './conversions';
import { triggerEventKey } from './eventKey';
import type { TriggerSettings } from './settings';

const HOUR = 60 * 60_000;
const MANUAL_SAMPLE_SIZE = 10;

/** "Fetch Test Event": the most recent items, without touching what the trigger remembers. */
export async function manualSample(context: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const now = Date.now();
	const reach = Math.max(settings.lookbackMs, 24 * HOUR, settings.emitExistingMs);
	// A day beyond now on both ends: the service's clock may differ from n8n's.
	const items = settings.clicks
		? ((await fetchClickReport(context, {
				qs: { ...settings.qs, ...updatedAtRange(now - reach - 24 * HOUR, now + 24 * HOUR) },
				limit: MANUAL_SAMPLE_SIZE,
			})) as IDataObject[])
		: [];
	const conversions = settings.conversions ? await clickConversionSamples(context, settings.conversions, now) : [];
	// Both kinds shown when both are chosen, up to 10 in all.
	const shown = [...items.slice(0, MANUAL_SAMPLE_SIZE - Math.min(conversions.length, MANUAL_SAMPLE_SIZE / 2)), ...conversions].slice(0, MANUAL_SAMPLE_SIZE);
	return shown.length ? [withEventKeys(context.getNode(), shown, triggerEventKey).map((json) => ({ json }))] : null;
}
