import type { IDataObject } from 'n8n-workflow';

import type { CalendarDate } from '../dates';
import { addDays, daysBetween, toIsoDate } from '../dates';

/** The service refuses a dateFrom..dateTo period of more than 120 calendar days (spec, section 8). */
export const MAX_PERIOD_DAYS = 120;

export interface ClickPeriod {
	days?: { from: CalendarDate; to: CalendarDate };
	/** ISO date-times, both ends included. */
	updatedAt?: { from: string; to: string };
}

/** Consecutive windows of at most 120 days, newest first, that cover the period exactly. */
export function splitIntoWindows(from: CalendarDate, to: CalendarDate): Array<{ from: CalendarDate; to: CalendarDate }> {
	const windows: Array<{ from: CalendarDate; to: CalendarDate }> = [];
	let end = to;
	while (daysBetween(from, end) >= 0) {
		const start = daysBetween(from, addDays(end, -(MAX_PERIOD_DAYS - 1))) > 0 ? addDays(end, -(MAX_PERIOD_DAYS - 1)) : from;
		windows.push({ from: start, to: end });
		end = addDays(start, -1);
	}
	return windows;
}

function todayUtc(): CalendarDate {
	const now = new Date();
	return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/**
 * The queries that read a period, newest window first, each with the filters. No period at all
 * means today (UTC), as the service assumes (spec, section 4.4, rule 5); saying it explicitly
 * keeps the day fixed across the pages and lets them be pinned like any other period's.
 */
export function periodQueries(period: ClickPeriod, filters: IDataObject): IDataObject[] {
	const days = period.days ?? (period.updatedAt ? undefined : { from: todayUtc(), to: todayUtc() });
	const windows = days ? splitIntoWindows(days.from, days.to) : [undefined];
	return windows.map((window) => {
		const qs: IDataObject = { ...filters };
		if (window) {
			qs.dateFrom = toIsoDate(window.from);
			qs.dateTo = toIsoDate(window.to);
		}
		if (period.updatedAt) {
			qs.updatedAtFrom = period.updatedAt.from;
			qs.updatedAtTo = period.updatedAt.to;
		}
		return qs;
	});
}
