import type { IDataObject, INode } from 'n8n-workflow';

/** Saved workflows of version 1 keep their items as they were. */
const FIRST_VERSION_WITH_EVENT_KEYS = 1.1;

/**
 * The items as the trigger's version emits them: from 1.1 on, each with its `eventKey` last, a key
 * a sink can upsert on (the same change has the same key in whichever execution carries it).
 */
export function withEventKeys<Item extends IDataObject>(node: INode, items: Item[], eventKeyOf: (item: Item) => string): IDataObject[] {
	if (node.typeVersion < FIRST_VERSION_WITH_EVENT_KEYS) return items;
	return items.map((item) => ({ ...item, eventKey: eventKeyOf(item) }));
}
