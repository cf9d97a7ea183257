// When seeded changes happen and become visible: shared by both services' seeded actions.

import { DAY_MS } from '../dates';
import type { Rng } from '../prng';

export const MINUTE_MS = 60_000;
/** Seeded actions span this many days before the start. */
export const SEEDED_DAYS = 90;
/** "Near future": changes seeded to arrive within this long after the start, for running triggers. */
export const NEAR_FUTURE_MS = 30 * MINUTE_MS;
/** Share of changes written late, and how late (1 to 10 minutes). */
const LATE_SHARE = 0.1;

/** Stamp and visibility of a change happening at `stampMs`: one in ten becomes visible 1-10 minutes after its stamp. */
export function seededTimes(rng: Rng, stampMs: number, resolutionMs: number): { stampMs: number; visibleMs: number } {
	const stamp = Math.floor(stampMs / resolutionMs) * resolutionMs;
	const late = rng.chance(LATE_SHARE) ? rng.int(1, 10) * MINUTE_MS + rng.int(0, 59) * 1000 : 0;
	return { stampMs: stamp, visibleMs: stamp + late };
}

/**
 * A change that arrives in the near future of the start (1-30 minutes after it). Half of them are
 * late: stamped 1-10 minutes before they become visible, some even before the start, so that a
 * cursor that does not re-read a window misses them.
 */
export function nearFutureTimes(rng: Rng, startMs: number, resolutionMs: number): { stampMs: number; visibleMs: number } {
	const visibleMs = startMs + rng.int(1, 30) * MINUTE_MS + rng.int(0, 59) * 1000;
	const late = rng.chance(0.5) ? rng.int(1, 10) * MINUTE_MS : 0;
	return { stampMs: Math.floor((visibleMs - late) / resolutionMs) * resolutionMs, visibleMs };
}

/** A creation time over the seeded days; the last `future` of `count` arrive in the near future. */
export function creationMs(rng: Rng, startMs: number, index: number, count: number, future: number): number {
	if (index >= count - future) return startMs + rng.int(1, 30) * MINUTE_MS + rng.int(0, 59_999);
	return startMs - Math.floor(rng.next() * SEEDED_DAYS * DAY_MS) - MINUTE_MS;
}

/** A money amount with cents that are never .00, so the JSON number shows its decimals. */
export function decimalMoney(rng: Rng, min: number, max: number): number {
	const cents = Math.round((min + rng.next() * (max - min)) * 100);
	return (cents % 100 === 0 ? cents + 1 : cents) / 100;
}
