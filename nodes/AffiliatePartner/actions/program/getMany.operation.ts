import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import {
	CONNECTION_STATUS_OPTIONS,
	HAS_TOOL_OPTIONS,
	actionRatesListed,
	ofConnectionStatusAsked,
	shapePrograms,
	valuesOf,
} from '../../../shared/partnerPrograms';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { fieldChecks, isEmptyInput, readList, requireChoice } from '../../../shared/validation';
import { idFields, programOutputOptions, readAdSpaceId, readProgramShaping } from './fields';

const properties: INodeProperties[] = [
	...idFields(false),
	returnAll(),
	limit(),
	filtersCollection([
		{
			displayName: 'Connection Status',
			name: 'connectionStatus',
			type: 'options',
			options: CONNECTION_STATUS_OPTIONS,
			default: 'active',
			description: 'Only programs whose connection to the ad space is in this status',
		},
		{
			displayName: 'Has Tool',
			name: 'hasTool',
			type: 'multiOptions',
			options: HAS_TOOL_OPTIONS,
			default: [],
			description: 'Only programs that offer these tools (sent as has_tool, once per tool)',
		},
	]),
	programOutputOptions(),
];

const displayOptions = { show: { resource: ['program'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// Every field is checked, and every refusal reported at once, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const adSpaceId = checks.read(() => readAdSpaceId(this, itemIndex));
	const qs: IDataObject = {};
	if (!isEmptyInput(filters.connectionStatus)) {
		qs.connection_status = checks.read(() =>
			requireChoice(this, itemIndex, 'Connection Status', filters.connectionStatus, valuesOf(CONNECTION_STATUS_OPTIONS)),
		);
	}
	const tools = checks.read(() =>
		readList(this, itemIndex, 'Has Tool', filters.hasTool ?? []).map((tool) => requireChoice(this, itemIndex, 'Has Tool', tool, valuesOf(HAS_TOOL_OPTIONS))),
	);
	const shaping = checks.read(() => readProgramShaping(this, itemIndex));
	const limit = checks.read(() => readLimit(this, itemIndex));
	checks.done();
	// Repeated, has_tool=deeplink&has_tool=coupons (the transport sends arrays so).
	if (tools.length) qs.has_tool = [...new Set(tools)];
	const programs = await fetchPartnerList(this, {
		path: `/advcampaigns/website/${adSpaceId}/`,
		expect: listOf('id', 'a list of programs', {
			check: (program, asked) => ofConnectionStatusAsked(program, asked) ?? (shaping.onePerActionRate ? actionRatesListed(program, asked) : undefined),
		}),
		qs,
		limit,
		itemIndex,
	});
	return toItems(shapePrograms(programs, shaping), itemIndex);
}
