import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ConversionEvent, WatchSettings } from '../shared/conversionWatch';
import { CONVERSION_EVENTS, isConversionEvent, readLateUpdateMs, readWatchSettings } from '../shared/conversionWatch';
import { describeValue, invalidInput, optionalNumber, readBoolean } from '../shared/validation';
import type { ClaimEventName, ClaimKind } from './claims';
import { CLAIM_KINDS, EVENTS } from './claims';
import { readTriggerScope } from './filters';

export const DEFAULT_WATCH_DAYS = 90;
export const MAX_WATCH_DAYS = 365;

export interface TriggerSettings {
	events: Set<ClaimEventName>;
	/** The kinds some chosen event is about. */
	kinds: ClaimKind[];
	/** The filters as query parameters of both lists. */
	qs: IDataObject;
	watchDays: number;
	emitExisting: boolean;
	/** What the memory depends on: with other filters or another window, the trigger starts a new one. */
	scope: string;
	/** With a conversion event chosen: how conversions are watched, and their filters as the query of GET /statistics/actions/. */
	conversions?: { watch: WatchSettings; qs: IDataObject };
}

/** The trigger's parameters, checked before anything is sent. A poll has no items: no item index. */
export function readSettings(context: IPollFunctions): TriggerSettings {
	const chosen = context.getNodeParameter('events', []) as unknown;
	const names = Array.isArray(chosen) ? chosen : [chosen];
	const events = new Set<ClaimEventName>();
	const conversionEvents: ConversionEvent[] = [];
	for (const name of names) {
		if (isConversionEvent(name)) {
			conversionEvents.push(name);
			continue;
		}
		if (typeof name !== 'string' || !(name in EVENTS)) {
			throw invalidInput(context, undefined, 'Events', `${describeValue(name)} is not one of ${[...Object.keys(EVENTS), ...CONVERSION_EVENTS].join(', ')}`);
		}
		events.add(name as ClaimEventName);
	}
	if (events.size === 0 && conversionEvents.length === 0) throw invalidInput(context, undefined, 'Events', 'choose at least one event');

	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const qs = readTriggerScope(context, filters);
	const watchDays = optionalNumber(context, undefined, 'Watch Days', options.watchDays) ?? DEFAULT_WATCH_DAYS;
	if (!Number.isInteger(watchDays) || watchDays < 1 || watchDays > MAX_WATCH_DAYS) {
		throw invalidInput(context, undefined, 'Watch Days', `must be a whole number from 1 to ${MAX_WATCH_DAYS}, got ${watchDays}`);
	}
	const kinds = CLAIM_KINDS.filter((kind) => [...events].some((name) => EVENTS[name].kind === kind));
	const emitExisting = readBoolean(context, undefined, 'Emit Existing', options.emitExisting);
	readLateUpdateMs(context);
	// Conversions are filtered by the same ad space and program, named as GET /statistics/actions/ takes them.
	const conversionQs: IDataObject = {};
	if (qs.website !== undefined) conversionQs.website = qs.website;
	if (qs.advcampaign !== undefined) conversionQs.campaign = qs.advcampaign;
	const conversions = conversionEvents.length
		? { qs: conversionQs, watch: readWatchSettings(context, { events: conversionEvents, watchDays, emitExisting, scope: conversionQs }) }
		: undefined;
	return {
		conversions,
		events,
		kinds,
		qs,
		watchDays,
		emitExisting,
		scope: JSON.stringify({ qs, watchDays }),
	};
}
