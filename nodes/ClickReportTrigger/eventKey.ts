import type { IDataObject } from 'n8n-workflow';

import type { ClickItem } from '../shared/clickReport';
import { CLICK_CONVERSIONS, conversionEventKey, isConversionEvent } from '../shared/conversionWatch';

/** One version of an item: `updatedAt` as the service sent it, so that no parsing can change it. */
export const eventKeyOf = (item: ClickItem) => `${item.id}@${item.updatedAt}`;

/** The key of whatever the trigger emits: a click item's version, or a conversion's event. */
export const triggerEventKey = (item: IDataObject) =>
	isConversionEvent(item.event) ? conversionEventKey(CLICK_CONVERSIONS, item) : eventKeyOf(item as unknown as ClickItem);
