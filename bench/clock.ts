// A shifted Date for the trigger bench, outside jest: Date.now() and `new Date()` return the real
// time plus an offset that the bench moves forward between polls. Within a poll time flows
// normally (the pacer, timeouts and retries see real durations); between polls, the idle minutes
// of a simulated day are skipped. Timers are untouched. Only Date is replaced, as the trigger
// tests do with jest's Date-only fake clock (test/click/simulatedTime.ts).
const RealDate = Date;
let offsetMs = 0;

export function installShiftedClock(startMs: number): void {
	offsetMs = startMs - RealDate.now();
	class ShiftedDate extends RealDate {
		constructor(...args: unknown[]) {
			if (args.length === 0) super(RealDate.now() + offsetMs);
			else super(...(args as [string | number | Date]));
		}
		static now(): number {
			return RealDate.now() + offsetMs;
		}
	}
	(globalThis as { Date: DateConstructor }).Date = ShiftedDate as unknown as DateConstructor;
}

export function advanceClock(ms: number): void {
	offsetMs += ms;
}

/** How far the shifted Date is ahead of the real clock: what a process on the real clock must add to reach the bench's time. */
export const shiftMs = () => offsetMs;

export const realNow = () => RealDate.now();
