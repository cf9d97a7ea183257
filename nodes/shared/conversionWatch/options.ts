/** The trigger settings of the conversion events that both services' triggers share. */
import type { IDataObject, INodeProperties, INodePropertyOptions, IPollFunctions } from 'n8n-workflow';

import { invalidInput, optionalNumber } from '../validation';
import type { ConversionEvent, WatchSettings } from './decide';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const DEFAULT_LATE_UPDATE_MINUTES = 15;
/** A day: the re-read window must stay well inside the span the memory covers. */
export const MAX_LATE_UPDATE_MINUTES = 24 * 60;

export const CONVERSION_EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Conversion Created', value: 'conversionCreated', description: 'A new conversion (action), in whatever status it arrives' },
	{
		name: 'Conversion Status Changed',
		value: 'conversionStatusChanged',
		description: 'A conversion reached another status, with the status it had before when the trigger knew it',
	},
];

export const CONVERSION_EVENTS = CONVERSION_EVENT_OPTIONS.map((option) => option.value as ConversionEvent);

export const isConversionEvent = (name: unknown): name is ConversionEvent => CONVERSION_EVENTS.includes(name as ConversionEvent);

export const lateUpdateMinutesOption: INodeProperties = {
	displayName: 'Late Update Minutes',
	name: 'lateUpdateMinutes',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_LATE_UPDATE_MINUTES },
	default: DEFAULT_LATE_UPDATE_MINUTES,
	description:
		'Conversion events: each poll reads again the changes stamped this many minutes before the newest one it has seen, so that a change the service writes late with an earlier time is not missed. Changes written later than this are.',
};

/**
 * Late Update Minutes as milliseconds, checked whether or not a conversion event is chosen: a
 * value the panel could not hold is refused in every poll, as every other option is.
 */
export function readLateUpdateMs(context: IPollFunctions): number {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const lateMinutes = optionalNumber(context, undefined, 'Late Update Minutes', options.lateUpdateMinutes) ?? DEFAULT_LATE_UPDATE_MINUTES;
	if (lateMinutes < 1 || lateMinutes > MAX_LATE_UPDATE_MINUTES) {
		throw invalidInput(context, undefined, 'Late Update Minutes', `must be from 1 to ${MAX_LATE_UPDATE_MINUTES} (a day), got ${lateMinutes}`);
	}
	return lateMinutes * MINUTE;
}

/** The conversion events' settings; `scope` holds what the memory depends on besides them. */
export function readWatchSettings(
	context: IPollFunctions,
	{ events, watchDays, emitExisting, scope }: { events: ConversionEvent[]; watchDays: number; emitExisting: boolean; scope: IDataObject },
): WatchSettings {
	return {
		events: new Set(events),
		watchMs: watchDays * DAY,
		rereadMs: readLateUpdateMs(context),
		emitExisting,
		// The re-read window is not part of it: another window reads more or less, and forgets nothing.
		scope: JSON.stringify({ ...scope, watchDays }),
	};
}
