/**
 * Fakes only Date: the trigger's "now", the sandbox's clock and a test's ground truth then share
 * one clock that the test moves, while timers, sockets and retries run in real time.
 */
export function fakeDateOnly(now: number) {
	jest.useFakeTimers({
		doNotFake: [
			'nextTick',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
			'queueMicrotask',
			'hrtime',
			'performance',
		],
		now,
	});
}

export const advanceClock = (ms: number) => jest.setSystemTime(Date.now() + ms);
