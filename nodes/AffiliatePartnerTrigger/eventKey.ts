import type { IDataObject, INode } from 'n8n-workflow';

import type { ClaimEventName } from './claims';
import { EVENTS } from './claims';

/** Saved workflows of version 1 keep their items as they were. */
const FIRST_VERSION_WITH_EVENT_KEYS = 1.1;

/**
 * A key a sink can upsert on: the same change has the same key in whichever execution carries
 * it. A creation is one per claim; a change is told apart by the state it reached.
 */
export function eventKeyOf(event: IDataObject): string {
	const eventAndId = `${String(event.event)}:${String(event.id)}`;
	if (EVENTS[event.event as ClaimEventName]?.change === 'created') return eventAndId;
	return `${eventAndId}:${String(event.status ?? '')}:${String(event.appeal_status ?? '')}`;
}

/** The events as the node's version emits them: from 1.1 on, each with its `eventKey` last. */
export function withEventKeys(node: INode, events: IDataObject[]): IDataObject[] {
	if (node.typeVersion < FIRST_VERSION_WITH_EVENT_KEYS) return events;
	return events.map((event) => ({ ...event, eventKey: eventKeyOf(event) }));
}
