/** Plain table tests of the pure rules behind Program: the output shapes, the per-program checks and the answers of a get, a join and a leave. */
import {
	actionRatesListed,
	membershipAnswerViolation,
	ofConnectionStatusAsked,
	programAnswerViolation,
	programOfAnswer,
	shapePrograms,
} from '../../nodes/shared/partnerPrograms';

const rate = (id: number, size: string, country: string | null = null) => ({ id, tariff_id: 11, size, is_percentage: true, price_s: '0.00', date_s: '2026-01-01', country });
const program = {
	id: 6115,
	name: 'Shop',
	currency: 'RUB',
	connection_status: 'active',
	gotolink: 'https://ad.example/g/abc/',
	rating: '2.3',
	cr_trend: '-7.0000',
	epc: 92,
	actions_detail: [
		{ id: 1, name: 'Sale', type: 'sale', hold_size: 30, tariffs: [{ id: 11, name: 'Default', action_id: 1, rates: [rate(111, '7.00'), rate(112, '9.50', 'KZ')] }, { id: 12, name: 'Empty', action_id: 1, rates: [] }] },
		{ id: 2, name: 'Lead', type: 'lead', hold_size: 7, tariffs: [] },
	],
};
const of = { advcampaign_id: 6115, advcampaign_name: 'Shop', currency: 'RUB' };
const sale = { ...of, action_id: 1, action_name: 'Sale', action_type: 'sale' };

describe('the programs as output', () => {
	test('as the service sends them by default: the same objects', () => {
		expect(shapePrograms([program], { onePerActionRate: false, decimalsAsNumbers: false })).toEqual([program]);
	});

	test('Decimals as Numbers: the rating, the trends and every rate size and price as numbers, the rest as sent', () => {
		const [shaped] = shapePrograms([program], { onePerActionRate: false, decimalsAsNumbers: true });
		expect(shaped).toMatchObject({ rating: 2.3, cr_trend: -7, epc: 92, gotolink: program.gotolink });
		const tariffs = (shaped.actions_detail as Array<{ tariffs: Array<{ rates: Array<{ size: unknown; price_s: unknown; date_s: unknown }> }> }>)[0].tariffs;
		expect(tariffs[0].rates.map((r) => [r.size, r.price_s, r.date_s])).toEqual([[7, 0, '2026-01-01'], [9.5, 0, '2026-01-01']]);
		expect(program.actions_detail[0].tariffs[0].rates[0].size).toBe('7.00');
	});

	test('one item per action rate: each level named, then the rate; a level without rates gives one item', () => {
		expect(shapePrograms([program], { onePerActionRate: true, decimalsAsNumbers: false })).toEqual([
			{ ...sale, tariff_name: 'Default', ...rate(111, '7.00') },
			{ ...sale, tariff_name: 'Default', ...rate(112, '9.50', 'KZ') },
			{ ...sale, tariff_id: 12, tariff_name: 'Empty' },
			{ ...of, action_id: 2, action_name: 'Lead', action_type: 'lead' },
		]);
	});

	test('one item per action rate with decimals as numbers; a program without actions gives one item', () => {
		const shaped = shapePrograms([program, { ...program, id: 7, actions_detail: [] }], { onePerActionRate: true, decimalsAsNumbers: true });
		expect(shaped[0]).toMatchObject({ size: 7, price_s: 0 });
		expect(shaped.at(-1)).toEqual({ advcampaign_id: 7, advcampaign_name: 'Shop', currency: 'RUB' });
	});
});

describe('the checks of each program', () => {
	test.each([
		[{ actions_detail: [] }, undefined],
		[program, undefined],
		[{}, 'has no "actions_detail" list of objects (it is undefined)'],
		[{ actions_detail: [1] }, 'has no "actions_detail" list of objects (it is [1])'],
		[{ actions_detail: [{ tariffs: null }] }, 'has an action (actions_detail[0]) without a "tariffs" list of objects (it is null)'],
		[{ actions_detail: [{ tariffs: [{ rates: {} }] }] }, 'has a tariff (actions_detail[0].tariffs[0]) without a "rates" list of objects (it is {})'],
	])('rates listed: %j → %s', (record, said) => {
		expect(actionRatesListed(record as never, {})).toBe(said);
	});

	test.each([
		[{ connection_status: 'active' }, { connection_status: 'active' }, undefined],
		[{ connection_status: 'pending' }, {}, undefined],
		[{ connection_status: 'pending' }, { connection_status: 'active' }, 'is in connection status "pending", not the active the filter Connection Status asked for'],
		[{}, { connection_status: 'declined' }, 'is in connection status undefined, not the declined the filter Connection Status asked for'],
	])('connection status %j asked %j → %s', (record, qs, said) => {
		expect(ofConnectionStatusAsked(record, { qs })).toBe(said);
	});
});

describe('the answers of a get, a join and a leave', () => {
	const get = programAnswerViolation('6115');
	test.each([
		['the program itself', program, undefined],
		['the program in results', { results: [program] }, undefined],
		['the program in results with _meta', { results: [program], _meta: { count: 1 } }, undefined],
		['another program', { ...program, id: 7 }, 'it is not the program 6115: its "id" is 7'],
		['its id as text', { ...program, id: '6115' }, 'it is not the program 6115: its "id" is "6115"'],
		['an empty results', { results: [] }, 'its "results" holds 0 records, not the one program asked for'],
		['two in results', { results: [program, program] }, 'its "results" holds 2 records, not the one program asked for'],
		['a number in results', { results: [5] }, 'its "results" holds no program object'],
		['a bare array', [program], 'it is not a JSON object'],
	])('get, %s', (_name, body, said) => {
		expect(get(body, {})).toBe(said);
	});

	test('a get wrapped in results is unwrapped; the program itself is kept', () => {
		expect(programOfAnswer({ results: [program] })).toBe(program);
		expect(programOfAnswer(program)).toBe(program);
	});

	test('a get with one item per action rate holds the program to its rates too', () => {
		expect(programAnswerViolation('6115', actionRatesListed)({ results: [{ ...program, actions_detail: null }] }, {})).toContain('"actions_detail"');
	});

	test.each([
		['join', { message: 'Joined', success: 'OK' }, undefined],
		['join', { success: 'OK' }, undefined],
		['leave', { message: 'Left', success: 'Deleted' }, undefined],
		['join', { message: 'Left', success: 'Deleted' }, 'its "success" is "Deleted", not "OK"; the ad space may have joined the program all the same'],
		['leave', { message: 'Joined', success: 'OK' }, 'its "success" is "OK", not "Deleted"; the ad space may have left the program all the same'],
		['join', { message: 'x' }, 'its "success" is missing, not "OK"'],
		['join', { message: 5, success: 'OK' }, 'its "message" is 5, not text'],
		['join', 'OK', 'it is not a JSON object; the ad space may have joined the program all the same: check with Program → Get before joining again'],
	] as const)('%s answered %j → %s', (membership, body, said) => {
		const violation = membershipAnswerViolation(membership)(body);
		if (said === undefined) expect(violation).toBeUndefined();
		else expect(violation).toContain(said);
	});
});
