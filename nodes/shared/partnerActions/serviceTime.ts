/**
 * The partner interface's date-times: `DD.MM.YYYY HH:MM:SS` in requests (status_updated_start and
 * _end), `YYYY-MM-DD HH:MM:SS` in answers, both without a zone (published-api-facts.md, section A).
 * No source says which zone they are in, so a date-time is taken as the wall-clock time written:
 * a value with an offset (an ISO string, `$now`) keeps its own clock time and drops the offset.
 * The trigger never converts: it sends back the service's own stamps.
 */

export interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isReal(clock: WallClock): boolean {
	const { year, month, day, hour, minute, second } = clock;
	if (![year, month, day, hour, minute, second].every(Number.isInteger)) return false;
	if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
	if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
	return hour <= 23 && minute <= 59 && second <= 59 && hour >= 0 && minute >= 0 && second >= 0;
}

const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The wall-clock time a value stands for, or undefined. A day alone is its first second, or its
 * last with `endOfDay` (a range "to 20.11.2026" includes that day).
 */
export function readWallClock(value: unknown, endOfDay = false): WallClock | undefined {
	if (value === null || value === undefined) return undefined;
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : readWallClock(value.toISOString(), endOfDay);
	if (typeof value === 'object') {
		// A Luxon DateTime: its own clock time, in its own zone.
		const luxon = value as { isValid?: boolean; toFormat?: (format: string) => string };
		if (typeof luxon.toFormat !== 'function' || luxon.isValid === false) return undefined;
		return readWallClock(luxon.toFormat("yyyy-MM-dd'T'HH:mm:ss"), endOfDay);
	}
	const text = String(value).trim();
	const iso = ISO_LIKE.exec(text);
	const dotted = iso ? undefined : DOTTED.exec(text);
	const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dotted ? [dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]] : undefined;
	if (!parts) return undefined;
	const hasTime = parts[3] !== undefined;
	const fallback = endOfDay && !hasTime ? [23, 59, 59] : [0, 0, 0];
	const clock: WallClock = {
		year: Number(parts[0]),
		month: Number(parts[1]),
		day: Number(parts[2]),
		hour: hasTime ? Number(parts[3]) : fallback[0],
		minute: hasTime ? Number(parts[4]) : fallback[1],
		second: parts[5] !== undefined ? Number(parts[5]) : hasTime ? 0 : fallback[2],
	};
	return isReal(clock) ? clock : undefined;
}

/** `DD.MM.YYYY HH:MM:SS`, as the service takes status_updated_start and _end. */
export function toServiceDateTime(clock: WallClock): string {
	return `${pad(clock.day)}.${pad(clock.month)}.${pad(clock.year, 4)} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
}

/** `YYYY-MM-DD HH:MM:SS`, as the service writes its stamps: comparable as text. */
export function toStampText(clock: WallClock): string {
	return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
}

/** A stamp of an answer (`YYYY-MM-DD HH:MM:SS`) or a date (`YYYY-MM-DD`) as comparable text, or undefined. */
export function stampText(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2}))?/.exec(value.trim());
	if (!match) return undefined;
	return match[2] ? `${match[1]} ${match[2]}` : match[1];
}

/** A request's `DD.MM.YYYY` or `DD.MM.YYYY HH:MM:SS` as comparable text. */
export function queryStampText(value: unknown): string | undefined {
	const match = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}:\d{2}:\d{2}))?$/.exec(String(value ?? ''));
	if (!match) return undefined;
	const day = `${match[3]}-${match[2]}-${match[1]}`;
	return match[4] ? `${day} ${match[4]}` : day;
}
