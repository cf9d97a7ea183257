/**
 * What a report's row must be to be output: its grouped field in its type, a currency, and inside
 * what was asked (the dates, the ad spaces, the programs, the sub ID of its own grouping). A row
 * of another day, ad space or program is a filter the service ignored: an error naming the
 * filter, never data (docs/nodes.md, "Report").
 */
import type { IDataObject } from 'n8n-workflow';

import type { AskedFor, RecordCheck } from '../transport';
import type { ReportGroup } from './reportGroups';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A month is `YYYY-MM` (R: AF-PR); the 2013 mock's day date there is taken too (published-api-facts.md, section 2). */
const MONTH = /^\d{4}-\d{2}(-\d{2})?$/;

const shown = (value: unknown) => (typeof value === 'string' ? `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"` : String(JSON.stringify(value)));

/** `DD.MM.YYYY` as sent, to `YYYY-MM-DD` as the rows carry it. */
const isoOf = (partnerDate: unknown) => String(partnerDate).split('.').reverse().join('-');

const askedList = (asked: AskedFor, name: string): string[] => ([] as unknown[]).concat(asked.qs?.[name] ?? []).map(String);

function typeProblem(group: ReportGroup, value: unknown): string | undefined {
	const field = group.groupedField;
	switch (group.groupedType) {
		case 'text':
			return value === null || typeof value === 'string' ? undefined : `has "${field}" ${shown(value)}, not text`;
		case 'id':
			return (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'string' && /^\d+$/.test(value))
				? undefined
				: `has "${field}" ${shown(value)}, not an ID (a whole number, or its digits as text)`;
		case 'day':
			return typeof value === 'string' && DAY.test(value) ? undefined : `has "${field}" ${shown(value)}, not a day (YYYY-MM-DD)`;
		case 'month':
			return typeof value === 'string' && MONTH.test(value) ? undefined : `has "${field}" ${shown(value)}, not a month (YYYY-MM)`;
	}
}

/** A row outside the period asked for: days compared as days, months as months. */
function periodProblem(group: ReportGroup, value: string, asked: AskedFor): string | undefined {
	const width = group.groupedType === 'month' ? 7 : 10;
	const period = value.slice(0, width);
	const start = asked.qs?.date_start === undefined ? undefined : isoOf(asked.qs.date_start).slice(0, width);
	const end = asked.qs?.date_end === undefined ? undefined : isoOf(asked.qs.date_end).slice(0, width);
	if (start !== undefined && period < start) return `is of ${shown(value)}, before the Date From ${String(asked.qs?.date_start)} asked for`;
	if (end !== undefined && period > end) return `is of ${shown(value)}, after the Date To ${String(asked.qs?.date_end)} asked for`;
	return undefined;
}

/** A row about an ad space, program, sub ID or traffic source other than the filter asked for. */
function scopeProblem(group: ReportGroup, row: IDataObject, asked: AskedFor): string | undefined {
	const within = (field: string, query: string, filter: string) => {
		const wanted = askedList(asked, query);
		if (!wanted.length || !(field in row) || wanted.includes(String(row[field]))) return undefined;
		return `is about ${field} ${shown(row[field])}, not one the filter ${filter} asked for (${wanted.join(', ')})`;
	};
	if (group.groupedField === 'website_id') return within('website_id', 'website', 'Ad Space Names or IDs');
	if (group.groupedField === 'advcampaign_id') return within('advcampaign_id', 'campaign', 'Program Names or IDs');
	if (group.groupedField.startsWith('subid')) return within(group.groupedField, group.groupedField, `Sub ID${group.groupedField.slice(5) ? ` ${group.groupedField.slice(5)}` : ''}`);
	return within('source', 'source', 'Traffic Source');
}

/** The check every row of the group's report is held to. */
export function reportRowCheck(group: ReportGroup): RecordCheck {
	return (row, asked) => {
		const value = row[group.groupedField];
		const problem = typeProblem(group, value);
		if (problem) return problem;
		if (typeof row.currency !== 'string' || row.currency === '') return `has "currency" ${shown(row.currency)}, not a currency code`;
		if (group.groupedType === 'day' || group.groupedType === 'month') return periodProblem(group, value as string, asked);
		return scopeProblem(group, row, asked);
	};
}
