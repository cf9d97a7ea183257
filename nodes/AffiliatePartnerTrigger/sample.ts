import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchPartnerList, listOf } from '../shared/transport';
import type { ClaimKind } from './claims';
import { CLAIM_LISTS, eventName } from './claims';
import { withEventKeys } from '../shared/eventKeys';
import { eventKeyOf } from './eventKey';
import type { TriggerSettings } from './settings';

const MANUAL_SAMPLE_SIZE = 10;

/** A recent claim as the event the trigger would emit for it, as far as one read can tell. */
function asEvent(record: IDataObject, kind: ClaimKind, settings: TriggerSettings): IDataObject {
	const created = eventName(kind, 'created');
	if (settings.events.has(created)) return { ...record, event: created, previousStatus: null, previousAppealStatus: null };
	// One read cannot show what came before: a decision is shown as coming from processing.
	return { ...record, event: eventName(kind, 'statusChanged'), previousStatus: 'processing', previousAppealStatus: record.appeal_status ?? null };
}

/** "Fetch Test Event": up to 10 of the newest claims, shaped as events, without touching what the trigger remembers. */
export async function manualSample(context: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const events: IDataObject[] = [];
	for (const kind of settings.kinds) {
		const list = CLAIM_LISTS[kind];
		const records = await fetchPartnerList(context, { path: list.path, expect: listOf('id', list.what), qs: settings.qs, limit: MANUAL_SAMPLE_SIZE });
		for (const record of records) events.push(asEvent(record, kind, settings));
	}
	const newest = events
		.sort((a, b) => String(b.date_created).localeCompare(String(a.date_created)))
		.slice(0, MANUAL_SAMPLE_SIZE);
	return newest.length ? [withEventKeys(context.getNode(), newest, eventKeyOf).map((json) => ({ json }))] : null;
}
