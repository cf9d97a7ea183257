// The floors the bench compares the node with, and the page counts they rest on.

/** The physical floor: the first answer takes one latency, and `pages` requests need (pages − 1) gaps. */
export const physicalFloorMs = (pages: number, latencyMs: number, rate: number) => latencyMs + ((pages - 1) * 1000) / rate;

/**
 * The floor of the node's own schedule at the nominal rate and zero CPU: the first page of each
 * window (it tells the total, and for partner lists the real page size) must come back before
 * the rest of that window can be asked for. The windows' first pages go out at once, one slot
 * apart, and the remaining pages of all windows share the pace, as the node reads them.
 */
export function scheduleFloorMs(windowPages: number[], latencyMs: number, rate: number): number {
	const gap = 1000 / rate;
	let slot = -gap;
	const batches: Array<{ ready: number; count: number }> = [];
	for (const pages of windowPages) {
		if (pages === 0) continue;
		slot = Math.max(slot + gap, 0);
		batches.push({ ready: slot + latencyMs, count: pages - 1 });
	}
	batches.sort((x, y) => x.ready - y.ready);
	for (const batch of batches) for (let i = 0; i < batch.count; i++) slot = Math.max(slot + gap, batch.ready);
	return slot + latencyMs;
}

/** The fewest pages of `pageSize` that hold `records`: ceil(n / P). */
export const minimumPages = (records: number, pageSize: number) => Math.max(1, Math.ceil(records / pageSize));

/**
 * The pages the node reads for a partner list by design: after the first page, each page starts
 * with the last record of the page before it (offsets 0, P − 1, 2(P − 1), …), so that the pages
 * prove they meet. That is 1 + ceil((n − P) / (P − 1)) when n > P: each page after the first
 * brings P − 1 new records, so it exceeds ceil(n / P) only when the last page has no room left
 * for the overlaps (1,234 records at P = 100 or 500: 13 and 3 pages either way).
 */
export const overlappingPages = (records: number, pageSize: number) =>
	records <= pageSize ? 1 : 1 + Math.ceil((records - pageSize) / (pageSize - 1));

/**
 * The floor with both of the click service's limits: at most `rate` per second and at most
 * `perWindow` requests in any `windowMs`. Request k (1-based) cannot leave before
 * t_k = (k − 1) / rate for k ≤ perWindow and t_k = t_{k − perWindow} + windowMs after that; the
 * last answer comes one latency after the last request.
 */
export function windowFloorMs(pages: number, latencyMs: number, rate: number, perWindow: number, windowMs: number): number {
	const t: number[] = [];
	for (let k = 0; k < pages; k++) {
		t.push(k < perWindow ? (k * 1000) / rate : Math.max(t[k - 1] + 1000 / rate, t[k - perWindow] + windowMs));
	}
	return latencyMs + (t[pages - 1] ?? 0);
}

/**
 * The floor of a cursor list: a page can be asked for only with the cursor of the answer before
 * it, so each page after the first waits for one round trip, and request starts stay one pace
 * (1 / rate) apart: latency + (pages − 1) × max(latency, 1 / rate).
 */
export const cursorFloorMs = (pages: number, latencyMs: number, rate: number) => latencyMs + (pages - 1) * Math.max(latencyMs, 1000 / rate);
