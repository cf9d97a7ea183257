import type { IDataObject, INode } from 'n8n-workflow';

import type { ClickItem } from '../shared/clickReport';

/** Saved workflows of version 1 keep their items as they were. */
const FIRST_VERSION_WITH_EVENT_KEYS = 1.1;

/**
 * A key a sink can upsert on: the same version of an item has the same key in whichever
 * execution carries it. `updatedAt` as the service sent it, so that no parsing can change it.
 */
export const eventKeyOf = (item: ClickItem) => `${item.id}@${item.updatedAt}`;

/** The items as the node's version emits them: from 1.1 on, each with its `eventKey` last. */
export function withEventKeys(node: INode, items: ClickItem[]): IDataObject[] {
	if (node.typeVersion < FIRST_VERSION_WITH_EVENT_KEYS) return items;
	return items.map((item) => ({ ...item, eventKey: eventKeyOf(item) }));
}
