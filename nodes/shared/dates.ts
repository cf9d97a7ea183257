/**
 * Dates as n8n users give them: ISO strings from the date picker or an expression, Luxon values
 * (`$now`, `$today`), JS dates, or `DD.MM.YYYY` typed by hand. The services want `DD.MM.YYYY`
 * (partner) or `YYYY-MM-DD` (click report), and only real calendar dates.
 */

export interface CalendarDate {
	year: number;
	month: number;
	day: number;
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
	if (!Number.isInteger(year) || year < 1000 || year > 9999) return false;
	if (!Number.isInteger(month) || month < 1 || month > 12) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return Number.isInteger(day) && day >= 1 && day <= daysInMonth;
}

function fromParts(year: string, month: string, day: string): CalendarDate | undefined {
	const date = { year: Number(year), month: Number(month), day: Number(day) };
	return isRealDate(date) ? date : undefined;
}

/** The calendar date a value stands for, or undefined when it is not a real date. */
export function readCalendarDate(value: unknown): CalendarDate | undefined {
	if (value === null || value === undefined) return undefined;
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) return undefined;
		return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
	}
	if (typeof value === 'object') {
		// A Luxon DateTime: its own calendar date, in its own zone.
		const luxon = value as { isValid?: boolean; toISODate?: () => string | null };
		if (typeof luxon.toISODate === 'function') {
			if (luxon.isValid === false) return undefined;
			return readCalendarDate(luxon.toISODate());
		}
		return undefined;
	}
	const text = String(value).trim();
	let match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ]\d{2}:\d{2})/.exec(text);
	if (match) return fromParts(match[1], match[2], match[3]);
	match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
	if (match) return fromParts(match[3], match[2], match[1]);
	return undefined;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `DD.MM.YYYY`, the partner interface's date format. */
export function toPartnerDate(date: CalendarDate): string {
	return `${pad(date.day)}.${pad(date.month)}.${pad(date.year, 4)}`;
}

/** `YYYY-MM-DD`, the click report's date format. */
export function toIsoDate(date: CalendarDate): string {
	return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
	return Math.round(
		(Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
	);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
	const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
	return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** An instant as an ISO 8601 string, or undefined when the value is not a date-time. */
export function readInstant(value: unknown): string | undefined {
	if (value === null || value === undefined || value === '') return undefined;
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	if (typeof value === 'object') {
		const luxon = value as { isValid?: boolean; toISO?: () => string | null };
		if (typeof luxon.toISO === 'function' && luxon.isValid !== false) return readInstant(luxon.toISO());
		return undefined;
	}
	const text = String(value).trim();
	if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return undefined;
	if (!readCalendarDate(text)) return undefined;
	// Without a zone, n8n's date picker means UTC here, as the click report does.
	const zoned = /T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text;
	const time = Date.parse(zoned);
	return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
