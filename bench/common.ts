// Small helpers shared by the bench's parts: logging, medians, and how figures are written.
import type { RequestStats } from '../sandbox/client';

export const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const median = (values: number[]) => {
	const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const MB = 1024 * 1024;
export const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
export const x = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a');
export const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / MB).toFixed(1)} MB` : 'n/a');
export const ints = (values: number[]) => (values.length ? [...new Set(values)].join('/') : 'n/a');

/** One refused (429/503) request, with the arrival gaps (sandbox clock) of the requests before it. */
export const refusalDetail = (who: string, r: RequestStats['refused'][number]) =>
	`${who} request #${r.index + 1} answered ${r.status}; the 4 requests up to it arrived within ${r.spanOf4Ms ?? '?'} ms (gaps ${r.gapsMs.join(', ')} ms)`;
