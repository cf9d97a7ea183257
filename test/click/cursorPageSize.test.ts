/**
 * A click service that refuses pages of 500 on its cursor lists (the record shows that maximum for
 * merchants only; facts sections 9, 11 and 13), played by the sandbox's cursorLimitMax: through
 * n8n-core, the first page is asked again at the documented default of 100, every record comes once,
 * and the account's next read asks for 100 at once. A 400 about `limit` to a page of 100 or fewer is
 * an error naming it (docs/nodes.md, Click Report).
 */
import type { IDataObject } from 'n8n-workflow';

import { refusesPageSizeOnly } from '../../nodes/shared/transport/cursorPageSize';
import { SandboxClient } from '../../sandbox/client';
import { useSandbox } from '../harness/sandboxFixture';
import { COUPONS_PATH, MERCHANTS_PATH, everyRecord, requestsTo, runClick, sentQuery } from './monetizeFixture';

const ACTIONS_PATH = '/v3/api/stats/action';
const sandbox = useSandbox({ clickItems: 100, clickDays: 5 }, { latencyMs: 0, rateLimits: false, cursorLimitMax: 100 });
const limitsAsked = (path: string) => requestsTo(sandbox(), path).map((request) => sentQuery(request).get('limit'));
const statusesOf = (path: string) => requestsTo(sandbox(), path).map((request) => request.status);

test.each([
	['coupon', COUPONS_PATH],
	['merchant', MERCHANTS_PATH],
])('%s → Get Many, Return All: the page of 500 refused, asked again at 100, every record once; the next read asks 100 at once', async (resource, path) => {
	sandbox().configure({ cursorLimitMax: 500 });
	const truth = await everyRecord(sandbox(), path);
	sandbox().configure({ cursorLimitMax: 100 });
	sandbox().resetRequests();

	const first = await runClick(sandbox(), resource, 'getMany', { returnAll: true });
	expect(first.error).toBeUndefined();
	expect(first.items.map((item) => item.json)).toEqual(truth);
	const pages = Math.ceil(truth.length / 100);
	expect(pages).toBeGreaterThan(5);
	expect(limitsAsked(path)).toEqual(['500', ...Array(pages).fill('100')]);
	expect(statusesOf(path)).toEqual([400, ...Array(pages).fill(200)]);
	// Asked again without a cursor: the refused page was the first.
	expect(requestsTo(sandbox(), path).slice(0, 2).map((request) => sentQuery(request).has('next'))).toEqual([false, false]);

	sandbox().resetRequests();
	const again = await runClick(sandbox(), resource, 'getMany', { returnAll: false, limit: 250 });
	expect(again.items.map((item) => item.json)).toEqual(truth.slice(0, 250));
	expect(limitsAsked(path)).toEqual(['100', '100', '50']);
});

test('Action → Get Many, Return All: every action once, in pages of 100 after the refused one', async () => {
	const client = new SandboxClient(sandbox());
	const before = await client.actions<IDataObject>('click');
	const result = await runClick(sandbox(), 'action', 'getMany', { returnAll: true });
	expect(result.error).toBeUndefined();
	const ids = result.items.map((item) => String(item.json.actionId));
	expect(new Set(ids).size).toBe(ids.length);
	expect(before.map((action) => String(action.actionId)).filter((id) => !ids.includes(id))).toEqual([]);
	const asked = limitsAsked(ACTIONS_PATH);
	expect(asked[0]).toBe('500');
	expect(asked.slice(1)).toEqual(asked.slice(1).map(() => '100'));
	expect(asked.length - 1).toBe(Math.ceil(ids.length / 100));
});

test('a 400 about limit to a page of 100 or fewer is not asked again: an error naming limit, one request', async () => {
	sandbox().configure({ cursorLimitMax: 50 });
	const result = await runClick(sandbox(), 'coupon', 'getMany', { returnAll: false, limit: 80 });
	expect(result.items).toHaveLength(0);
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.httpCode).toBe('400');
	expect(result.error?.message).toBe('The service refused "limit": limit must be an integer between 1 and 50');
	expect(limitsAsked(COUPONS_PATH)).toEqual(['80']);
});

describe('refusesPageSizeOnly: which 400 is asked again at 100', () => {
	const failure = (body: unknown) => ({ method: 'GET', path: '/v1/product/monetize-api/v1/coupon', status: 400, body, attempts: 1 });
	const clickError = (...properties: string[]) => ({ errors: properties.map((property) => ({ status: '400', title: `${property} is wrong`, code: '1000', meta: { property } })) });
	test.each([
		['limit alone, asked 500', clickError('limit'), 500, true],
		['limit twice, asked 101', clickError('limit', 'limit'), 101, true],
		['limit alone, asked 100: the default itself', clickError('limit'), 100, false],
		['limit alone, asked 80 by a Limit', clickError('limit'), 80, false],
		['limit and a filter', clickError('limit', 'updatedAtFrom'), 500, false],
		['a filter alone', clickError('isActive'), 500, false],
		['an error naming no field', { errors: [{ status: '400', title: 'Bad request' }] }, 500, false],
		['no problem at all', { errors: [] }, 500, false],
		['an HTML page', '<html><title>400 Bad Request</title></html>', 500, false],
		['an empty body', '', 500, false],
	])('%s', (_label, body, asked, expected) => {
		expect(refusesPageSizeOnly(failure(body), asked)).toBe(expected);
	});
});
