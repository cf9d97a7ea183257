// Date helpers. Everything is UTC: the partner interface has zone-less date-times, and we render them in UTC.

export const DAY_MS = 86_400_000;

export function isRealDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	const d = new Date(Date.UTC(year, month - 1, day));
	return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** `DD.MM.YYYY` (strptime %d.%m.%Y also takes one-digit day/month) -> `YYYY-MM-DD`, or undefined. */
export function parseDmy(raw: string): string | undefined {
	const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
	if (!m) return undefined;
	const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
	if (!isRealDate(year, month, day)) return undefined;
	return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Strict `YYYY-MM-DD` real calendar date, or undefined. */
export function parseYmd(raw: string): string | undefined {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
	if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
	return raw;
}

/** ISO 8601 date-time (time part required, zone optional = UTC) -> epoch ms, or undefined. */
export function parseIsoDateTime(raw: string): number | undefined {
	const m =
		/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(raw);
	if (!m) return undefined;
	const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
	const second = m[6] ? Number(m[6]) : 0;
	if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
	const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
	let offsetMinutes = 0;
	if (m[8] && m[8] !== 'Z') {
		const sign = m[8][0] === '-' ? -1 : 1;
		const digits = m[8].slice(1).replace(':', '');
		const oh = Number(digits.slice(0, 2));
		const om = Number(digits.slice(2));
		if (oh > 23 || om > 59) return undefined;
		offsetMinutes = sign * (oh * 60 + om);
	}
	return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}

/** Epoch ms -> `YYYY-MM-DDTHH:MM:SS` (no zone), as the partner interface renders date-times. */
export function formatDateTime(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19);
}

export function formatYmd(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

export function startOfUtcDay(ms: number): number {
	return Math.floor(ms / DAY_MS) * DAY_MS;
}
