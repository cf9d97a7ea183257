/**
 * Click Report → Action → Get Many: an answer that breaks the endpoint's promise, or a cursor that
 * leads back where the read has been, is a readable NodeApiError naming the request, never data.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ACTIONS_PATH, actionRequests, readActions, sentQuery, useActionSandbox } from './actionsFixture';

const fixture = useActionSandbox();
const onActions = { kind: 'body', api: 'click', pathPrefix: ACTIONS_PATH } as const;

test('a cursor that repeats one already sent is an error naming the request, after two pages, not an endless read', async () => {
	const { client, sandbox } = fixture();
	// A cursor the service really gave: sent again, it is answered, and the fault gives it once more.
	const { meta } = await client.click<{ meta: { next: string } }>({ limit: 500 }, ACTIONS_PATH);
	sandbox.resetRequests();
	sandbox.injectFault({ ...onActions, body: 'set', key: 'meta.next', value: meta.next, count: 2 });
	const result = await readActions(fixture(), { returnAll: true });
	expect(result.items).toHaveLength(0);
	expect(result.error?.name).toBe('NodeApiError');
	// A long cursor is shown cut to 60 characters.
	expect(result.error?.message).toContain(`GET ${ACTIONS_PATH} answered page 2 with the cursor "${meta.next.slice(0, 60)}`);
	expect(result.error?.message).toContain('in "meta.next", one the read had already sent: following it would read the same pages again without end');
	expect(result.error?.description).toContain('Nothing was output');
	const pages = actionRequests(fixture()).map(sentQuery);
	expect(pages.map((query) => query.get('next'))).toEqual([null, meta.next]);
});

test.each([
	['a page without its data list', { body: 'drop', key: 'data' }, {}, 'it has no "data" list'],
	['a next that is not text', { body: 'set', key: 'meta.next', value: 42 }, {}, '"meta.next" is 42, not a cursor (text) or null'],
	['an action in another status than the filter', { body: 'set', key: 'data.0.status', value: 'CANCELED' }, { status: 'PENDING' }, 'data[0] has "status" "CANCELED", where the Status filter asked for "PENDING"'],
	[
		'an action changed before the range asked for',
		{ body: 'set', key: 'data.0.updatedAt', value: '2020-01-01T00:00:00.000Z' },
		{ updatedAtFrom: '2021-01-01T00:00:00Z' },
		'data[0] has "updatedAt" "2020-01-01T00:00:00.000Z", before Updated At From (2021-01-01T00:00:00.000Z)',
	],
	['an action of another Sub ID', { body: 'set', key: 'data.0.subId', value: 'elsewhere' }, { subId: 'newsletter' }, 'data[0] has "subId" "elsewhere", where the Sub ID filter asked for "newsletter"'],
	['an actionId that is a number (the deprecated v1 ID)', { body: 'set', key: 'data.0.actionId', value: 7000001 }, {}, 'data[0] has no "actionId" as text (it is 7000001)'],
	['a status that is none of the four', { body: 'set', key: 'data.0.status', value: 'DECLINED' }, {}, 'data[0] has "status" "DECLINED", not one of PENDING, CONFIRMED, CANCELED, SETTLED'],
	['an action without updatedAt', { body: 'set', key: 'data.0.updatedAt', value: null }, {}, 'data[0] has no "updatedAt" date-time (it is null)'],
])('%s is an error naming the request, after the retries, with nothing output', async (_label, fault, filters, problem) => {
	fixture().sandbox.injectFault({ ...onActions, ...fault } as never);
	const result = await readActions(fixture(), { returnAll: true, filters: filters as INodeParameters });
	expect(result.items).toHaveLength(0);
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.message).toBe(`GET ${ACTIONS_PATH} answered HTTP 200, but not with a page of actions: ${problem} (5 attempts)`);
	expect(actionRequests(fixture())).toHaveLength(5);
});

test.each([
	['an HTML page with status 200', 'html'],
	['a body cut off halfway', 'truncated'],
])('%s is an error naming the request', async (_label, body) => {
	fixture().sandbox.injectFault({ ...onActions, body: body as 'html' });
	const result = await readActions(fixture(), { returnAll: false, limit: 10 });
	expect(result.items).toHaveLength(0);
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.message).toMatch(new RegExp(`^GET ${ACTIONS_PATH} answered HTTP 200 with .* instead of a page of actions \\(5 attempts\\)$`));
});

test('a broken page that the service answers right on a retry costs nothing but the retry', async () => {
	fixture().sandbox.injectFault({ ...onActions, body: 'truncated', skip: 1, count: 1 });
	const result = await readActions(fixture(), { returnAll: true });
	expect(result.error).toBeUndefined();
	const ids = result.items.map((item) => String(item.json.actionId));
	expect(new Set(ids).size).toBe(ids.length);
	expect(ids.length).toBe((await fixture().client.actions('click')).length);
});
