// The fuzzer's own judging, as plain table tests (pure decisions, no run): when an error names a
// field, where the display names come from, and when a valid other value's output keeps its
// relation to the undisturbed run. fuzz.test.ts runs the fuzzer itself.
import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { displayNamesOf, namesField } from './displayNames';
import { HOSTILE } from './hostile';
import type { HostileValue } from './hostileValue';
import { f, partnerNode, CLICK_REPORT } from './operation';
import { decimalOf, formProblem, readProblem, type Change } from './otherOutput';

describe('an error names a field by its display name, whole and in the panel\'s case', () => {
	test.each([
		['Invalid "Date From": "x" is not a real date', ['Date From'], true],
		['Limit must be a whole number of at least 1, got nothing', ['Limit'], true],
		['Invalid "date": "x" is not a real date', ['Date From'], false],
		['Invalid "date from": "x" is not a real date', ['Date From'], false],
		['Invalid "Program": must be a positive whole number', ['Program ID'], false],
		['Invalid "Program IDs": must be a positive whole number', ['Program ID'], false],
		['Invalid "Language Name or ID": must be a language code of two letters', ['Language Name or ID'], true],
		['Invalid "Language": must be a language code of two letters', ['Language Name or ID'], false],
	])('%s, %j: %s', (message, names, named) => {
		expect(namesField(message, names)).toBe(named);
	});

	// Names are not spelled here: a field the panel shows has one, one it hides has none.
	test('the names come from the node\'s description, per version and parameters', () => {
		const [appealStatus] = displayNamesOf(partnerNode(), { resource: 'lostOrder', operation: 'getMany' }, 'filters.appealStatus');
		const options = new AffiliatePartner().description.properties.flatMap((property) => (property.options ?? []) as Array<{ name: string; displayName?: string }>);
		expect(appealStatus).toBe(options.find((option) => option.name === 'appealStatus')?.displayName);
		expect(displayNamesOf(partnerNode(), { resource: 'appeal', operation: 'getMany' }, 'filters.appealStatus')).toEqual([]);
		expect(displayNamesOf(partnerNode(), { resource: 'language', operation: 'get' }, 'languageCode')).toEqual(['Language Name or ID']);
		expect(displayNamesOf(partnerNode(1.1), { resource: 'lostOrder', operation: 'create' }, 'orderPrice')).toHaveLength(1);
		expect(displayNamesOf(CLICK_REPORT, { operation: 'getMany' }, 'filters.nothingOfThat')).toEqual([]);
	});
});

test.each([
	['12.50', '125e-1'],
	['1.25e1', '125e-1'],
	['1e+308', '1e308'],
	['-0', '0'],
	['9007199254740993', '9007199254740993e0'],
	['twelve', undefined],
])('the decimal number %s is %s', (text, decimal) => {
	expect(decimalOf(text)).toBe(decimal);
});

const value = (kind: keyof typeof HOSTILE, name: string): HostileValue => HOSTILE[kind].find((candidate) => candidate.name === name)!;
const change = (path: string, kind: keyof typeof HOSTILE, name: string, form?: string, made: Change['made'] = { value: '' }): Change => ({
	field: f(path, kind, { form }),
	hostile: value(kind, name),
	made,
});

describe('a create sends a valid other value as given, and every other field as the undisturbed run', () => {
	const price = change('orderPrice', 'amount', '2^53+1', 'order_price', { value: '={{ 9007199254740993 }}', given: '9007199254740993' });
	test.each([
		['the price exactly', { order_price: '9007199254740993', order_id: 'A' }, undefined],
		['the price in another spelling of the same number', { order_price: '9.007199254740993e15', order_id: 'A' }, undefined],
		['the price rounded', { order_price: '9007199254740992', order_id: 'A' }, 'order_price: sent "9007199254740992" where the number given is 9007199254740993'],
		['another field changed', { order_price: '9007199254740993', order_id: 'B' }, 'order_id sent "B" where the comparison run sent "A"'],
	])('%s', (_what, sent, problem) => {
		expect(formProblem([price], sent, { order_price: '10', order_id: 'A' })).toBe(problem);
	});

	test('a comment is sent with its line breaks as CRLF', () => {
		const comment = change('additionalFields.comment', 'comment', 'ctrlLF', 'comment', { value: 'a\nb' });
		expect(formProblem([comment], { comment: 'a\r\nb' }, { comment: 'x' })).toBeUndefined();
		expect(formProblem([comment], { comment: 'ab' }, { comment: 'x' })).toBe('comment: sent "ab" where "a\\r\\nb" was given');
	});
});

describe('a read keeps the relation its valid other value names', () => {
	const base = [{ id: 1 }, { id: 2 }];
	test.each([
		['empty, no items', change('filters.subId', 'subId', 'number'), [], undefined],
		['empty, an item', change('filters.subId', 'subId', 'number'), [{ id: 1 }], '1 items from a filter no record matches; the first: {"id":1}'],
		['superset, all and more', change('orderIds', 'orderIds', 'manyIds'), [{ id: 1 }, { id: 3 }, { id: 2 }], undefined],
		['superset, one missing', change('orderIds', 'orderIds', 'manyIds'), [{ id: 1 }, { id: 3 }], "1 of the comparison run's 2 items are missing or changed; the first: {\"id\":2}"],
		['other records, the same shape', change('date', 'date', 'farPast'), [{ id: 7 }, { id: 8 }], undefined],
		['other records, fewer', change('date', 'date', 'farPast'), [{ id: 7 }], '1 items where the comparison run gave 2'],
	])('%s', (_what, other, output, problem) => {
		expect(readProblem([other], output, base)).toBe(problem);
	});
});
