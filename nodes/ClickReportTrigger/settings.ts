import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { clickItemFilterQuery } from '../shared/clickReport';
import type { ConversionEvent, WatchSettings } from '../shared/conversionWatch';
import { CONVERSION_EVENTS, isConversionEvent, readLateUpdateMs, readWatchSettings } from '../shared/conversionWatch';
import { describeValue, invalidInput, optionalNumber } from '../shared/validation';
import type { PollSettings } from './progress';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Both settings reach back in time: at most a year, as the Affiliate Partner Trigger's Watch Days.
 * The state holds every change within the lookback, and a reach of thousands of years is no date
 * the service can be asked for; nothing else bounds them.
 */
export const MAX_LOOKBACK_MINUTES = 365 * 24 * 60;
export const MAX_EMIT_EXISTING_HOURS = 365 * 24;

export interface TriggerSettings extends PollSettings {
	/** The filters as query parameters. */
	qs: IDataObject;
	/** Whether click items are watched: always before version 1.2, which lets the events choose. */
	clicks: boolean;
	/** With a conversion event chosen (from version 1.2): how conversions are watched, and their filters as the query. */
	conversions?: { watch: WatchSettings; qs: IDataObject };
}

export const CLICK_ITEM_EVENT = 'clickItemChanged';
export const DEFAULT_CONVERSION_WATCH_DAYS = 60;

/** The chosen events, from version 1.2; earlier versions watch click items only. */
function readEvents(context: IPollFunctions): { clicks: boolean; conversionEvents: ConversionEvent[] } {
	const chosen = context.getNodeParameter('events', [CLICK_ITEM_EVENT]) as unknown;
	const names = Array.isArray(chosen) ? chosen : [chosen];
	const conversionEvents: ConversionEvent[] = [];
	let clicks = false;
	for (const name of names) {
		if (name === CLICK_ITEM_EVENT) clicks = true;
		else if (isConversionEvent(name)) conversionEvents.push(name);
		else throw invalidInput(context, undefined, 'Events', `${describeValue(name)} is not one of ${[CLICK_ITEM_EVENT, ...CONVERSION_EVENTS].join(', ')}`);
	}
	if (!clicks && !conversionEvents.length) throw invalidInput(context, undefined, 'Events', 'choose at least one event');
	return { clicks, conversionEvents };
}

/** The trigger's parameters, checked before anything is sent. A poll has no items: no item index. */
export function readSettings(context: IPollFunctions): TriggerSettings {
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const qs = clickItemFilterQuery(context, undefined, filters);
	const lookbackMinutes = optionalNumber(context, undefined, 'Lookback Minutes', options.lookbackMinutes) ?? 60;
	const emitExistingHours = optionalNumber(context, undefined, 'Emit Existing Hours', options.emitExistingHours) ?? 0;
	if (lookbackMinutes < 1 || lookbackMinutes > MAX_LOOKBACK_MINUTES) {
		throw invalidInput(context, undefined, 'Lookback Minutes', `must be from 1 to ${MAX_LOOKBACK_MINUTES} (a year), got ${lookbackMinutes}`);
	}
	if (emitExistingHours < 0 || emitExistingHours > MAX_EMIT_EXISTING_HOURS) {
		throw invalidInput(context, undefined, 'Emit Existing Hours', `must be from 0 to ${MAX_EMIT_EXISTING_HOURS} (a year), got ${emitExistingHours}`);
	}
	const { clicks, conversionEvents } = readEvents(context);
	// Checked whatever the events: a value the panel could not hold is refused in every poll.
	const watchDays = optionalNumber(context, undefined, 'Watch Days', options.watchDays) ?? DEFAULT_CONVERSION_WATCH_DAYS;
	if (!Number.isInteger(watchDays) || watchDays < 1 || watchDays > 365) {
		throw invalidInput(context, undefined, 'Watch Days', `must be a whole number from 1 to 365, got ${watchDays}`);
	}
	readLateUpdateMs(context);
	let conversions: TriggerSettings['conversions'];
	if (conversionEvents.length) {
		const watch = readWatchSettings(context, { events: conversionEvents, watchDays, emitExisting: emitExistingHours > 0, scope: qs });
		conversions = { qs, watch: { ...watch, emitExistingWithinMs: emitExistingHours * HOUR } };
	}
	return { qs, lookbackMs: lookbackMinutes * MINUTE, emitExistingMs: emitExistingHours * HOUR, clicks, conversions };
}
