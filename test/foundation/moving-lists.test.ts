// Return All while the list moves under it (docs/sandbox.md: fault kind "shift"): records
// removed or inserted ahead of the read position between pages, as when claims are accepted
// during a read of status=processing. Every record that was in the list for the whole read is
// output exactly once, or the run fails naming what moved. Through n8n-core against the sandbox.
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import { overlappingPages } from '../harness/pages';
import { useSandbox } from '../harness/sandboxFixture';
import { runNode, type NodeRun } from '../harness/run';
import { clickCredential, partnerCredential } from './helpers';

const sandboxOf = useSandbox({ clickItems: 4000, clickDays: 3 }, { partnerLimitCap: 100, latencyMs: 0 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

const partner = (parameters: INodeParameters) =>
	runNode({ type: 'affiliatePartner', parameters, credentials: partnerCredential(sandbox, { maxRequestsPerSecond: 20 }) });
const idsOf = (result: NodeRun) => result.items.map((item) => Number(item.json.id));
const processing = () => sandbox.data.lostOrders.filter((order) => order.status === 'processing').map((order) => order.id);
const readProcessing = () =>
	partner({ resource: 'lostOrder', operation: 'getMany', returnAll: true, filters: { status: 'processing' } });

/** Each record that was in the list before and after the read is in the output exactly once. */
function expectEveryStayingRecordOnce(output: number[], before: number[], after: number[]) {
	expect(new Set(output).size).toBe(output.length);
	const staying = before.filter((id) => after.includes(id));
	const missing = staying.filter((id) => !output.includes(id));
	expect(missing).toEqual([]);
	for (const id of output) expect(before.includes(id) || after.includes(id)).toBe(true);
}

describe('partner lists that move while they are read', () => {
	test('10 claims leave the list ahead of the read position after the 2nd page: read again, none slips past', async () => {
		const before = processing();
		expect(before.length).toBeGreaterThan(300); // four pages and more
		sandbox.injectFault({ kind: 'shift', action: 'remove', records: 10, pathPrefix: '/lost_orders/', skip: 1, count: 1 });
		const result = await readProcessing();
		expect(result.error).toBeUndefined();
		const after = processing();
		expect(after).toHaveLength(before.length - 10);
		expectEveryStayingRecordOnce(idsOf(result), before, after);
		expect(idsOf(result)).toEqual(after);
		// The shift was seen at an overlap, and the list was read again from its first page.
		expect(sandbox.requests.filter((request) => request.query.offset[0] === '0')).toHaveLength(2);
	});

	test('10 claims inserted ahead of the read position: read again, every claim once', async () => {
		const before = processing();
		sandbox.injectFault({ kind: 'shift', action: 'insert', records: 10, pathPrefix: '/lost_orders/', skip: 2, count: 1 });
		const result = await readProcessing();
		expect(result.error).toBeUndefined();
		expectEveryStayingRecordOnce(idsOf(result), before, processing());
		expect(idsOf(result)).toEqual(processing());
	});

	test('appeal claims moving during a read with a limit: the first N of the list as it stands, once each', async () => {
		sandbox.injectFault({ kind: 'shift', action: 'remove', records: 3, pathPrefix: '/appeals/', skip: 1, count: 1 });
		const result = await partner({ resource: 'appeal', operation: 'getMany', limit: 250 });
		expect(result.error).toBeUndefined();
		expect(idsOf(result)).toEqual(sandbox.data.appeals.slice(0, 250).map((appeal) => appeal.id));
	});

	test('a list that keeps moving fails after three reads, naming the list and what moved; nothing is output', async () => {
		sandbox.injectFault({ kind: 'shift', action: 'remove', records: 1, pathPrefix: '/lost_orders/', query: { offset: '99' } });
		const result = await readProcessing();
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(
			// Removed records show as a later page counting fewer than the first, or as pages that no longer meet.
			/^The list GET \/lost_orders\/ kept changing while it was read \(3 reads\): (the page at offset \d+ counted \d+ records where the first page counted \d+|records were added or removed ahead of offset \d+ between the reads of the pages at offsets \d+ and \d+)$/,
		);
		expect(result.error?.description).toMatch(/Nothing was output.*Narrow the filters.*or run the node again/);
		expect(sandbox.requests.filter((request) => request.query.offset[0] === '0')).toHaveLength(3);
	});

	test('when nothing moves, the proof costs no request beyond the overlapping pages', async () => {
		const before = processing();
		const result = await readProcessing();
		expect(idsOf(result)).toEqual(before);
		expect(sandbox.requests).toHaveLength(overlappingPages(before.length, 100, 500).length);
		expect(sandbox.requests.length).toBeLessThanOrEqual(Math.ceil(before.length / 100) + 1);
	});
});

describe('click report that moves while it is read', () => {
	const period = () => {
		const days = [...new Set(sandbox.clicks.all().map((item) => item.date))].sort();
		return { dateFrom: days[0], dateTo: days.at(-1)! };
	};
	const report = () =>
		runNode({
			type: 'clickReport',
			parameters: { operation: 'getMany', returnAll: true, filters: period() },
			credentials: clickCredential(sandbox),
		});

	// An update moves an item above the pin, out of the later pages: their total drops and the
	// report is read again. An insert lands above the pin too, and the pinned pages never see it.
	test.each([
		['updated', 'update' as const, 2],
		['inserted', 'insert' as const, 1],
	])('items %s between pages: every item once', async (_name, action, firstPageReads) => {
		const { dateFrom, dateTo } = period();
		const inPeriod = () =>
			sandbox.clicks
				.all()
				.filter((item) => item.date >= dateFrom && item.date <= dateTo)
				.map((item) => item.id);
		const before = inPeriod();
		sandbox.injectFault({ kind: 'shift', action, records: 25, api: 'click', skip: 2, count: 1 });
		const result = await report();
		expect(result.error).toBeUndefined();
		const ids = result.items.map((item) => String(item.json.id));
		expect(new Set(ids).size).toBe(ids.length);
		expect(before.filter((id) => !ids.includes(id))).toEqual([]);
		const after = new Set(inPeriod());
		expect(ids.filter((id) => !after.has(id))).toEqual([]);
		expect(sandbox.requests.filter((request) => request.query.offset[0] === '0')).toHaveLength(firstPageReads);
	});

	// Today's clicks counted again leave the pages pinned to the first page's newest updatedAt, so
	// the later pages start further down. With a limit the last page read is still full: only its
	// total shows the shift. Without that check, 25 items would slip past at the page boundary.
	test('the newest items updated after the first page of a read with a limit: the first N of the report as it stands, once each', async () => {
		const { dateFrom, dateTo } = period();
		sandbox.injectFault({ kind: 'shift', action: 'updateNewest', records: 25, api: 'click', count: 1 });
		const result = await runNode({
			type: 'clickReport',
			parameters: { operation: 'getMany', returnAll: false, limit: 1000, filters: { dateFrom, dateTo } },
			credentials: clickCredential(sandbox),
		});
		expect(result.error).toBeUndefined();
		// Spec 7 (click report): newest updatedAt first, ties by id.
		const current = sandbox.clicks
			.all()
			.filter((item) => item.date >= dateFrom && item.date <= dateTo)
			.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id))
			.map((item) => item.id);
		expect(result.items.map((item) => String(item.json.id))).toEqual(current.slice(0, 1000));
		expect(sandbox.requests.filter((request) => request.query.offset[0] === '0')).toHaveLength(2);
	});

	test('a report that keeps moving fails after three reads, and says so', async () => {
		sandbox.injectFault({ kind: 'shift', action: 'update', records: 5, api: 'click', query: { offset: '500' } });
		const result = await report();
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/^The click report kept changing while it was read \(3 reads\): /);
	});
});
