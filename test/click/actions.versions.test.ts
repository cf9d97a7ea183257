/**
 * Click Report 1.2 adds the Resource (Click Item, Action); versions 1 and 1.1 keep their parameters
 * and output: their `resource` is hidden and always `click`, and a workflow saved with them runs
 * the click report as before.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { PACKAGE } from '../harness/nodeTypes';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential, runNode } from '../harness/run';
import { useActionSandbox } from './actionsFixture';

const report = new ClickReport();
const fixture = useActionSandbox();

/** Saved parameters of versions 1 and 1.1, and what n8n made of them before version 1.2 existed (defaults filled in). */
const SAVED: Array<[INodeParameters, INodeParameters]> = [
	[{}, { operation: 'getMany', periodNotice: '', returnAll: false, limit: 50, filters: {} }],
	[
		{ operation: 'getMany', returnAll: true, filters: { dateFrom: '2026-08-01', dateTo: '2026-11-27', merchantId: '12', subId: 'a', adSpaceId: 'x' } },
		{ operation: 'getMany', periodNotice: '', returnAll: true, filters: { adSpaceId: 'x', dateFrom: '2026-08-01', dateTo: '2026-11-27', merchantId: '12', subId: 'a' } },
	],
	[
		{ operation: 'getMany', limit: 7, filters: { updatedAtFrom: '2026-11-01T00:00:00Z', updatedAtTo: '2026-11-02T00:00:00Z' } },
		{ operation: 'getMany', periodNotice: '', returnAll: false, limit: 7, filters: { updatedAtFrom: '2026-11-01T00:00:00Z', updatedAtTo: '2026-11-02T00:00:00Z' } },
	],
];

function resolved(parameters: INodeParameters, typeVersion: number, withDefaults: boolean) {
	const node: INode = { id: '1', name: 'Click Report', type: `${PACKAGE}.clickReport`, typeVersion, position: [0, 0], parameters };
	return NodeHelpers.getNodeParameters(report.description.properties, parameters, withDefaults, false, node, report.description);
}

describe.each([1, 1.1])('Click Report %s', (typeVersion) => {
	test.each(SAVED)('saved as %j: the same parameters as before, with the hidden resource "click"', (saved, before) => {
		expect(resolved(saved, typeVersion, true)).toEqual({ resource: 'click', ...before });
		// What n8n saves (defaults left out) is what it saved before: the hidden resource is a default.
		expect(resolved(saved, typeVersion, false)).toEqual(resolved({ ...saved, resource: 'click' }, typeVersion, false));
		expect(resolved(saved, typeVersion, false)).not.toHaveProperty('resource');
	});

	test('a workflow saved with it runs the click report, item for item as version 1.2 with Click Item', async () => {
		const { sandbox } = fixture();
		const credentials = addCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey, maxRequestsPerSecond: 1000, maxRequestsPer5Minutes: UNLIMITED_WINDOW });
		const day = sandbox.clicks.all()[0].date;
		const parameters = { operation: 'getMany', returnAll: true, filters: { dateFrom: day, dateTo: day } };
		const saved = await runNode({ type: 'clickReport', typeVersion, parameters, credentials });
		expect(saved.error).toBeUndefined();
		expect(saved.items.length).toBeGreaterThan(0);
		expect(new Set(sandbox.requests.map((request) => request.path))).toEqual(new Set(['/v2/api/stats/click']));
		const newest = await runNode({ type: 'clickReport', typeVersion: 1.2, parameters: { resource: 'click', ...parameters }, credentials });
		expect(saved.items.map((item) => item.json as IDataObject)).toEqual(newest.items.map((item) => item.json as IDataObject));
	});
});

describe('Click Report 1.2', () => {
	test('a new node starts on the click items, as the node did before', () => {
		expect(report.description.defaultVersion).toBe(1.2);
		expect(resolved({}, 1.2, true)).toMatchObject({ resource: 'click', operation: 'getMany' });
	});

	test('the Resource offers Action, Click Item, Coupon, Link and Merchant; versions before 1.2 cannot reach them', () => {
		const shown = (typeVersion: number) =>
			report.description.properties.filter((property) => {
				const node: INode = { id: '1', name: 'n', type: `${PACKAGE}.clickReport`, typeVersion, position: [0, 0], parameters: {} };
				return property.name === 'resource' && NodeHelpers.displayParameter(resolved({}, typeVersion, true)!, property, node, report.description);
			});
		expect(shown(1.2).map((property) => [property.type, (property.options ?? []).map((option) => ('value' in option ? option.value : ''))])).toEqual([
			['options', ['action', 'click', 'coupon', 'link', 'merchant']],
		]);
		for (const typeVersion of [1, 1.1]) expect(shown(typeVersion).map((property) => property.type)).toEqual(['hidden']);
	});
});
