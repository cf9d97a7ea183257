// What the editor shows of the nodes, evaluated by n8n-workflow as the canvas evaluates it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { AffiliatePartnerApi } from '../../credentials/AffiliatePartnerApi.credentials';
import { ClickStatisticsApi } from '../../credentials/ClickStatisticsApi.credentials';
import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';
import { ClickReportTrigger } from '../../nodes/ClickReportTrigger/ClickReportTrigger.node';
import { CLICK_API, PARTNER_API } from '../../nodes/shared/transport/apis';
import { PACKAGE, nodeTypes } from '../harness/nodeTypes';

/** The canvas subtitle of a node with these parameters. */
function subtitleOf(type: string, nodeType: INodeType, parameters: Record<string, string>): unknown {
	const node: INode = { id: '1', name: 'Node', type: `${PACKAGE}.${type}`, typeVersion: 1, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, nodeType.description.subtitle as string, 'internal', {});
}

const optionsOf = (property: INodeProperties | undefined) => (property?.options ?? []) as INodePropertyOptions[];

describe('canvas subtitles in words, as the built-in nodes show them', () => {
	const partner = new AffiliatePartner();
	const resources = optionsOf(partner.description.properties.find((p) => p.name === 'resource'));
	const pairs = resources.flatMap((resource) =>
		optionsOf(
			partner.description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value)),
		).map((operation) => ({ resource, operation })),
	);

	test('every resource has operations to show', () => {
		expect(resources.length).toBe(15);
		expect(pairs.length).toBeGreaterThanOrEqual(29);
	});

	test.each(pairs.map(({ resource, operation }) => [`${operation.value}: ${resource.value}`, resource, operation] as const))(
		'Affiliate Partner, %s',
		(_label, resource, operation) => {
			const subtitle = subtitleOf('affiliatePartner', partner, { resource: String(resource.value), operation: String(operation.value) });
			expect(subtitle).toBe(`${operation.name}: ${resource.name}`);
		},
	);

	test('examples of what a user sees', () => {
		expect(subtitleOf('affiliatePartner', partner, { resource: 'lostOrder', operation: 'getMany' })).toBe('Get Many: Lost Order');
		expect(subtitleOf('affiliatePartner', partner, { resource: 'currency', operation: 'getRate' })).toBe('Get Exchange Rate: Currency');
		expect(subtitleOf('clickReport', new ClickReport(), { operation: 'getMany' })).toBe('Get Many: Click Item');
	});
});

describe('found by what users type', () => {
	// n8n's node search matches a node's display name and its codex aliases (the *.node.json files).
	const searchable = (folder: string, node: string) => {
		const codex = JSON.parse(readFileSync(join(__dirname, '../../nodes', folder, `${node}.node.json`), 'utf8')) as { alias: string[] };
		return [node.replace(/([a-z])([A-Z])/g, '$1 $2'), ...codex.alias].map((text) => text.toLowerCase());
	};
	const finds = (words: string[], query: string) => words.some((text) => text.includes(query));

	test.each([
		['admitad', 'AffiliatePartner', 'AffiliatePartner'],
		['exchange rate', 'AffiliatePartner', 'AffiliatePartner'],
		['currency', 'AffiliatePartner', 'AffiliatePartner'],
		['landing page', 'AffiliatePartner', 'AffiliatePartner'],
		['lost order', 'AffiliatePartner', 'AffiliatePartner'],
		['appeal', 'AffiliatePartner', 'AffiliatePartner'],
		['deeplink', 'AffiliatePartner', 'AffiliatePartner'],
		['affiliate link', 'AffiliatePartner', 'AffiliatePartner'],
		['coupon', 'AffiliatePartner', 'AffiliatePartner'],
		['promo code', 'AffiliatePartner', 'AffiliatePartner'],
		['conversion', 'AffiliatePartner', 'AffiliatePartner'],
		['affiliate link', 'ClickReport', 'ClickReport'],
		['coupon', 'ClickReport', 'ClickReport'],
		['merchant', 'ClickReport', 'ClickReport'],
		['takeads', 'ClickReport', 'ClickReport'],
		['clicks', 'ClickReport', 'ClickReport'],
		['takeads', 'ClickReportTrigger', 'ClickReportTrigger'],
		['clicks', 'ClickReportTrigger', 'ClickReportTrigger'],
	])('"%s" finds %s', (query, folder, node) => {
		expect(finds(searchable(folder, node), query)).toBe(true);
	});

	test('the credential picker finds the services by name', () => {
		expect(new AffiliatePartnerApi().displayName).toMatch(/Admitad/);
		expect(new ClickStatisticsApi().displayName).toMatch(/Takeads/);
	});

	test('the Click Report describes the report, not the trigger', () => {
		const report = new ClickReport().description.description;
		const trigger = new ClickReportTrigger().description.description;
		expect(report).not.toBe(trigger);
		expect(report).not.toMatch(/starts the workflow/i);
	});

	test("the node search's one entry for Click Report and its trigger describes both", () => {
		// n8n's editor merges a node with the trigger named like it plus "Trigger" into one search
		// entry and gives it the trigger's description (generateMergedNodesAndActions in editor-ui).
		const report = new ClickReport().description;
		const trigger = new ClickReportTrigger().description;
		expect(trigger.name.replace('Trigger', '')).toBe(report.name);
		expect(trigger.description).toMatch(/click report .*, conversions, merchants, affiliate links and coupons: get them/);
		expect(trigger.description).toMatch(/start a workflow when click items are new or updated, or a conversion is created or changes status/);
	});

	test("the node search's one entry for Affiliate Partner and its trigger describes both, with no count that goes stale", () => {
		const partner = new AffiliatePartner().description;
		const trigger = new AffiliatePartnerTrigger().description;
		expect(trigger.name.replace('Trigger', '')).toBe(partner.name);
		expect(trigger.description).toContain('conversions, reports, deeplinks, programs, coupons, lost orders, appeal claims, order status, landing pages and reference data');
		expect(trigger.description).not.toMatch(/\d/);
		expect(trigger.description).toMatch(/start a workflow when a conversion or a claim is created or changes status/);
	});
});

describe('one vocabulary across the nodes', () => {
	/** Every display name the panel shows for a parameter, nested options included. */
	function displayNames(properties: INodeProperties[]): string[] {
		return properties.flatMap((property) => [
			property.displayName,
			...displayNames(((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap((option) => ('displayName' in option ? [option] : (option.values ?? [])))),
		]);
	}
	const partnerNames = [...new AffiliatePartner().description.properties, ...new AffiliatePartnerTrigger().description.properties];
	const clickNames = [...new ClickReport().description.properties, ...new ClickReportTrigger().description.properties];

	test.each([
		['partner', PARTNER_API.fieldLabels!, displayNames(partnerNames)],
		['click', CLICK_API.fieldLabels!, displayNames(clickNames)],
	])('a field the %s service refuses is named as the panel shows it', (_api, labels, shown) => {
		for (const label of Object.values(labels)) expect(shown).toContain(label);
	});

	test('dates are <what> From and <what> To, a Sub ID is "Sub ID", a binary input is "Input Binary Field"', () => {
		const all = displayNames([...partnerNames, ...clickNames]);
		expect(all.filter((name) => /\b(Start|End) Date\b|SubID|Binary Property/.test(name))).toEqual([]);
		expect(all).toEqual(expect.arrayContaining(['Date From', 'Date To', 'Updated At From', 'Updated At To', 'Sub ID', 'Input Binary Field']));
	});
});
