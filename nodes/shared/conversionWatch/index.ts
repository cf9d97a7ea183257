export { concludeWatch, conversionEventKey, planWatch } from './decide';
export type { ConversionEvent, Remembered, WatchOutcome, WatchPlan, WatchSettings, WatchState } from './decide';
export { CLICK_CONVERSIONS, PARTNER_CONVERSIONS } from './profiles';
export type { ConversionProfile, ConversionService } from './profiles';
export { readWatchState, storeWatchState } from './state';
export type { StoredWatchState } from './state';
