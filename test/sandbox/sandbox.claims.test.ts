// Deciding claims through the control endpoint (docs/sandbox.md).
import { startSandbox, type Sandbox } from '../../sandbox/server';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ seed: 3 });
});
afterAll(async () => sandbox.close());

const decide = async (list: string, id: number | string, body: unknown) => {
	const response = await fetch(`${sandbox.partnerUrl}/_sandbox/claims/${list}/${id}`, {
		method: 'PATCH',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const readList = async (path: string, query: string) => {
	const response = await fetch(`${sandbox.partnerUrl}${path}?${query}`, { headers: { Authorization: `Bearer ${sandbox.accessToken}` } });
	return ((await response.json()) as { results: Array<Record<string, unknown>> }).results;
};

test('a lost order decided over the control endpoint shows in the service\'s lists', async () => {
	const open = sandbox.data.lostOrders.find((claim) => claim.status === 'processing')!;
	const decided = await decide('lost_orders', open.id, { status: 'rejected', reject_reason: 'Order cancelled', appeal_status: 'resolved' });
	expect(decided).toEqual({ status: 200, body: expect.objectContaining({ id: open.id, status: 'rejected', reject_reason: 'Order cancelled', appeal_status: 'resolved' }) });
	const rejected = await readList('/lost_orders/', 'status=rejected&limit=500');
	expect(rejected.find((claim) => claim.id === open.id)).toMatchObject({ status: 'rejected', reject_reason: 'Order cancelled' });
});

test('an appeal claim is decided likewise', async () => {
	const open = sandbox.data.appeals.find((claim) => claim.status === 'processing')!;
	expect((await decide('appeals', open.id, { status: 'accepted', reward: '3.20' })).body).toMatchObject({ status: 'accepted', reward: '3.20' });
});

test.each([
	['lost_orders', { status: 'declined' }, 400, 'status must be one of accepted, processing, rejected'],
	['lost_orders', { appeal_status: 'closed' }, 400, 'appeal_status must be one of resolved, processing'],
	['lost_orders', { order_price: 1 }, 400, 'only status, appeal_status, reject_reason, reject_comment, reward can be set, not order_price'],
	['appeals', { reject_reason: 'x' }, 400, 'appeal claims have no reject_reason or reject_comment (spec 2.2)'],
])('%s %j is refused', async (list, body, status, error) => {
	const id = list === 'lost_orders' ? sandbox.data.lostOrders[0].id : sandbox.data.appeals[0].id;
	expect(await decide(list, id, body)).toEqual({ status, body: { error } });
});

test('an unknown claim is a 404', async () => {
	expect(await decide('lost_orders', 1, { status: 'accepted' })).toEqual({ status: 404, body: { error: 'no lost order 1' } });
});
