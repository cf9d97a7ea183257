/** Class A: hostile values for dates (`YYYY-MM-DD`) and instants (ISO date-times) (hostileValue.ts explains the policies). */
import { asText, controls, empties, expr, fixed, longLetters, v, wrongTypes, type HostileValue } from './hostileValue';

export const farFuture = () => fixed('farFuture', 'either', '9999-12-31');
export const farPast = () => fixed('farPast', 'either', '1000-01-01');

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

/** `base` is an ISO date-time with Z. */
export function instantValues(): HostileValue[] {
	return [
		...wrongTypes(true),
		fixed('isoFeb31', 'refuse', '2026-02-31T00:00:00Z'),
		fixed('garbage', 'refuse', 'soon'),
		fixed('year0', 'refuse', '0000-01-01T00:00:00Z'),
		fixed('farFuture', 'either', '9999-12-31T23:59:59Z'),
		v('luxon', 'same', (base) => ({ value: expr(`DateTime.fromISO("${asText(base)}")`), canonical: base })),
		v('noZone', 'same', (base) => ({ value: asText(base).replace(/\.\d+Z$|Z$/, ''), canonical: base })),
		fixed('luxonInvalid', 'refuse', expr('DateTime.fromISO("2026-13-01T00:00:00Z")')),
		longLetters('refuse'),
		...controls('refuse', ['NUL']),
	];
}
