export { concludeWatch, conversionEventKey, planWatch } from './decide';
export type { ConversionEvent, Remembered, WatchOutcome, WatchPlan, WatchSettings, WatchState } from './decide';
export { CLICK_CONVERSIONS, PARTNER_CONVERSIONS } from './profiles';
export type { ConversionProfile, ConversionService } from './profiles';
export { readWatchState, storeWatchState } from './state';
export type { StoredWatchState } from './state';
export {
	CONVERSION_EVENT_OPTIONS,
	CONVERSION_EVENTS,
	DEFAULT_LATE_UPDATE_MINUTES,
	MAX_LATE_UPDATE_MINUTES,
	isConversionEvent,
	lateUpdateMinutesOption,
	readLateUpdateMs,
	readWatchSettings,
} from './options';
