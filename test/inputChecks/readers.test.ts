// The pure decisions behind the input checks, as tables: which character is a control character,
// which values name a boolean, how a value is shown in an error, and which click periods are
// read, cut or refused, and which errors fieldChecks collects. The same rules run through n8n-core in
// the other files of this folder.
import { ExpressionError } from 'n8n-workflow';

import { checkPeriod, splitIntoWindows, windowsFor } from '../../nodes/shared/clickReport/periods';
import type { CalendarDate } from '../../nodes/shared/dates';
import { readCalendarDate } from '../../nodes/shared/dates';
import { booleanFrom, describeValue, fieldChecks, fieldRefusal, findControlCharacter, invalidInput, quoted } from '../../nodes/shared/validation';

describe('findControlCharacter', () => {
	test.each([
		['plain text', 'ORD-1 / 2026', false, undefined],
		['NUL', 'a\u0000b', false, { index: 1, code: 0 }],
		['line feed', 'ab\n', false, { index: 2, code: 10 }],
		['carriage return', '\rab', false, { index: 0, code: 13 }],
		['tab', 'a\tb', false, { index: 1, code: 9 }],
		['unit separator, the last C0', 'a\u001f', false, { index: 1, code: 31 }],
		['DEL', 'a\u007f', false, { index: 1, code: 127 }],
		['space and tilde are not', ' ~', false, undefined],
		['C1 and other Unicode are not', '\u0085\u00a0\u2028ü€', false, undefined],
		['multiline: line breaks and tabs pass', 'a\r\n\tb', true, undefined],
		['multiline: NUL does not', 'a\n\u0000', true, { index: 2, code: 0 }],
		['multiline: form feed does not', 'a\fb', true, { index: 1, code: 12 }],
		['multiline: DEL does not', 'a\u007f', true, { index: 1, code: 127 }],
	])('%s', (_label, text, multiline, found) => {
		expect(findControlCharacter(text, multiline)).toEqual(found);
	});
});

describe('booleanFrom', () => {
	test.each([
		[true, true],
		[false, false],
		['true', true],
		['false', false],
		['TRUE', true],
		[' False\n', false],
		['yes', undefined],
		['no', undefined],
		['0', undefined],
		['1', undefined],
		['', undefined],
		['truth', undefined],
		[1, undefined],
		[0, undefined],
		[null, undefined],
		[{}, undefined],
	])('%j → %j', (value, expected) => {
		expect(booleanFrom(value)).toBe(expected);
	});
});

describe('quoted and describeValue', () => {
	const x = (count: number) => 'x'.repeat(count);

	test.each([
		['short', 'abc', '"abc"'],
		['exactly 60', x(60), `"${x(60)}"`],
		['61: 59 and an ellipsis, and the length', x(61), `"${x(59)}…" (61 characters)`],
		['10,000', x(10_000), `"${x(59)}…" (10,000 characters)`],
		['1,234,567', x(1_234_567), `"${x(59)}…" (1,234,567 characters)`],
		['control characters made visible', 'a\u0000b\nc\td\u007f', '"a\\u0000b\\nc\\td\\u007f"'],
		['an escape is never cut in half', `${x(57)}\u0000y`, `"${x(57)}…" (59 characters)`],
		['a character beyond 16 bits is never cut in half', `${x(58)}😀y`, `"${x(58)}…" (61 characters)`],
	])('%s', (_label, text, shown) => {
		expect(quoted(text)).toBe(shown);
	});

	test.each([
		[undefined, 'nothing'],
		[12, '12'],
		[true, 'a boolean (true)'],
		[[1, 2], 'an array ([1,2])'],
		[{ a: 1 }, 'an object ({"a":1})'],
		[{ a: x(100) }, `an object ({"a":"${x(53)}… (108 characters))`],
		[[x(100)], `an array (["${x(57)}… (104 characters))`],
	])('%j', (value, described) => {
		expect(describeValue(value)).toBe(described);
	});
});

const day = (iso: string) => readCalendarDate(iso) as CalendarDate;
const TODAY = day('2026-05-20');

describe('checkPeriod, with today 2026-05-20 (UTC)', () => {
	test.each([
		['a past period', '2026-01-01', '2026-03-31', { from: day('2026-01-01'), to: day('2026-03-31') }],
		['up to today', '2026-05-01', '2026-05-20', { from: day('2026-05-01'), to: day('2026-05-20') }],
		['up to tomorrow, a user east of UTC', '2026-05-21', '2026-05-21', { from: day('2026-05-21'), to: day('2026-05-21') }],
		['from 2000-01-01', '2000-01-01', '2000-01-01', { from: day('2000-01-01'), to: day('2000-01-01') }],
		['past tomorrow: cut', '2026-05-01', '2026-05-22', { from: day('2026-05-01'), to: day('2026-05-21'), cutFrom: day('2026-05-22') }],
		['to 9999-12-31: cut', '2026-05-01', '9999-12-31', { from: day('2026-05-01'), to: day('2026-05-21'), cutFrom: day('9999-12-31') }],
	])('%s: read', (_label, from, to, read) => {
		expect(checkPeriod(day(from), day(to), TODAY)).toEqual(read);
	});

	test.each([
		['from the day after tomorrow', '2026-05-22', '2026-05-22', '2026-05-22 is in the future: the report has no clicks after 2026-05-21 (tomorrow, UTC)'],
		['from 9999-12-31', '9999-12-31', '9999-12-31', '9999-12-31 is in the future: the report has no clicks after 2026-05-21 (tomorrow, UTC)'],
		['from 1999-12-31', '1999-12-31', '1999-12-31', '1999-12-31 is before 2000-01-01, earlier than any click; reading from it to 1999-12-31 would take at least 1 request (one per 120 days)'],
		['from 1000-01-01 to 9999-12-31', '1000-01-01', '9999-12-31', '1000-01-01 is before 2000-01-01, earlier than any click; reading from it to 2026-05-21 would take at least 3,124 requests (one per 120 days)'],
	])('%s: refused', (_label, from, to, rule) => {
		expect(checkPeriod(day(from), day(to), TODAY)).toEqual({ refused: 'Date From', rule });
	});

	test('the windows a refusal counts are the windows the read would have taken', () => {
		expect(windowsFor(day('1000-01-01'), day('2026-05-21'))).toBe(splitIntoWindows(day('1000-01-01'), day('2026-05-21')).length);
		expect(windowsFor(day('2026-01-01'), day('2026-04-30'))).toBe(1);
		expect(windowsFor(day('2026-01-01'), day('2026-05-01'))).toBe(2);
	});
});

describe('fieldChecks collects the node\'s own refusals only', () => {
	const node = { id: '1', name: 'Affiliate Partner', type: 'affiliatePartner', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const context = { getNode: () => node };

	test('two refusals, one carrying a description: each line keeps it', () => {
		const checks = fieldChecks(context, 0);
		checks.read(() => {
			throw fieldRefusal(context, 0, 'Invalid "Filters": 2 filters refused', 'Invalid "Sub ID": too long\nInvalid "Merchant ID": letters');
		});
		checks.read(() => {
			throw invalidInput(context, 0, 'Limit', 'must be at least 1, got 0');
		});
		expect(() => checks.done()).toThrow(
			expect.objectContaining({
				message: 'Invalid "Filters": 2 filters refused (and 1 more: see below)',
				description: 'Invalid "Filters": 2 filters refused: Invalid "Sub ID": too long\nInvalid "Merchant ID": letters\nInvalid "Limit": must be at least 1, got 0',
			}),
		);
	});

	test('n8n\'s own error thrown by a read goes on unchanged, nothing kept', () => {
		const checks = fieldChecks(context, 0);
		checks.read(() => {
			throw invalidInput(context, 0, 'Limit', 'must be at least 1, got 0');
		});
		const expressionFailed = new ExpressionError('Referenced node doesn\'t exist');
		let thrown: unknown;
		try {
			checks.read(() => {
				throw expressionFailed;
			});
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBe(expressionFailed);
	});

	test('a plain error (a bug) is thrown at once with its own message, not relabelled as a field\'s', () => {
		const checks = fieldChecks(context, 0);
		expect(() =>
			checks.read(() => {
				throw new TypeError('x.map is not a function');
			}),
		).toThrow(expect.objectContaining({ name: 'NodeOperationError', message: 'x.map is not a function' }));
		expect(() => checks.done()).not.toThrow();
	});
});
