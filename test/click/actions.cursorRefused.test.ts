/**
 * A cursor the click service refuses (HTTP 400 to a page asked with `next`, one that expired, say):
 * in Click Report → Action → Get Many and in the Click Report Trigger's conversion events, a
 * NodeApiError naming the request, the page and where its cursor came from, never retried, with
 * nothing output. The sandbox's expireCursor fault makes the cursor expire (docs/sandbox.md).
 */
import type { IDataObject } from 'n8n-workflow';

import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, createTrigger } from '../harness/run';
import { ACTIONS_PATH, actionRequests, readActions, sentQuery, useActionSandbox } from './actionsFixture';

const fixture = useActionSandbox();
const SERVICE_SAID = 'next: next must be a cursor from meta.next of an earlier page';
/** How the error shows a cursor: cut to 60 characters (the sandbox's are longer). */
const shown = (cursor: string) => `"${cursor.slice(0, 60)}…"`;
const cursorsSent = () => actionRequests(fixture()).map((request) => sentQuery(request).get('next'));

test.each([
	['the second page', 0, 2],
	['the third page', 1, 3],
])('a cursor refused on %s: an error naming the request and the page, nothing output, the 400 not retried', async (_label, skip, page) => {
	fixture().sandbox.injectFault({ kind: 'expireCursor', skip, count: 1 });
	const result = await readActions(fixture(), { returnAll: true });

	expect(result.items).toHaveLength(0);
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.httpCode).toBe('400');
	const cursors = cursorsSent();
	expect(cursors).toHaveLength(page);
	expect(cursors[0]).toBeNull();
	const refused = cursors[page - 1] as string;
	expect(refused.length).toBeGreaterThan(60);
	expect(result.error?.message).toBe(
		`GET ${ACTIONS_PATH} refused page ${page}, asked with the cursor ${shown(refused)} from "meta.next" of page ${page - 1} (HTTP 400): ${SERVICE_SAID}`,
	);
	expect(result.error?.description).toBe(
		"The service no longer takes that cursor: it may have expired. Nothing was output, so that no record is missing or doubled. Run the workflow again (a trigger's next poll does): a new read starts at the first page, without a cursor.",
	);
	// Asked once: the page after a refused cursor is never tried again with it.
	expect(actionRequests(fixture()).map((request) => request.status)).toEqual([...Array<number>(page - 1).fill(200), 400]);
});

test('run again, the read starts without a cursor and outputs every action once', async () => {
	const { sandbox, client } = fixture();
	sandbox.injectFault({ kind: 'expireCursor', count: 1 });
	expect((await readActions(fixture(), { returnAll: true })).error?.httpCode).toBe('400');
	sandbox.resetRequests();
	const before = await client.actions<IDataObject>('click');
	const again = await readActions(fixture(), { returnAll: true });
	const after = new Set((await client.actions<IDataObject>('click')).map((action) => String(action.actionId)));
	expect(again.error).toBeUndefined();
	const ids = again.items.map((item) => String(item.json.actionId));
	expect(new Set(ids).size).toBe(ids.length);
	// Every action there for the whole read, and none that never was.
	expect(before.map((action) => String(action.actionId)).filter((id) => !ids.includes(id))).toEqual([]);
	expect(ids.filter((id) => !after.has(id))).toEqual([]);
	expect(cursorsSent()[0]).toBeNull();
	expect(actionRequests(fixture()).every((request) => request.status === 200)).toBe(true);
});

test('a 400 to the first page, asked without a cursor, still names the parameter to fix', async () => {
	// The node checks every filter before it sends one, so the first page is refused here by a
	// redirect (same origin, followed) to a page of a status the service does not take. (A 400
	// naming limit alone is a page size refused, asked again at 100: cursorPageSize.test.ts.)
	fixture().sandbox.injectFault({ kind: 'redirect', api: 'click', pathPrefix: ACTIONS_PATH, location: `${ACTIONS_PATH}?limit=500&status=NOPE`, count: 1 });
	const result = await readActions(fixture(), { returnAll: true });
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toMatch(/^The service refused "Status": status must be one of PENDING, /);
	expect(result.error?.description).toBe(`Fix "Status" and run the node again (sent as status in GET ${ACTIONS_PATH}).`);
	expect(actionRequests(fixture()).map((request) => request.status)).toEqual([302, 400]);
});

test('the Click Report Trigger: a poll whose cursor is refused emits nothing and fails naming the page; the next poll emits every change once', async () => {
	const { sandbox, client } = fixture();
	const credentials = addCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey, maxRequestsPerSecond: 1000, maxRequestsPer5Minutes: UNLIMITED_WINDOW });
	const trigger = createTrigger({ events: ['conversionCreated', 'conversionStatusChanged'] }, credentials, {}, 'clickReportTrigger', 1.2);
	expect(await trigger.poll()).toBeNull();
	// More new conversions than a page of 500 holds: the poll's read needs a second page.
	const made = await client.createActions<IDataObject>('click', Array.from({ length: 600 }, () => ({})));

	sandbox.resetRequests();
	sandbox.injectFault({ kind: 'expireCursor', count: 1 });
	await expect(trigger.poll()).rejects.toMatchObject({
		name: 'NodeApiError',
		httpCode: '400',
		message: expect.stringMatching(new RegExp(`^GET ${ACTIONS_PATH} refused page 2, asked with the cursor ".{60}…" from "meta.next" of page 1 \\(HTTP 400\\)`)),
	});

	const events = (await trigger.poll())?.[0].map((item) => item.json) ?? [];
	const created = events.filter((event) => event.event === 'conversionCreated').map((event) => String(event.actionId));
	expect(created.sort()).toEqual(made.map((action) => String(action.actionId)).sort());
	expect(new Set(events.map((event) => String(event.eventKey))).size).toBe(events.length);
});
