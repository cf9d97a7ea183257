import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { clickItemFilterQuery } from '../shared/clickReport';
import { invalidInput, optionalNumber } from '../shared/validation';
import type { PollSettings } from './progress';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
	if (lookbackMinutes < 1) {
		throw invalidInput(context, undefined, 'Lookback Minutes', `must be at least 1, got ${lookbackMinutes}`);
	}
	if (emitExistingHours < 0) {
		throw invalidInput(context, undefined, 'Emit Existing Hours', `must be 0 or more, got ${emitExistingHours}`);
	}
	return { qs, lookbackMs: lookbackMinutes * MINUTE, emitExistingMs: emitExistingHours * HOUR };
}
