// What a hand-written loop does: one page at a time, each request after the previous answer,
// paced like the node (the same RequestPacer, so the same spacing and margin), plain fetch.
import { RequestPacer } from '../nodes/shared/transport/rateLimiter';

export interface SequentialResult {
	items: unknown[];
	requests: number;
	throttled: number;
	jsonBytes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson(
	pacer: RequestPacer,
	url: string,
	authorization: string,
	counters: { requests: number; throttled: number; jsonBytes: number },
): Promise<unknown> {
	for (;;) {
		await pacer.acquire();
		const response = await fetch(url, { headers: { Authorization: authorization, Accept: 'application/json' } });
		counters.requests++;
		const text = await response.text();
		if (response.status === 429 || response.status === 503) {
			counters.throttled++;
			await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
			continue;
		}
		if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
		counters.jsonBytes += Buffer.byteLength(text);
		return JSON.parse(text);
	}
}

/** The click report, window by window (newest first), 500 per page, up to `meta.total`. */
export async function sequentialClickReport(options: {
	clickUrl: string;
	publicKey: string;
	rate: number;
	windows: Array<{ from: string; to: string }>;
}): Promise<SequentialResult> {
	const pacer = new RequestPacer(options.rate);
	const counters = { requests: 0, throttled: 0, jsonBytes: 0 };
	const items: unknown[] = [];
	for (const window of options.windows) {
		let offset = 0;
		let total = Number.POSITIVE_INFINITY;
		while (offset < total) {
			const url = `${options.clickUrl}/v2/api/stats/click?dateFrom=${window.from}&dateTo=${window.to}&limit=500&offset=${offset}`;
			const body = (await getJson(pacer, url, `Bearer ${options.publicKey}`, counters)) as {
				meta: { total: number };
				data: unknown[];
			};
			total = body.meta.total;
			for (const item of body.data) items.push(item);
			if (body.data.length === 0) break;
			offset += body.data.length;
		}
	}
	return { items, ...counters };
}

/** Where a list is read: the service's base URL, its credential and pace, the path and its filters. */
export interface ListAt {
	baseUrl: string;
	authorization: string;
	rate: number;
	path: string;
	query?: Record<string, string>;
}

const listUrl = (at: ListAt, page: Record<string, string | number>) =>
	`${at.baseUrl}${at.path}?${new URLSearchParams({ ...at.query, ...Object.fromEntries(Object.entries(page).map(([k, v]) => [k, String(v)])) })}`;

/** A partner list, advancing by what each page really returned (the server may cap `limit`). */
export async function sequentialPartnerList(at: ListAt): Promise<SequentialResult> {
	// Paced as the node paces the partner service, which counts per minute (nodes/shared/transport/apis.ts).
	const pacer = new RequestPacer(at.rate, undefined, false);
	const counters = { requests: 0, throttled: 0, jsonBytes: 0 };
	const items: unknown[] = [];
	let offset = 0;
	let count = Number.POSITIVE_INFINITY;
	while (offset < count) {
		const body = (await getJson(pacer, listUrl(at, { limit: 500, offset }), at.authorization, counters)) as {
			results: unknown[];
			_meta: { count: number };
		};
		count = body._meta.count;
		for (const item of body.results) items.push(item);
		if (body.results.length === 0) break;
		offset += body.results.length;
	}
	return { items, ...counters };
}

/** A cursor list (`{meta: {next}, data}`): each page asks with the `next` of the page before, until it is null. */
export async function sequentialCursorList(at: ListAt): Promise<SequentialResult> {
	const pacer = new RequestPacer(at.rate);
	const counters = { requests: 0, throttled: 0, jsonBytes: 0 };
	const items: unknown[] = [];
	let next: string | null | undefined;
	do {
		const page: Record<string, string | number> = next ? { limit: 500, next } : { limit: 500 };
		const body = (await getJson(pacer, listUrl(at, page), at.authorization, counters)) as { meta: { next?: string | null }; data: unknown[] };
		for (const item of body.data) items.push(item);
		next = body.meta.next;
	} while (next);
	return { items, ...counters };
}
