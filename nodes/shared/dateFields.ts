/**
 * Date parameters. n8n's date picker (type `dateTime`, fixed mode) reads typed text itself before
 * the node sees it: it drops a day typed as DD.MM.YYYY or YYYY-MM-DD, and rolls an impossible one
 * over (2026-02-31 becomes 3 March). So from the versions named below a date is text that the node
 * reads: what its description promises is accepted, and an impossible day is refused naming the
 * field. Older versions keep the picker, and say how to type a day there (README, "Dates").
 */
import type { INodeProperties } from 'n8n-workflow';

import { byVersionRange } from './versionRanges';

export type DateInput = 'picker' | 'text';

/** A calendar day, or a moment (date and time). */
export type DateKind = 'day' | 'instant';

const TEXT_FORMAT: Record<DateKind, string> = {
	day: 'Type it as YYYY-MM-DD or DD.MM.YYYY, or use an expression such as {{ $today.minus({ days: 1 }) }}',
	instant: 'Type it as an ISO 8601 date-time such as 2026-11-20T08:00:00Z, or use an expression such as {{ $now.minus({ hours: 1 }) }}',
};

const PLACEHOLDER: Record<DateKind, string> = { day: 'e.g. 2026-11-20', instant: 'e.g. 2026-11-20T08:00:00Z' };

const PICKER_NOTE: Record<DateKind, string> = {
	day: 'Pick it in the calendar; to type it, switch to Expression (YYYY-MM-DD or DD.MM.YYYY)',
	instant: 'Pick it in the calendar; to type it, switch to Expression (an ISO 8601 date-time such as 2026-11-20T08:00:00Z)',
};

type DateBase = Pick<INodeProperties, 'displayName' | 'name' | 'description'> & Partial<Pick<INodeProperties, 'required'>>;

/** A date parameter as the picker (`dateTime`) or as text the node reads. `description` ends without a full stop. */
export function dateProperty(kind: DateKind, input: DateInput, base: DateBase): INodeProperties {
	if (input === 'picker') return { ...base, type: 'dateTime', default: '', description: `${base.description}. ${PICKER_NOTE[kind]}.` };
	return { ...base, type: 'string', default: '', placeholder: PLACEHOLDER[kind], description: `${base.description}. ${TEXT_FORMAT[kind]}.` };
}

/**
 * The properties `make` gives, once with date pickers for the versions before `textSince` and once
 * with dates as text from `textSince` on: same names, so a workflow keeps its values.
 */
export function byDateInput(textSince: number, make: (input: DateInput) => INodeProperties[]): INodeProperties[] {
	return byVersionRange([textSince], (since) => make(since(textSince) ? 'text' : 'picker'));
}
