// The Click Report's notice "Without a period, the report covers today (UTC)." is shown only while
// it is true: no Date From, Date To or Updated At given. Evaluated by n8n-workflow's own display
// rule, as the panel evaluates it (on both n8n lines: `npm run test:v1` runs this file on 1.x);
// the end-to-end editor check (scripts/e2e/editorSmallThings.mjs) sees it in the real panel.
import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { PACKAGE } from '../harness/nodeTypes';

const clickReport = new ClickReport();
const notice = clickReport.description.properties.find((property) => property.name === 'periodNotice') as INodeProperties;

function noticeShown(filters: INodeParameters | undefined, typeVersion: number, resource?: string): boolean {
	const saved: INodeParameters = { ...(resource ? { resource } : {}), operation: 'getMany', ...(filters === undefined ? {} : { filters }) };
	const node: INode = { id: '1', name: 'Click Report', type: `${PACKAGE}.clickReport`, typeVersion, position: [0, 0], parameters: saved };
	// As the panel holds them: every default filled in, the hidden resource of versions before 1.2 too.
	const parameters = NodeHelpers.getNodeParameters(clickReport.description.properties, saved, true, false, node, clickReport.description)!;
	return NodeHelpers.displayParameter(parameters, notice, node, clickReport.description);
}

test('the notice is about the click items: the actions of Click Report 1.2 do not show it', () => {
	expect(noticeShown(undefined, 1.2, 'action')).toBe(false);
});

describe.each([1, 1.1, 1.2])('the period notice of Click Report %s', (typeVersion) => {
	test.each([
		['a new node (no filters)', true, undefined],
		['filters without a period', true, { merchantId: '12', subId: 'a' }],
		['Date From added and left empty', true, { dateFrom: '', dateTo: '' }],
		['Date From and Date To given', false, { dateFrom: '2026-08-01', dateTo: '2026-11-27' }],
		['Date From alone (refused when run, but no longer "today")', false, { dateFrom: '2026-08-01' }],
		['Date To alone', false, { dateTo: '2026-11-27' }],
		['the days as expressions', false, { dateFrom: '={{ $today.minus({ days: 7 }) }}', dateTo: '={{ $today }}' }],
		['the Updated At pair (items are then not filtered by day)', false, { updatedAtFrom: '2026-11-01T00:00:00Z', updatedAtTo: '2026-11-02T00:00:00Z' }],
	])('%s: shown %s', (_label, shown, filters) => {
		expect(notice).toBeDefined();
		expect(noticeShown(filters as INodeParameters | undefined, typeVersion)).toBe(shown);
	});
});
