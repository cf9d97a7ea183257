// Click items kept permanently in server order (updatedAt desc, id asc), so a report never re-sorts.

import { formatYmd } from '../dates';
import type { Rng } from '../prng';
import type { ClickCatalog, ClickItem } from '../types';

export interface StoredClick {
	item: ClickItem;
	/** updatedAt as epoch ms, for fast comparisons. */
	ms: number;
	/** date as days since epoch: numbers compare much faster than strings in the report loop. */
	day: number;
}

const DAY = 86_400_000;
const stored = (item: ClickItem): StoredClick => ({ item, ms: Date.parse(item.updatedAt), day: Date.parse(item.date) / DAY });

function compare(a: StoredClick, b: StoredClick): number {
	if (a.ms !== b.ms) return b.ms - a.ms;
	return a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0;
}

export class ClickStore {
	/** Server order. Read-only for callers. */
	readonly sorted: StoredClick[];
	private readonly byId = new Map<string, StoredClick>();

	constructor(
		items: ClickItem[],
		private readonly catalog: ClickCatalog,
		private readonly rng: Rng,
		private readonly now: () => Date,
	) {
		this.sorted = items.map(stored).sort(compare);
		for (const s of this.sorted) this.byId.set(s.item.id, s);
	}

	all(): ClickItem[] {
		return this.sorted.map((s) => ({ ...s.item }));
	}

	/** Index of the first stored item with ms <= the given time (items are updatedAt desc). */
	firstAtOrBefore(ms: number): number {
		let lo = 0;
		let hi = this.sorted.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.sorted[mid].ms > ms) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	private place(s: StoredClick): void {
		let lo = 0;
		let hi = this.sorted.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (compare(this.sorted[mid], s) < 0) lo = mid + 1;
			else hi = mid;
		}
		this.sorted.splice(lo, 0, s);
	}

	private unplace(s: StoredClick): void {
		const i = this.sorted.indexOf(s, this.firstAtOrBefore(s.ms));
		if (i >= 0) this.sorted.splice(i, 1);
	}

	private complete(patch: Partial<ClickItem>): ClickItem {
		const nowMs = this.now().getTime();
		const adspace = this.catalog.adspaces.find((a) => a.id === patch.adspaceId) ?? this.catalog.adspaces[0];
		const merchantId = patch.merchantId ?? this.catalog.merchants[0].id;
		const merchantName = patch.merchantName ?? this.catalog.merchants.find((m) => m.id === merchantId)?.name ?? '';
		return normalize({
			id: patch.id ?? this.rng.uuid4(),
			adspaceId: patch.adspaceId ?? adspace.id,
			adspaceName: patch.adspaceName ?? (patch.adspaceId && patch.adspaceId !== adspace.id ? '' : adspace.name),
			couponId: patch.couponId ?? null,
			merchantId,
			merchantName,
			subId: patch.subId ?? null,
			date: patch.date ?? formatYmd(nowMs),
			count: patch.count ?? 1,
			updatedAt: patch.updatedAt ?? new Date(nowMs).toISOString(),
		});
	}

	insert(items: Partial<ClickItem>[]): ClickItem[] {
		const created = items.map((p) => this.complete(p));
		const ids = new Set<string>();
		for (const item of created) {
			if (this.byId.has(item.id) || ids.has(item.id)) throw new Error(`click item ${item.id} already exists`);
			ids.add(item.id);
		}
		for (const item of created) {
			const s = stored(item);
			this.byId.set(item.id, s);
			this.place(s);
		}
		return created.map((i) => ({ ...i }));
	}

	/** Applies the patch; updatedAt becomes now unless the patch gives one. The id cannot change. */
	update(id: string, patch: Partial<ClickItem> = {}): ClickItem {
		const s = this.byId.get(id);
		if (!s) throw new NotFoundError(`click item ${id} not found`);
		const next = normalize({
			...s.item,
			...patch,
			id,
			updatedAt: patch.updatedAt ?? new Date(this.now().getTime()).toISOString(),
		});
		this.unplace(s);
		Object.assign(s, stored(next));
		this.place(s);
		return { ...next };
	}
}

export class NotFoundError extends Error {}

/** Type-checks a click item built from outside input; updatedAt is re-rendered with millisecond precision. */
function normalize(item: ClickItem): ClickItem {
	const strings: Array<keyof ClickItem> = ['id', 'adspaceId', 'adspaceName', 'merchantName', 'date', 'updatedAt'];
	for (const key of strings) if (typeof item[key] !== 'string') throw new Error(`${key} must be a string`);
	for (const key of ['couponId', 'subId'] as const)
		if (item[key] !== null && typeof item[key] !== 'string') throw new Error(`${key} must be a string or null`);
	if (!Number.isInteger(item.merchantId)) throw new Error('merchantId must be an integer');
	if (!Number.isInteger(item.count) || item.count < 0) throw new Error('count must be a non-negative integer');
	if (!/^\d{4}-\d{2}-\d{2}$/.test(item.date) || Number.isNaN(Date.parse(item.date))) throw new Error('date must be YYYY-MM-DD');
	const ms = Date.parse(item.updatedAt);
	if (Number.isNaN(ms)) throw new Error('updatedAt must be an ISO 8601 date-time');
	// Rebuilt field by field: fixed wire order, and unknown keys of the input are dropped.
	return {
		id: item.id,
		adspaceId: item.adspaceId,
		adspaceName: item.adspaceName,
		couponId: item.couponId,
		merchantId: item.merchantId,
		merchantName: item.merchantName,
		subId: item.subId,
		date: item.date,
		count: item.count,
		updatedAt: new Date(ms).toISOString(),
	};
}
