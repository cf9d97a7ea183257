import type { IDataObject } from 'n8n-workflow';

import type { CalendarDate } from '../dates';
import { addDays, daysBetween, toIsoDate } from '../dates';
import { thousands } from '../validation';

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

export function todayUtc(): CalendarDate {
	const now = new Date();
	return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/**
 * No click is older than this. The report cannot hold a day before it, and a period from before
 * it is a typo (1926 for 2026) that would cost a request per 120 days of nothing.
 */
export const EARLIEST_CLICK_DAY: CalendarDate = { year: 2000, month: 1, day: 1 };

/**
 * The last day a period may reach: tomorrow (UTC). The click service counts days in UTC by its
 * own clock, which may run minutes ahead of n8n's (near midnight its today is n8n's tomorrow),
 * and a user east of UTC gives their own today, up to a day ahead of UTC. No later day has clicks.
 */
export function lastClickDay(today: CalendarDate): CalendarDate {
	return addDays(today, 1);
}

/** How many 120-day windows, so at least how many requests, reading a period takes. */
export function windowsFor(from: CalendarDate, to: CalendarDate): number {
	return Math.ceil((daysBetween(from, to) + 1) / MAX_PERIOD_DAYS);
}

export type PeriodCheck =
	/** The period to read; `cutFrom` is the Date To given when it reached past the last day and was cut to it. */
	| { from: CalendarDate; to: CalendarDate; cutFrom?: CalendarDate }
	| { refused: 'Date From'; rule: string };

/**
 * A Date From..Date To period as it is read (`from` is not after `to`). A period that reaches
 * past the last day is cut to it: its later days cannot hold clicks, and without the cut a Date To
 * of 9999-12-31 is some 24,000 empty windows. A period that starts after the last day, or before
 * the earliest, is one nobody means, and is refused.
 */
export function checkPeriod(from: CalendarDate, to: CalendarDate, today: CalendarDate): PeriodCheck {
	const last = lastClickDay(today);
	if (daysBetween(last, from) > 0) {
		return {
			refused: 'Date From',
			rule: `${toIsoDate(from)} is in the future: the report has no clicks after ${toIsoDate(last)} (tomorrow, UTC)`,
		};
	}
	const cut = daysBetween(last, to) > 0;
	const end = cut ? last : to;
	if (daysBetween(from, EARLIEST_CLICK_DAY) > 0) {
		const windows = windowsFor(from, end);
		return {
			refused: 'Date From',
			rule: `${toIsoDate(from)} is before ${toIsoDate(EARLIEST_CLICK_DAY)}, earlier than any click; reading from it to ${toIsoDate(end)} would take at least ${thousands(windows)} request${windows === 1 ? '' : 's'} (one per ${MAX_PERIOD_DAYS} days)`,
		};
	}
	return cut ? { from, to: last, cutFrom: to } : { from, to };
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
