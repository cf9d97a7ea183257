/** Class A: hostile values for dates (`YYYY-MM-DD`) and instants (ISO date-times) (hostileValue.ts explains the policies). */
import { asText, controls, empties, expr, fixed, longLetters, other, v, wrongTypes, type HostileValue } from './hostileValue';

const FAR_FUTURE = '9999-12-31';
const FAR_PAST = '1000-01-01';

/**
 * A far date where the node reads a period, by what it does to the period. The sandbox's claims
 * are created within the last 365 days, its clicks never after the clock (sandbox/seed.ts), and
 * the bases' periods reach from 365 days back to today: a far end beyond the data selects what
 * the base does (`same`); a period put beyond the data selects nothing (`empty`, or refused).
 */
export const farDate = (name: 'farFuture' | 'farPast', meaning: 'sameAsBase' | 'nothing' | 'refuse' | 'otherRecords'): HostileValue => {
	const value = name === 'farFuture' ? FAR_FUTURE : FAR_PAST;
	if (meaning === 'sameAsBase') return v(name, 'same', (base) => ({ value, canonical: base }));
	if (meaning === 'refuse') return fixed(name, 'refuse', value);
	return other(name, meaning === 'nothing' ? 'empty' : meaning, () => ({ value }));
};

/** `base` is an ISO date `YYYY-MM-DD`; `extra`: the far dates the field takes. */
export function dateValues(optional: boolean, extra: HostileValue[] = []): HostileValue[] {
	const dmy = (iso: string) => iso.split('-').reverse().join('.');
	return [
		...wrongTypes(optional),
		v('plainObject', 'same', (base) => {
			const [year, month, day] = asText(base).split('-').map(Number);
			return { value: expr(`({ "year": ${year}, "month": ${month}, "day": ${day} })`), canonical: base };
		}),
		fixed('31.02', 'refuse', '31.02.2026'),
		fixed('isoFeb31', 'refuse', '2026-02-31'),
		fixed('year0', 'refuse', '0000-01-01'),
		fixed('year10000', 'refuse', '10000-01-01'),
		fixed('garbage', 'refuse', 'yesterday'),
		fixed('number', 'refuse', expr('20260301')),
		fixed('NaN', 'refuse', expr('NaN')),
		v('dmy', 'same', (base) => ({ value: dmy(asText(base)), canonical: base })),
		v('withTime', 'same', (base) => ({ value: `${asText(base)}T10:30:00`, canonical: base })),
		v('luxon', 'same', (base) => ({ value: expr(`DateTime.fromISO("${asText(base)}", { zone: "UTC" })`), canonical: base })),
		v('jsDate', 'same', (base) => ({ value: expr(`new Date("${asText(base)}T12:00:00Z")`), canonical: base })),
		fixed('luxonInvalid', 'refuse', expr('DateTime.fromISO("2026-02-31")')),
		fixed('invalidJsDate', 'refuse', expr('new Date("garbage")')),
		v('luxonLike', 'same', (base) => ({ value: expr(`({ isValid: true, toISODate: () => "${asText(base)}" })`), canonical: base })),
		longLetters('refuse'),
		...controls('refuse', ['NUL', 'LF']),
		...(optional ? empties() : []),
		...extra,
	];
}

/** 9999-12-31T23:59:59Z: after every click's update (sandbox/seed.ts), so as an end it selects what the base does. */
export const farFutureInstant = (asEnd: boolean): HostileValue =>
	asEnd ? v('farFuture', 'same', (base) => ({ value: `${FAR_FUTURE}T23:59:59Z`, canonical: base })) : fixed('farFuture', 'refuse', `${FAR_FUTURE}T23:59:59Z`);

/** `base` is an ISO date-time with Z; `extra`: the far instants the field takes. */
export function instantValues(extra: HostileValue[] = []): HostileValue[] {
	return [
		...wrongTypes(true),
		fixed('isoFeb31', 'refuse', '2026-02-31T00:00:00Z'),
		fixed('garbage', 'refuse', 'soon'),
		fixed('year0', 'refuse', '0000-01-01T00:00:00Z'),
		...extra,
		v('luxon', 'same', (base) => ({ value: expr(`DateTime.fromISO("${asText(base)}")`), canonical: base })),
		v('noZone', 'same', (base) => ({ value: asText(base).replace(/\.\d+Z$|Z$/, ''), canonical: base })),
		fixed('luxonInvalid', 'refuse', expr('DateTime.fromISO("2026-13-01T00:00:00Z")')),
		longLetters('refuse'),
		...controls('refuse', ['NUL']),
	];
}
