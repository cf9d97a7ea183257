import type { Account } from './account';

/** Upper bound of pages in flight; the account's pacer sets the real pace. */
const MAX_PAGES_IN_FLIGHT = 32;

/** Runs tasks with at most `concurrency` in flight; the first failure stops new starts. */
export async function runPool<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
	const results: T[] = new Array(tasks.length);
	let next = 0;
	let failed = false;
	const worker = async () => {
		while (!failed && next < tasks.length) {
			const index = next++;
			let succeeded = false;
			try {
				results[index] = await tasks[index]();
				succeeded = true;
			} finally {
				if (!succeeded) failed = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
	return results;
}

/** Two seconds' worth of requests keeps the pacer busy at latencies up to about two seconds. */
export function pagesInFlight(account: Account): number {
	return Math.max(2, Math.min(MAX_PAGES_IN_FLIGHT, Math.ceil(account.limits.requestsPerSecond * 2)));
}
