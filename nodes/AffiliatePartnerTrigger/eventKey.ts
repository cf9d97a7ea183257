import type { IDataObject } from 'n8n-workflow';

import { PARTNER_CONVERSIONS, conversionEventKey, isConversionEvent } from '../shared/conversionWatch';
import type { ClaimEventName } from './claims';
import { EVENTS } from './claims';

/** A creation is one per claim; a change is told apart by the state it reached. */
export function eventKeyOf(event: IDataObject): string {
	if (isConversionEvent(event.event)) return conversionEventKey(PARTNER_CONVERSIONS, event);
	const eventAndId = `${String(event.event)}:${String(event.id)}`;
	if (EVENTS[event.event as ClaimEventName]?.change === 'created') return eventAndId;
	return `${eventAndId}:${String(event.status ?? '')}:${String(event.appeal_status ?? '')}`;
}
