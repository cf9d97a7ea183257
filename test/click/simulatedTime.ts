import type { ClickItem, Sandbox } from '../../sandbox/server';

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

/** The sandbox's control endpoint for click items, over HTTP. */
export function clickControl(sandbox: Sandbox) {
	const call = async (path: string, method: string, body?: object) => {
		const response = await fetch(`${sandbox.clickUrl}/_sandbox/${path}`, {
			method,
			headers: { 'Content-Type': 'application/json' },
			body: body ? JSON.stringify(body) : undefined,
		});
		if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
		return (await response.json()) as { data?: ClickItem[] } & ClickItem;
	};
	return {
		insert: async (items: Array<Partial<ClickItem>>) => (await call('clicks', 'POST', { items })).data as ClickItem[],
		update: async (id: string, patch: Partial<ClickItem> = {}) => await call(`clicks/${id}`, 'PATCH', patch),
	};
}
