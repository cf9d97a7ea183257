// Which field the panel shows for an ad space's or a program's ID, per version of the Affiliate
// Partner node and its trigger: text before the dropdowns (as saved workflows have it), a
// dropdown loaded from the service after, never both. Decided by n8n's own display rules
// (NodeHelpers.displayParameter, `@version` included) on the nodes' descriptions.
import type { INode, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';

const partner = new AffiliatePartner().description;
const trigger = new AffiliatePartnerTrigger().description;
const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

/** Every property the panel shows at `path` (`name` or `collection.name`) for these parameters and version. */
function shownAt(description: INodeTypeDescription, typeVersion: number, parameters: INodeParameters, path: string): INodeProperties[] {
	const node = { typeVersion } as INode;
	const [name, child] = path.split('.');
	const shown = description.properties.filter((property) => property.name === name && NodeHelpers.displayParameter(parameters, property, node, description));
	if (!child) return shown;
	return shown.flatMap((collection) => ((collection.options ?? []) as INodeProperties[]).filter((option) => option.name === child));
}

type Subject = 'program' | 'adSpace';
const LABEL: Record<Subject, string> = { program: 'Program', adSpace: 'Ad Space' };
const METHOD: Record<Subject, string> = { program: 'getPrograms', adSpace: 'getAdSpaces' };

/** Every field of the node that takes an ad space's or a program's ID, with the operation that shows it. */
const PARTNER_FIELDS: Array<[string, string, string, Subject, boolean]> = [
	['lostOrder', 'create', 'programId', 'program', false],
	['lostOrder', 'create', 'adSpaceId', 'adSpace', false],
	['lostOrder', 'getOrderStatus', 'programId', 'program', false],
	['lostOrder', 'getMany', 'filters.programId', 'program', false],
	['lostOrder', 'getMany', 'filters.adSpaceId', 'adSpace', false],
	['appeal', 'create', 'programId', 'program', false],
	['appeal', 'getMany', 'filters.programId', 'program', false],
	['appeal', 'getMany', 'filters.adSpaceId', 'adSpace', false],
	['category', 'getMany', 'filters.programIds', 'program', true],
	['category', 'getManyForProgram', 'programId', 'program', false],
	['landingPage', 'getMany', 'programId', 'program', false],
	['landingPage', 'getMany', 'adSpaceId', 'adSpace', false],
];
const TRIGGER_FIELDS: Array<[string, Subject]> = [
	['filters.programId', 'program'],
	['filters.adSpaceId', 'adSpace'],
];

function expectText(fields: INodeProperties[], subject: Subject, several: boolean) {
	expect(fields).toHaveLength(1);
	expect(fields[0]).toMatchObject({ type: 'string', displayName: `${LABEL[subject]} ${several ? 'IDs' : 'ID'}` });
	expect(fields[0].typeOptions?.loadOptionsMethod).toBeUndefined();
}

function expectDropdown(fields: INodeProperties[], subject: Subject, several: boolean) {
	expect(fields).toHaveLength(1);
	expect(fields[0]).toMatchObject({
		type: several ? 'multiOptions' : 'options',
		displayName: `${LABEL[subject]} ${several ? 'Names or IDs' : 'Name or ID'}`,
		typeOptions: { loadOptionsMethod: METHOD[subject] },
		default: several ? [] : '',
	});
	expect(fields[0].description).toMatch(new RegExp(`\\. Choose from the list, or specify ${several ? 'IDs' : 'an ID'} using an `));
	expect(fields[0].description?.endsWith(`${EXPRESSION_LINK}.`)).toBe(true);
}

describe('Affiliate Partner: ad spaces and programs are dropdowns from version 1.3, text before', () => {
	test('new nodes get 1.3', () => {
		expect(partner.version).toEqual([1, 1.1, 1.2, 1.3]);
		expect(partner.defaultVersion).toBe(1.3);
	});

	describe.each(PARTNER_FIELDS)('%s %s: %s', (resource, operation, path, subject, several) => {
		test.each([1, 1.1, 1.2])('version %s: text, as saved', (version) => {
			expectText(shownAt(partner, version, { resource, operation }, path), subject, several);
		});
		test('version 1.3: a dropdown of the account\'s, by the same parameter name', () => {
			expectDropdown(shownAt(partner, 1.3, { resource, operation }, path), subject, several);
		});
	});

	test('a required ID stays required in the dropdown', () => {
		for (const [resource, operation, path] of PARTNER_FIELDS) {
			const [text] = shownAt(partner, 1.2, { resource, operation }, path);
			const [dropdown] = shownAt(partner, 1.3, { resource, operation }, path);
			expect([path, dropdown.required ?? false]).toEqual([path, text.required ?? false]);
		}
	});
});

describe('Affiliate Partner Trigger: its filters are dropdowns from version 1.2, text before', () => {
	test('new triggers get 1.2, and it loads both dropdowns', () => {
		expect(trigger.version).toEqual([1, 1.1, 1.2]);
		expect(trigger.defaultVersion).toBe(1.2);
		expect(Object.keys(new AffiliatePartnerTrigger().methods.loadOptions).sort()).toEqual(['getAdSpaces', 'getPrograms']);
	});

	describe.each(TRIGGER_FIELDS)('%s', (path, subject) => {
		test.each([1, 1.1])('version %s: text, as saved', (version) => {
			expectText(shownAt(trigger, version, { events: ['lostOrderCreated'] }, path), subject, false);
		});
		test('version 1.2: a dropdown', () => {
			expectDropdown(shownAt(trigger, 1.2, { events: ['lostOrderCreated'] }, path), subject, false);
		});
	});
});

test.each([
	['Affiliate Partner', partner, 1.3],
	['Affiliate Partner Trigger', trigger, 1.2],
])('%s %s: no field its newest version shows for an ad space or a program takes typed text', (_name, description, version) => {
	const ID_NAME = /^(programIds?|adSpaceIds?)$/;
	const seen: string[] = [];
	for (const property of description.properties) {
		const show = property.displayOptions?.show ?? {};
		const parameters = { resource: show.resource?.[0], operation: show.operation?.[0], events: ['lostOrderCreated'] } as INodeParameters;
		if (!NodeHelpers.displayParameter(parameters, property, { typeVersion: version } as INode, description)) continue;
		for (const field of [property, ...((property.options ?? []) as INodeProperties[])].filter((candidate) => ID_NAME.test(candidate.name))) {
			seen.push(`${String(parameters.resource)}:${String(parameters.operation)}:${field.name}`);
			expect([field.name, field.type]).toEqual([field.name, expect.stringMatching(/^(options|multiOptions)$/)]);
		}
	}
	expect(seen.length).toBeGreaterThanOrEqual(version === 1.3 ? PARTNER_FIELDS.length : TRIGGER_FIELDS.length);
});
