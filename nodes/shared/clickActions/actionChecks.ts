import type { IDataObject } from 'n8n-workflow';

import type { AskedFor, RecordCheck } from '../transport';
import { CLICK_ACTION_EQUAL_FILTERS, CLICK_ACTION_RANGES, CLICK_ACTION_STATUSES } from './filters';

/** An instant in ISO 8601 with a time zone, as the record shows them: 2024-01-30T08:07:12.166Z. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The time of an ISO 8601 instant, or undefined for anything else. */
export function instantMs(value: unknown): number | undefined {
	if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

export const shown = (value: unknown) => {
	const text = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/**
 * What an action must carry to be of use (docs/nodes.md, Click Report): an `actionId` as text
 * (a UUID in the record; a number is the deprecated v1's ID, another endpoint), a `status` of the
 * four, and an `updatedAt` instant, by which the list is ordered and a changed action is told from
 * its older state. The other fields are passed on as the service sends them.
 */
function shapeProblem(action: IDataObject): string | undefined {
	if (typeof action.actionId !== 'string' || action.actionId === '') return `has no "actionId" as text (it is ${shown(action.actionId)})`;
	if (!CLICK_ACTION_STATUSES.includes(action.status as string)) {
		return `has "status" ${shown(action.status)}, not one of ${CLICK_ACTION_STATUSES.join(', ')}`;
	}
	if (instantMs(action.updatedAt) === undefined) return `has no "updatedAt" date-time (it is ${shown(action.updatedAt)})`;
	return undefined;
}

/** The service's IDs compared as it sends them: a merchant ID is a JSON number, the filter its digits; UUIDs in any case. */
function sameValue(field: string, value: unknown, asked: unknown): boolean {
	if (field === 'merchantId') return (typeof value === 'number' || typeof value === 'string') && String(value) === String(asked);
	if (field === 'adspaceId') return typeof value === 'string' && value.toLowerCase() === String(asked).toLowerCase();
	return value === asked;
}

/** An action outside what its filters asked for: the field, its value and the filter, in the panel's words. */
function filterProblem(action: IDataObject, qs: IDataObject): string | undefined {
	for (const { field, label } of CLICK_ACTION_EQUAL_FILTERS) {
		const asked = qs[field];
		if (asked !== undefined && !sameValue(field, action[field], asked)) {
			return `has "${field}" ${shown(action[field])}, where the ${label} filter asked for ${shown(asked)}`;
		}
	}
	for (const { from, to, field, label } of CLICK_ACTION_RANGES) {
		if (qs[from] === undefined && qs[to] === undefined) continue;
		const ms = instantMs(action[field]);
		if (ms === undefined) return `has no "${field}" date-time to hold to the ${label} filter (it is ${shown(action[field])})`;
		if (qs[from] !== undefined && ms < Date.parse(String(qs[from]))) return `has "${field}" ${shown(action[field])}, before ${label} From (${String(qs[from])})`;
		if (qs[to] !== undefined && ms > Date.parse(String(qs[to]))) return `has "${field}" ${shown(action[field])}, after ${label} To (${String(qs[to])})`;
	}
	return undefined;
}

/**
 * Each action of a page held to its shape and to every filter that can be checked on it: an
 * action in another status, of another Sub ID, ad space or merchant, or changed or created
 * outside the range asked for is an error naming the filter, never data. A filter the service
 * ignored, or a proxy's cached page of another query, cannot pass unnoticed.
 */
export const clickActionProblem: RecordCheck = (action: IDataObject, asked: AskedFor) =>
	shapeProblem(action) ?? filterProblem(action, asked.qs ?? {});
