/**
 * Every action an answer holds, held to the filters that can be checked on it: an action in
 * another status than the Status filter asked for is an error naming that filter, never data, so
 * a filter the service ignores or reads otherwise cannot pass unnoticed (docs/nodes.md, Action).
 * It reads the query as sent, so the node's reads and the trigger's are held to the same rules.
 */
import type { IDataObject } from 'n8n-workflow';

import type { AskedFor, RecordCheck } from '../transport';
import { queryStampText, stampText } from './serviceTime';

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value)));

/** Fields equal to what was asked, as the panel names the filter. */
const EQUAL_FIELDS: Array<{ query: string; field: string; label: string }> = [
	{ query: 'status', field: 'status', label: 'Status' },
	{ query: 'action_type', field: 'action_type', label: 'Action Type' },
	{ query: 'processed', field: 'processed', label: 'Processed' },
	{ query: 'paid', field: 'paid', label: 'Paid' },
	{ query: 'action_id', field: 'action_id', label: 'Action ID' },
];

/** Stamps within what was asked; a day range compares the stamp's day. */
const RANGES: Array<{ start: string; end: string; field: string; label: string }> = [
	{ start: 'date_start', end: 'date_end', field: 'action_date', label: 'Action Date' },
	{ start: 'closing_date_start', end: 'closing_date_end', field: 'closing_date', label: 'Closing Date' },
	{ start: 'status_updated_start', end: 'status_updated_end', field: 'status_updated', label: 'Status Updated' },
];

function outsideRange(action: IDataObject, qs: IDataObject, range: (typeof RANGES)[number]): string | undefined {
	const from = queryStampText(qs[range.start]);
	const to = queryStampText(qs[range.end]);
	if (from === undefined && to === undefined) return undefined;
	const stamp = stampText(action[range.field]);
	if (stamp === undefined) return `has no "${range.field}" to hold to the ${range.label} filter (it is ${shown(action[range.field])})`;
	// A day bound compares days; a date-time bound compares to the second.
	const cut = (bound: string) => stamp.slice(0, bound.length);
	if (from !== undefined && cut(from) < from) return `has "${range.field}" ${shown(action[range.field])}, before ${range.label} From (${String(qs[range.start])})`;
	if (to !== undefined && cut(to) > to) return `has "${range.field}" ${shown(action[range.field])}, after ${range.label} To (${String(qs[range.end])})`;
	return undefined;
}

/** What every action must carry to be read at all: its status and when it last changed. */
function missingEssentials(action: IDataObject): string | undefined {
	if (typeof action.status !== 'string' || action.status === '') return `has no "status" (it is ${shown(action.status)})`;
	if (stampText(action.status_updated) === undefined) return `has no "status_updated" date-time (it is ${shown(action.status_updated)})`;
	return undefined;
}

export const actionAnswersQuery: RecordCheck = (action: IDataObject, asked: AskedFor) => {
	const essentials = missingEssentials(action);
	if (essentials) return essentials;
	const qs = asked.qs ?? {};
	for (const { query, field, label } of EQUAL_FIELDS) {
		const wanted = qs[query];
		if (wanted === undefined || wanted === '') continue;
		if (String(action[field]) !== String(wanted)) {
			return `has "${field}" ${shown(action[field])}, where the ${label} filter asked for ${shown(String(wanted))}`;
		}
	}
	const programs = qs.campaign;
	if (Array.isArray(programs) && programs.length && !programs.map(String).includes(String(action.advcampaign_id))) {
		return `is of program ${shown(action.advcampaign_id)}, not of the programs the Program filter asked for (${programs.join(', ')})`;
	}
	for (const range of RANGES) {
		const outside = outsideRange(action, qs, range);
		if (outside) return outside;
	}
	return undefined;
};
