// Plain table tests of how the service's clock is learned from its answers
// (nodes/shared/clickReport/serviceClock.ts).
import { answeredNoEarlierThan, estimateOffset, offsetBounds } from '../../nodes/shared/clickReport';

const T = Date.UTC(2026, 10, 2, 9, 0, 0);
const MINUTE = 60_000;

describe('service clock', () => {
	test.each([
		['a Date header 5 minutes behind, 40 ms round trip', { serviceDate: T - 5 * MINUTE, sentAt: T, receivedAt: T + 40 }, -5 * MINUTE - 40, -5 * MINUTE + 1000],
		['a Date header 15 minutes ahead', { serviceDate: T + 15 * MINUTE, sentAt: T, receivedAt: T + 10 }, 15 * MINUTE - 10, 15 * MINUTE + 1000],
		['a newest updatedAt later than the Date allows raises the low end', { serviceDate: T, sentAt: T, receivedAt: T + 10, newestStamp: T + 500 }, 490, 1000],
		['no Date header: only the newest updatedAt bounds it, from below', { sentAt: T, receivedAt: T + 10, newestStamp: T - MINUTE }, -MINUTE - 10, Number.POSITIVE_INFINITY],
	])('%s', (_, sample, low, high) => {
		expect(offsetBounds(sample)).toEqual({ low, high });
	});

	test('the previous estimate stays while the answers allow it, so that it does not jitter by a second', () => {
		const sample = { serviceDate: T - 5 * MINUTE, sentAt: T, receivedAt: T + 40 };
		expect(estimateOffset(-5 * MINUTE + 300, [sample])).toBe(-5 * MINUTE + 300);
		expect(estimateOffset(undefined, [sample])).toBe(Math.round((-5 * MINUTE - 40 + -5 * MINUTE + 1000) / 2));
		expect(estimateOffset(0, [sample])).toBe(Math.round((-5 * MINUTE - 40 + -5 * MINUTE + 1000) / 2));
	});

	test('answers that contradict each other (the service clock jumped): the latest one decides', () => {
		const before = { serviceDate: T, sentAt: T, receivedAt: T + 10 };
		const after = { serviceDate: T + 10 * MINUTE, sentAt: T + 20, receivedAt: T + 30 };
		const offset = estimateOffset(0, [before, after]);
		expect(offset).toBeGreaterThanOrEqual(10 * MINUTE - 30);
		expect(offset).toBeLessThanOrEqual(10 * MINUTE + 980);
	});

	test('without a Date header and without items the previous estimate stands, and nothing bounds when the data was read', () => {
		expect(estimateOffset(42, [{ sentAt: T, receivedAt: T + 10 }])).toBe(42);
		expect(answeredNoEarlierThan({ sentAt: T, receivedAt: T + 10 })).toBeUndefined();
		// The data was read after the request left: by the service's clock, no earlier than Date minus the round trip.
		expect(answeredNoEarlierThan({ serviceDate: T, sentAt: T, receivedAt: T + 250 })).toBe(T - 250);
	});
});
