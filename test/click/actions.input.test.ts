/** Click Report → Action → Get Many: bad input is refused before any request, every invalid field named at once. */
import { actionRequests, readActions, useActionSandbox } from './actionsFixture';

const fixture = useActionSandbox();

test('a bad date, a range whose From is after its To, an unknown status, a bad ad space and merchant: each named, nothing sent', async () => {
	const result = await readActions(fixture(), {
		returnAll: true,
		filters: {
			createdAtFrom: 'yesterday',
			updatedAtFrom: '2026-11-20T10:00:00Z',
			updatedAtTo: '2026-11-20T09:00:00Z',
			status: '={{ "DECLINED" }}',
			adSpaceId: 'not-a-uuid',
			merchantId: '12a',
		},
	});
	expect(result.error?.name).toBe('NodeOperationError');
	expect(result.error?.message).toBe('Invalid "Ad Space ID": "not-a-uuid" is not a UUID version 4 (and 4 more: see below)');
	expect(result.error?.description?.split('\n')).toEqual([
		'Invalid "Ad Space ID": "not-a-uuid" is not a UUID version 4',
		'Invalid "Merchant ID": must be a whole number (0 for unidentified merchants), got "12a"',
		'Invalid "Created At From": "yesterday" is not a date-time',
		'Invalid "Updated At To": 2026-11-20T09:00:00.000Z is before Updated At From 2026-11-20T10:00:00.000Z',
		'Invalid "Status": "DECLINED" is not one of PENDING, CONFIRMED, CANCELED, SETTLED',
	]);
	expect(actionRequests(fixture())).toHaveLength(0);
	expect(fixture().sandbox.requests).toHaveLength(0);
});

test.each([
	['an impossible day', { createdAtTo: '2026-02-31T00:00:00Z' }, 'Created At To'],
	['a date-time given as a number', { updatedAtTo: '={{ 1732000000 }}' }, 'Updated At To'],
	['a status in lower case', { status: '={{ "confirmed" }}' }, 'Status'],
])('%s is refused naming its field, nothing sent', async (_label, filters, field) => {
	const result = await readActions(fixture(), { returnAll: true, filters });
	expect(result.error?.name).toBe('NodeOperationError');
	expect(result.error?.message).toMatch(new RegExp(`^Invalid "${field}": `));
	expect(fixture().sandbox.requests).toHaveLength(0);
});

test('a Limit of 0 is refused with the filters, nothing sent', async () => {
	const result = await readActions(fixture(), { returnAll: false, limit: 0, filters: { status: '={{ "DECLINED" }}' } });
	expect(result.error?.message).toContain('Limit must be a whole number of at least 1');
	expect(result.error?.description).toContain('Invalid "Status": "DECLINED" is not one of');
	expect(fixture().sandbox.requests).toHaveLength(0);
});
