// A sandbox with more (or fewer) lost orders than the 1,000 seeded, for measuring long lists.
import { byNewest } from '../seed';
import type { LostOrder, PartnerData } from '../types';

/**
 * Exactly `count` lost orders: the seeded ones plus copies of them with new ids, each created a few
 * seconds before its original, so that they spread over the same year as the seeded ones (and a
 * watch window holds its share of them); or the newest `count` of them. Newest first, as ever.
 */
export function setLostOrderCount(data: PartnerData, count: number): void {
	if (!Number.isInteger(count) || count < 0) throw new Error(`lostOrders must be a non-negative integer, got ${count}`);
	const orders = data.lostOrders;
	if (orders.length > count) orders.splice(count);
	const seeded = orders.slice();
	if (!seeded.length && count > 0) throw new Error('no seeded lost order to copy');
	let nextId = 900_001;
	while (orders.length < count) {
		const copied = orders.length - seeded.length;
		const template = seeded[copied % seeded.length];
		const round = Math.floor(copied / seeded.length) + 1;
		const copy: LostOrder = {
			...template,
			website: { ...template.website },
			advcampaign: { ...template.advcampaign },
			id: nextId++,
			order_id: `BENCH-${nextId}`,
			date_created: secondsEarlier(template.date_created, round),
		};
		orders.push(copy);
	}
	orders.sort(byNewest);
}

/** `YYYY-MM-DDTHH:MM:SS` (the service's local time, as seeded) moved back by whole seconds. */
function secondsEarlier(dateTime: string, seconds: number): string {
	return new Date(Date.parse(`${dateTime}Z`) - seconds * 1000).toISOString().slice(0, 19);
}
