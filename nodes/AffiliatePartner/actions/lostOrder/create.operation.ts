import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { byDateInput, dateProperty } from '../../../shared/dateFields';
import { toPartnerDate } from '../../../shared/dates';
import { DATES_AS_TEXT_SINCE, ID_DROPDOWNS_SINCE } from '../../helpers/versions';
import { toItems } from '../../../shared/execution';
import { oneRecord } from '../../../shared/transport';
import { byIdInput, idField } from '../../../shared/partnerIds';
import type { IdInput } from '../../../shared/partnerIds';
import { fieldChecks, optionalNumber, requireAmount, requireDate } from '../../../shared/validation';
import { createClaim } from '../../helpers/claimCreate';
import type { ClaimFormFields } from '../../helpers/claimCreate';
import { additionalFields, appealIdField, commentField, orderIdField, readClaimNotes, readOrderId } from '../../helpers/claimFields';
import { programIdField, readAdSpaceId, readProgramId } from '../../helpers/fields';
import { claimOutputOptions, claimShaping } from '../../helpers/claimOutput';
import { readReceipt, receiptField } from '../../helpers/receipt';

const adSpaceIdField = (input: IdInput): INodeProperties =>
	idField('adSpace', input, {
		name: 'adSpaceId',
		required: true,
		placeholder: '22',
		textDescription: 'ID of the ad space (website) the order came through',
		dropdownDescription: 'The ad space (website) the order came through',
	});

const properties: INodeProperties[] = [
	...byIdInput(ID_DROPDOWNS_SINCE, (input) => [programIdField(input, { placeholder: '6115' }), adSpaceIdField(input)]),
	orderIdField(),
	...byDateInput(DATES_AS_TEXT_SINCE, (input) => [
		dateProperty('day', input, { displayName: 'Order Date', name: 'orderDate', required: true, description: 'The day the order was placed' }),
	]),
	{
		displayName: 'Order Price',
		name: 'orderPrice',
		type: 'number',
		required: true,
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description: 'The order amount, more than 0',
		displayOptions: { show: { '@version': [1] } },
	},
	{
		// From version 1.1 the field starts empty, so that a create left unfilled is flagged
		// instead of sending 0 (CHANGELOG.md, 0.1.0).
		displayName: 'Order Price',
		name: 'orderPrice',
		type: 'number',
		required: true,
		typeOptions: { numberPrecision: 2 },
		default: null,
		placeholder: 'e.g. 1999.90',
		description: 'The order amount, more than 0',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
	},
	receiptField(),
	additionalFields([
		appealIdField,
		commentField,
		{
			displayName: 'Estimated Reward',
			name: 'estimatedReward',
			type: 'number',
			typeOptions: { numberPrecision: 2 },
			default: 0,
			description: 'The reward you expect for the order',
		},
	]),
	claimOutputOptions('lostOrder'),
];

const displayOptions = { show: { resource: ['lostOrder'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const parameter = (name: string) => this.getNodeParameter(name, itemIndex);
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	// Every field and the receipt are checked, and every refusal reported at once, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const fields: ClaimFormFields = [
		['advcampaign', checks.read(() => readProgramId(this, itemIndex))],
		['website', checks.read(() => readAdSpaceId(this, itemIndex, true))],
		['order_id', checks.read(() => readOrderId(this, itemIndex))],
		['order_date', checks.read(() => toPartnerDate(requireDate(this, itemIndex, 'Order Date', parameter('orderDate'))))],
		['order_price', checks.read(() => requireAmount(this, itemIndex, 'Order Price', parameter('orderPrice')))],
		...readClaimNotes(this, itemIndex, extra, checks),
		['estimated_reward', checks.read(() => optionalNumber(this, itemIndex, 'Estimated Reward', extra.estimatedReward))],
	];
	const shape = checks.read(() => claimShaping(this, itemIndex, 'lostOrder'));
	const receipt = await checks.readAsync(async () => await readReceipt(this, itemIndex));
	checks.done();
	const record = await createClaim(
		this,
		itemIndex,
		{ path: '/lost_orders/create/', expect: oneRecord('id', 'the created lost order') },
		fields,
		receipt,
	);
	return toItems(shape([record]), itemIndex);
}
