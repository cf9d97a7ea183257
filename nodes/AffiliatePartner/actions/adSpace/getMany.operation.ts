import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import type { RecordCheck } from '../../../shared/transport';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { fieldChecks, isEmptyInput, requireChoice } from '../../../shared/validation';

/** `status`: new, active, suspended (D); pending and declined (T: PY) (published-api-facts.md, section 6). */
const STATUS_OPTIONS = [
	{ name: 'Active', value: 'active' },
	{ name: 'Declined', value: 'declined' },
	{ name: 'New', value: 'new' },
	{ name: 'Pending', value: 'pending' },
	{ name: 'Suspended', value: 'suspended' },
];

/** `campaign_status`: the status of the ad space's connection to programs (D, T). */
const CONNECTION_STATUS_OPTIONS = [
	{ name: 'Active', value: 'active' },
	{ name: 'Declined', value: 'declined' },
	{ name: 'Disabled', value: 'disabled' },
	{ name: 'Pending', value: 'pending' },
];

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	filtersCollection([
		{
			displayName: 'Program Connection Status',
			name: 'campaignStatus',
			type: 'options',
			options: CONNECTION_STATUS_OPTIONS,
			default: 'active',
			description: 'Only ad spaces with a program connection in this status',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: STATUS_OPTIONS,
			default: 'active',
			description: 'Only ad spaces in this status',
		},
	]),
];

const displayOptions = { show: { resource: ['adSpace'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** An ad space in another status than the filter asked for: a filter the service ignored, never data. */
const ofStatusAsked: RecordCheck = (record, asked) => {
	const status = asked.qs?.status;
	if (status === undefined || record.status === status) return undefined;
	return `is in status ${JSON.stringify(record.status)}, not the ${String(status)} the filter Status asked for`;
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const checks = fieldChecks(this, itemIndex);
	const qs: IDataObject = {};
	if (!isEmptyInput(filters.status)) {
		qs.status = checks.read(() => requireChoice(this, itemIndex, 'Status', filters.status, STATUS_OPTIONS.map((option) => option.value)));
	}
	if (!isEmptyInput(filters.campaignStatus)) {
		const values = CONNECTION_STATUS_OPTIONS.map((option) => option.value);
		qs.campaign_status = checks.read(() => requireChoice(this, itemIndex, 'Program Connection Status', filters.campaignStatus, values));
	}
	const limit = checks.read(() => readLimit(this, itemIndex));
	checks.done();
	// The docs show a bare array, Admitad's own client's mock {results, _meta}: both are taken.
	const records = await fetchPartnerList(this, {
		path: '/websites/v2/',
		expect: listOf('id', 'a list of ad spaces', { bareArray: true, check: ofStatusAsked }),
		qs,
		limit,
		itemIndex,
	});
	return toItems(records, itemIndex);
}
