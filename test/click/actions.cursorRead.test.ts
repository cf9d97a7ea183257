/** The decisions of a read over a cursor list (nodes/shared/transport/cursorList.ts, CursorRead), as a plain table: no I/O in them. */
import type { IDataObject } from 'n8n-workflow';

import { CURSOR_PAGE_SIZE, CursorRead, MAX_PAGES_PER_READ, MAX_RECORDS_PER_READ } from '../../nodes/shared/transport';

const action = (actionId: string, status = 'PENDING'): IDataObject => ({ actionId, status });
const byActionId = (record: IDataObject) => String(record.actionId);
const ids = (read: CursorRead) => read.records().map((record) => `${String(record.actionId)}:${String(record.status)}`);

test('pages of 500; a Limit asks for what it still wants, and ends there whatever the cursor says', () => {
	expect(CURSOR_PAGE_SIZE).toBe(500);
	const all = new CursorRead(Number.POSITIVE_INFINITY, byActionId);
	expect(all.pageSize()).toBe(500);
	const limited = new CursorRead(3, byActionId);
	expect(limited.pageSize()).toBe(3);
	expect(limited.take([action('a'), action('b')], 'c1')).toEqual({ next: 'c1' });
	expect(limited.pageSize()).toBe(1);
	expect(limited.take([action('c')], 'c2', 'c1')).toEqual({ done: true });
	expect(ids(limited)).toEqual(['a:PENDING', 'b:PENDING', 'c:PENDING']);
});

test('the read ends on a null or absent next', () => {
	expect(new CursorRead(Number.POSITIVE_INFINITY, byActionId).take([action('a')], null)).toEqual({ done: true });
	expect(new CursorRead(Number.POSITIVE_INFINITY, byActionId).take([action('a')], undefined)).toEqual({ done: true });
});

test('a record seen twice is kept once, in its newest state, at its newest place; a Limit counts it once', () => {
	const read = new CursorRead(3, byActionId);
	read.take([action('a'), action('b')], 'c1');
	// "a" changed during the read: the list, ordered by last change, shows it again behind the cursor.
	expect(read.pageSize()).toBe(1);
	expect(read.take([action('a', 'CONFIRMED')], 'c2', 'c1')).toEqual({ next: 'c2' });
	expect(ids(read)).toEqual(['b:PENDING', 'a:CONFIRMED']);
	expect(read.take([action('c')], 'c3', 'c2')).toEqual({ done: true });
	expect(ids(read)).toEqual(['b:PENDING', 'a:CONFIRMED', 'c:PENDING']);
});

test('a cursor that repeats one already sent is refused, naming the page', () => {
	const read = new CursorRead(Number.POSITIVE_INFINITY, byActionId);
	expect(read.take([action('a')], 'c1')).toEqual({ next: 'c1' });
	expect(read.take([action('b')], 'c2', 'c1')).toEqual({ next: 'c2' });
	expect(read.take([action('c')], 'c1', 'c2')).toEqual({ refused: 'repeatedCursor', cursor: 'c1', page: 3 });
	const same = new CursorRead(Number.POSITIVE_INFINITY, byActionId);
	same.take([], 'c1');
	expect(same.take([], 'c1', 'c1')).toEqual({ refused: 'repeatedCursor', cursor: 'c1', page: 2 });
});

test('at most the pages and records one read allows', () => {
	expect(new CursorRead(1, byActionId)['bounds']).toEqual({ pages: MAX_PAGES_PER_READ, records: MAX_RECORDS_PER_READ });
	const pages = new CursorRead(Number.POSITIVE_INFINITY, byActionId, { pages: 2, records: 100 });
	expect(pages.take([action('a')], 'c1')).toEqual({ next: 'c1' });
	expect(pages.take([action('b')], 'c2', 'c1')).toEqual({ refused: 'tooManyPages', pages: 2, records: 2 });
	const lastPage = new CursorRead(Number.POSITIVE_INFINITY, byActionId, { pages: 2, records: 100 });
	lastPage.take([action('a')], 'c1');
	expect(lastPage.take([action('b')], null, 'c1')).toEqual({ done: true });
	const records = new CursorRead(Number.POSITIVE_INFINITY, byActionId, { pages: 10, records: 2 });
	expect(records.take([action('a'), action('b')], 'c1')).toEqual({ next: 'c1' });
	expect(records.take([action('c')], null, 'c1')).toEqual({ refused: 'tooManyRecords', pages: 2, records: 3 });
});
