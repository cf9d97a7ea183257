/** Click Report → Action → Get Many: every action once over the cursor, a Limit, the filters as the service takes them, actions that move while read. */
import type { IDataObject } from 'n8n-workflow';

import { actionIds, actionRequests, CREATED_ACTIONS, readActions, sentQuery, useActionSandbox } from './actionsFixture';

const fixture = useActionSandbox();
/** Only the created actions, which nothing seeded changes while a test reads them. */
const createdOnly = () => ({ createdAtFrom: fixture().created.from, createdAtTo: fixture().created.to });
const byId = (actions: IDataObject[]) => new Map(actions.map((action) => [String(action.actionId), action]));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Return All and Limit over the meta.next cursor', () => {
	test('Return All over several pages outputs every action once, as the service sends it', async () => {
		const { client } = fixture();
		const before = await client.actions<IDataObject>('click');
		const result = await readActions(fixture(), { returnAll: true });
		const after = await client.actions<IDataObject>('click');
		expect(result.error).toBeUndefined();

		const ids = actionIds(result.items);
		expect(ids.length).toBeGreaterThanOrEqual(before.length);
		expect(new Set(ids).size).toBe(ids.length);
		const [read, beforeById, afterById] = [new Set(ids), byId(before), byId(after)];
		// Every action there for the whole read is read; none that never was.
		expect([...beforeById.keys()].filter((id) => !read.has(id))).toEqual([]);
		expect(ids.filter((id) => !afterById.has(id))).toEqual([]);
		for (const item of result.items) {
			const id = String(item.json.actionId);
			if (JSON.stringify(beforeById.get(id)) === JSON.stringify(afterById.get(id))) expect(item.json).toEqual(afterById.get(id));
			expect(item.pairedItem).toEqual({ item: 0 });
		}

		// Pages of 500, each after the first with the cursor of the page before, none sent twice.
		const pages = actionRequests(fixture()).map(sentQuery);
		expect(pages.length).toBe(Math.ceil(ids.length / 500));
		expect(pages.length).toBeGreaterThanOrEqual(4);
		expect(pages.map((query) => query.get('limit'))).toEqual(pages.map(() => '500'));
		expect(pages[0].has('next')).toBe(false);
		const cursors = pages.slice(1).map((query) => query.get('next'));
		expect(cursors.every((cursor) => typeof cursor === 'string' && cursor !== '')).toBe(true);
		expect(new Set(cursors).size).toBe(cursors.length);
	});

	test('a Limit returns exactly that many, in the service order, asking for no more than it needs', async () => {
		const { client, created } = fixture();
		const truth = (await client.actions<IDataObject>('click')).filter((action) => created.ids.includes(String(action.actionId)));
		const seven = await readActions(fixture(), { returnAll: false, limit: 7, filters: createdOnly() });
		expect(actionIds(seven.items)).toEqual(actionIds(truth.slice(0, 7).map((json) => ({ json }))));
		expect(actionRequests(fixture()).map((request) => sentQuery(request).get('limit'))).toEqual(['7']);

		fixture().sandbox.resetRequests();
		const many = await readActions(fixture(), { returnAll: false, limit: 750, filters: createdOnly() });
		expect(actionIds(many.items)).toEqual(actionIds(truth.slice(0, 750).map((json) => ({ json }))));
		expect(actionRequests(fixture()).map((request) => sentQuery(request).get('limit'))).toEqual(['500', '250']);
	});

	test('a Limit beyond what matches returns all there is and stops on a null next', async () => {
		const result = await readActions(fixture(), { returnAll: false, limit: 5_000, filters: createdOnly() });
		expect(result.items).toHaveLength(CREATED_ACTIONS);
		expect(actionRequests(fixture())).toHaveLength(3);
	});
});

describe('filters', () => {
	test('each filter goes out as the service names and writes it, and every action returned answers it', async () => {
		const { client, created } = fixture();
		const all = await client.actions<IDataObject>('click');
		const sample = all.find((action) => created.ids.includes(String(action.actionId)) && action.subId !== null) as IDataObject;
		const createdAt = Date.parse(String(sample.createdAt));
		// An offset of +02:00 and a day without a time: both sent as ISO 8601 in UTC with milliseconds.
		const local = new Date(createdAt - 60_000 + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
		const result = await readActions(fixture(), {
			returnAll: true,
			filters: {
				status: 'PENDING',
				subId: String(sample.subId),
				adSpaceId: String(sample.adspaceId).toUpperCase(),
				merchantId: String(sample.merchantId),
				createdAtFrom: local,
				createdAtTo: created.to,
				updatedAtFrom: '2020-01-01',
				updatedAtTo: '2099-12-31T23:59:59Z',
			},
		});
		expect(result.error).toBeUndefined();
		const sent = sentQuery(actionRequests(fixture())[0]);
		expect(Object.fromEntries(sent)).toEqual({
			limit: '500',
			status: 'PENDING',
			subId: String(sample.subId),
			adspaceId: String(sample.adspaceId).toUpperCase(),
			merchantId: String(sample.merchantId),
			createdAtFrom: new Date(createdAt - 60_000).toISOString(),
			createdAtTo: created.to,
			updatedAtFrom: '2020-01-01T00:00:00.000Z',
			updatedAtTo: '2099-12-31T23:59:59.000Z',
		});
		const expected = all.filter(
			(action) =>
				action.status === 'PENDING' &&
				action.subId === sample.subId &&
				action.adspaceId === sample.adspaceId &&
				action.merchantId === sample.merchantId &&
				Date.parse(String(action.createdAt)) >= createdAt - 60_000 &&
				String(action.createdAt) <= created.to,
		);
		expect(actionIds(result.items)).toEqual(actionIds(expected.map((json) => ({ json }))));
		expect(actionIds(result.items)).toContain(String(sample.actionId));
	});

	test('the status filter: only the actions in that status', async () => {
		const { client, created } = fixture();
		const confirmed = created.ids.slice(0, 3);
		await client.changeActions('click', confirmed.map((id) => ({ id, status: 'CONFIRMED' })));
		const result = await readActions(fixture(), { returnAll: true, filters: { ...createdOnly(), status: 'CONFIRMED' } });
		expect(result.error).toBeUndefined();
		expect(actionIds(result.items).sort()).toEqual([...confirmed].sort());
		expect(result.items.every((item) => item.json.status === 'CONFIRMED')).toBe(true);
		expect(sentQuery(actionRequests(fixture())[0]).get('status')).toBe('CONFIRMED');
	});
});

describe('actions that change while they are read', () => {
	test('an action updated between two page reads is output once, in its newest status, at its new place', async () => {
		const { client, created } = fixture();
		const truth = (await client.actions<IDataObject>('click')).filter((action) => created.ids.includes(String(action.actionId)));
		const moved = truth.find((action) => action.status === 'PENDING') as IDataObject;
		expect(truth.indexOf(moved)).toBeLessThan(500);
		// Two requests a second: the second page leaves half a second after the first.
		const reading = readActions(fixture(), { returnAll: true, filters: createdOnly() }, { rate: 2 });
		while (!actionRequests(fixture())[0]?.status) await sleep(5);
		expect(actionRequests(fixture())).toHaveLength(1);
		// The first page, answered, holds the action; now it changes, and the cursor will meet it again.
		await client.changeAction('click', String(moved.actionId), { status: 'CANCELED' });
		const result = await reading;
		expect(result.error).toBeUndefined();

		const ids = actionIds(result.items);
		expect(ids).toHaveLength(CREATED_ACTIONS);
		expect(new Set(ids).size).toBe(CREATED_ACTIONS);
		const outputs = result.items.filter((item) => item.json.actionId === moved.actionId);
		expect(outputs).toHaveLength(1);
		expect(outputs[0].json.status).toBe('CANCELED');
		expect(ids[ids.length - 1]).toBe(moved.actionId);
		expect(actionRequests(fixture()).every((request) => request.status === 200)).toBe(true);
	});
});
