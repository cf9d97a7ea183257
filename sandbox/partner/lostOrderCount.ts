// A sandbox with more (or fewer) lost orders than the 1,000 seeded, for measuring long lists.
import type { LostOrder, PartnerData } from '../types';

/**
 * Exactly `count` lost orders: the seeded ones plus copies of them with new ids, created before all
 * others so that the list keeps its newest-first order; or the newest `count` of them.
 */
export function setLostOrderCount(data: PartnerData, count: number): void {
	if (!Number.isInteger(count) || count < 0) throw new Error(`lostOrders must be a non-negative integer, got ${count}`);
	const orders = data.lostOrders;
	if (orders.length > count) orders.splice(count);
	const seeded = orders.slice();
	if (!seeded.length && count > 0) throw new Error('no seeded lost order to copy');
	let nextId = 900_001;
	while (orders.length < count) {
		const template = seeded[(orders.length - seeded.length) % seeded.length];
		const copy: LostOrder = {
			...template,
			website: { ...template.website },
			advcampaign: { ...template.advcampaign },
			id: nextId++,
			order_id: `BENCH-${nextId}`,
			date_created: '2020-01-01T00:00:00',
		};
		orders.push(copy);
	}
}
