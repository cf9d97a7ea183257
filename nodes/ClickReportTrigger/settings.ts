import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { clickItemFilterQuery } from '../shared/clickReport';
import { invalidInput, optionalNumber } from '../shared/validation';
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
	return { qs, lookbackMs: lookbackMinutes * MINUTE, emitExistingMs: emitExistingHours * HOUR };
}
