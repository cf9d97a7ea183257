/**
 * Which statuses "Fetch Test Event" reads for a status change, and how the reads per status are
 * merged (nodes/shared/conversionWatch/decidedSample.ts): plain tables. The reads themselves run
 * through n8n-core's PollContext against the sandbox in the triggers' conversion tests.
 */
import type { IDataObject } from 'n8n-workflow';

import { CLICK_CONVERSIONS, PARTNER_CONVERSIONS } from '../../nodes/shared/conversionWatch';
import { decidedStatusesWithin, newestDecidedActions, takeInTurn } from '../../nodes/shared/conversionWatch/decidedSample';

const PARTNER_DECIDED = ['approved', 'declined', 'approved_but_stalled'];

test.each([
	[{}, PARTNER_DECIDED],
	[{ status: '' }, PARTNER_DECIDED],
	[{ status: 'declined' }, ['declined']],
	// A user who watches pending actions only has no decided one to be shown.
	[{ status: 'pending' }, []],
])('a sample within the Status filter %j reads %j', (qs: IDataObject, statuses: string[]) => {
	expect(decidedStatusesWithin(PARTNER_DECIDED, qs)).toEqual(statuses);
});

test('the reads per status merge newest change first, each action once as its newest change, no more than asked', async () => {
	const action = (id: number, status: string, minute: number) => ({ id, status, status_updated: `2026-11-20 10:${String(minute).padStart(2, '0')}:00` });
	const reads: Record<string, IDataObject[]> = {
		approved: [action(1, 'approved', 5), action(2, 'approved', 30), action(3, 'approved', 10)],
		// Action 3 moved on between the two reads: its declined change is the newer.
		declined: [action(3, 'declined', 40), action(4, 'declined', 20)],
		approved_but_stalled: [action(5, 'approved_but_stalled', 50)],
	};
	const asked: string[] = [];
	const readStatus = async (status: string) => {
		asked.push(status);
		return reads[status];
	};
	const merged = await newestDecidedActions(PARTNER_CONVERSIONS, PARTNER_DECIDED, readStatus, 5);
	expect(asked).toEqual(PARTNER_DECIDED);
	expect(merged.map((each) => `${each.id}:${String(each.status)}`)).toEqual(['5:approved_but_stalled', '3:declined', '2:approved', '4:declined', '1:approved']);
	expect(await newestDecidedActions(PARTNER_CONVERSIONS, PARTNER_DECIDED, readStatus, 2)).toHaveLength(2);
});

test('click actions merge by updatedAt', async () => {
	const reads: Record<string, IDataObject[]> = {
		CONFIRMED: [{ actionId: 'a', status: 'CONFIRMED', updatedAt: '2026-11-20T10:00:00.000Z' }],
		CANCELED: [{ actionId: 'b', status: 'CANCELED', updatedAt: '2026-11-20T11:00:00.000Z' }],
	};
	const merged = await newestDecidedActions(CLICK_CONVERSIONS, ['CONFIRMED', 'CANCELED'], async (status) => reads[status], 10);
	expect(merged.map((each) => each.actionId)).toEqual(['b', 'a']);
});

test('a flat sample takes from each event in turn, so that ten creations leave room for status changes', () => {
	const created = Array.from({ length: 10 }, (_, index) => ({ id: `c${index}` }));
	const changed = [{ id: 's0' }, { id: 's1' }];
	expect(takeInTurn([created, changed], 6).map((each) => each.id)).toEqual(['c0', 's0', 'c1', 's1', 'c2', 'c3']);
	expect(takeInTurn([[], changed], 10).map((each) => each.id)).toEqual(['s0', 's1']);
});
