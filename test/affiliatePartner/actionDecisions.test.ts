/** Plain table tests of the pure rules behind Action → Get Many: the service's date-times, the per-action checks, the output shapes. */
import { actionAnswersQuery, readWallClock, shapeActions, stampText, toServiceDateTime } from '../../nodes/shared/partnerActions';

const action = {
	id: 7,
	action_id: 7,
	status: 'approved',
	action_type: 'sale',
	processed: 1,
	paid: 0,
	advcampaign_id: 6115,
	advcampaign_name: 'Shop',
	order_id: 'c-1',
	currency: 'RUB',
	action_date: '2026-11-20 10:00:00',
	closing_date: '2026-11-25',
	status_updated: '2026-11-21 08:30:15',
	positions: [{ id: 1, amount: '209.32', payment: '104.66', rate: '50.00', product_name: '' }],
};

describe('the service date-times', () => {
	test.each([
		['2026-11-20 08:00:00', false, '20.11.2026 08:00:00'],
		['2026-11-20T08:00', false, '20.11.2026 08:00:00'],
		['2026-11-20T08:00:00.123+03:00', false, '20.11.2026 08:00:00'],
		['2026-11-20T08:00:00Z', false, '20.11.2026 08:00:00'],
		['20.11.2026 8:05', false, '20.11.2026 08:05:00'],
		['2026-11-20', false, '20.11.2026 00:00:00'],
		['2026-11-20', true, '20.11.2026 23:59:59'],
		['20.11.2026', true, '20.11.2026 23:59:59'],
	])('%s (end of day: %s) is sent as %s', (input, endOfDay, sent) => {
		expect(toServiceDateTime(readWallClock(input, endOfDay)!)).toBe(sent);
	});

	test.each(['2026-02-30 08:00:00', '2026-11-20 24:00:00', '20.11.2026 08:61', 'yesterday', '', 5])('%s is no date-time', (input) => {
		expect(readWallClock(input)).toBeUndefined();
	});

	test('a stamp of an answer compares as text', () => {
		expect(stampText('2026-11-20 08:00:00')).toBe('2026-11-20 08:00:00');
		expect(stampText('2026-11-20')).toBe('2026-11-20');
		expect(stampText(null)).toBeUndefined();
	});
});

describe('each action held to the filters asked', () => {
	test.each([
		[{}, undefined],
		[{ status: 'approved', action_type: 'sale', processed: '1', paid: '0', action_id: '7', campaign: ['6115', '1'] }, undefined],
		[{ status: 'declined' }, 'the Status filter asked for "declined"'],
		[{ action_type: 'lead' }, 'the Action Type filter'],
		[{ processed: '0' }, 'the Processed filter'],
		[{ paid: '1' }, 'the Paid filter'],
		[{ action_id: '8' }, 'the Action ID filter'],
		[{ campaign: ['1', '2'] }, 'not of the programs the Program filter asked for'],
		[{ date_start: '20.11.2026', date_end: '20.11.2026' }, undefined],
		[{ date_start: '21.11.2026' }, 'before Action Date From'],
		[{ date_end: '19.11.2026' }, 'after Action Date To'],
		[{ closing_date_start: '26.11.2026' }, 'before Closing Date From'],
		[{ status_updated_start: '21.11.2026 08:30:15', status_updated_end: '21.11.2026 08:30:15' }, undefined],
		[{ status_updated_start: '21.11.2026 08:30:16' }, 'before Status Updated From'],
		[{ status_updated_end: '21.11.2026 08:30:14' }, 'after Status Updated To'],
		[{ status_updated_start: '21.11.2026' }, undefined],
	])('query %j → %s', (qs, problem) => {
		const found = actionAnswersQuery(action, { qs });
		if (problem === undefined) expect(found).toBeUndefined();
		else expect(found).toContain(problem);
	});

	test.each([
		[{ ...action, status: '' }, 'has no "status"'],
		[{ ...action, status_updated: null }, 'has no "status_updated"'],
		[{ ...action, closing_date: '' }, undefined],
	])('an action without what every read needs: %#', (record, problem) => {
		const found = actionAnswersQuery(record, { qs: {} });
		if (problem === undefined) expect(found).toBeUndefined();
		else expect(found).toContain(problem);
	});

	test('a closing-date filter refuses an action without a closing date', () => {
		expect(actionAnswersQuery({ ...action, closing_date: '' }, { qs: { closing_date_start: '01.11.2026' } })).toContain('has no "closing_date"');
	});
});

describe('the output shapes', () => {
	test('as the service sends them, decimals kept as text unless asked', () => {
		expect(shapeActions([action], { onePerPosition: false, decimalsAsNumbers: false })).toEqual([action]);
		const [converted] = shapeActions([action], { onePerPosition: false, decimalsAsNumbers: true });
		expect(converted.positions).toEqual([{ id: 1, amount: 209.32, payment: 104.66, rate: 50, product_name: '' }]);
		expect(action.positions[0].amount).toBe('209.32');
	});

	test('one item per position keeps what identifies its action; an action without positions is one item', () => {
		const twoLines = { ...action, positions: [...action.positions, { id: 2, amount: '1.00', payment: '0.50', rate: null }] };
		const items = shapeActions([twoLines, { ...action, id: 8, action_id: 8, positions: [] }], { onePerPosition: true, decimalsAsNumbers: true });
		expect(items).toHaveLength(3);
		expect(items[0]).toMatchObject({ action_id: 7, order_id: 'c-1', advcampaign_id: 6115, status: 'approved', currency: 'RUB', id: 1, amount: 209.32 });
		expect(items[1]).toMatchObject({ action_id: 7, id: 2, amount: 1, rate: null });
		expect(items[2]).toEqual({ action_id: 8, order_id: 'c-1', advcampaign_id: 6115, advcampaign_name: 'Shop', status: 'approved', status_updated: '2026-11-21 08:30:15', currency: 'RUB' });
	});
});
