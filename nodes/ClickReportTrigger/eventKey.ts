import type { ClickItem } from '../shared/clickReport';

/** One version of an item: `updatedAt` as the service sent it, so that no parsing can change it. */
export const eventKeyOf = (item: ClickItem) => `${item.id}@${item.updatedAt}`;
