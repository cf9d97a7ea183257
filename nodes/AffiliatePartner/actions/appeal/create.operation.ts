import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { oneRecord } from '../../../shared/transport';
import { createClaim } from '../../helpers/claimCreate';
import type { ClaimFormFields } from '../../helpers/claimCreate';
import { additionalFields, appealIdField, commentField, orderIdField, readClaimNotes, readOrderId } from '../../helpers/claimFields';
import { programIdField, readProgramId } from '../../helpers/fields';
import { ID_DROPDOWNS_SINCE } from '../../helpers/versions';
import { byIdInput } from '../../../shared/partnerIds';
import { claimOutputOptions, claimShaping } from '../../helpers/claimOutput';
import { fieldChecks } from '../../../shared/validation';
import { readReceipt, receiptField } from '../../helpers/receipt';

const properties: INodeProperties[] = [
	...byIdInput(ID_DROPDOWNS_SINCE, (input) => [programIdField(input, { placeholder: '6115' })]),
	orderIdField(),
	receiptField(),
	additionalFields([appealIdField, commentField]),
	claimOutputOptions('appeal'),
];

const displayOptions = { show: { resource: ['appeal'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	// Every field and the receipt are checked, and every refusal reported at once, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const fields: ClaimFormFields = [
		['advcampaign', checks.read(() => readProgramId(this, itemIndex))],
		['order_id', checks.read(() => readOrderId(this, itemIndex))],
		...readClaimNotes(this, itemIndex, extra, checks),
	];
	const shape = checks.read(() => claimShaping(this, itemIndex, 'appeal'));
	const receipt = await checks.readAsync(async () => await readReceipt(this, itemIndex));
	checks.done();
	const record = await createClaim(
		this,
		itemIndex,
		{ path: '/appeals/create/', expect: oneRecord('id', 'the created appeal claim') },
		fields,
		receipt,
	);
	return toItems(shape([record]), itemIndex);
}
