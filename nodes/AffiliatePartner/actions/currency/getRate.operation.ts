import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { byDateInput, dateProperty } from '../../../shared/dateFields';
import { toPartnerDate } from '../../../shared/dates';
import { optionsCollection } from '../../../shared/descriptions';
import { toItems } from '../../../shared/execution';
import { decimalsAsNumbers, decimalsAsNumbersOption } from '../../../shared/numbers';
import { apiRequest, exchangeRate } from '../../../shared/transport';
import { requireDate } from '../../../shared/validation';
import { requireCurrencyCode } from '../../helpers/reference';
import { DATES_AS_TEXT_SINCE } from '../../helpers/versions';

const properties: INodeProperties[] = [
	{
		displayName: 'Base Currency Name or ID',
		name: 'baseCurrency',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCurrencies' },
		required: true,
		default: '',
		description:
			'The currency to convert from (ISO 4217 code such as USD). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Target Currency Name or ID',
		name: 'targetCurrency',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCurrencies' },
		required: true,
		default: '',
		description:
			'The currency to convert to (ISO 4217 code such as EUR). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	...byDateInput(DATES_AS_TEXT_SINCE, (input) => [dateProperty('day', input, { displayName: 'Date', name: 'date', required: true, description: 'The day of the rate' })]),
	optionsCollection([decimalsAsNumbersOption]),
];

const displayOptions = { show: { resource: ['currency'], operation: ['getRate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const base = requireCurrencyCode(this, itemIndex, 'Base Currency Name or ID', this.getNodeParameter('baseCurrency', itemIndex));
	const target = requireCurrencyCode(this, itemIndex, 'Target Currency Name or ID', this.getNodeParameter('targetCurrency', itemIndex));
	const date = requireDate(this, itemIndex, 'Date', this.getNodeParameter('date', itemIndex));
	const shape = decimalsAsNumbers(this, itemIndex, ['rate']);

	const rate = await apiRequest<IDataObject>(this, 'partner', {
		method: 'GET',
		path: '/currencies/rate/',
		expect: exchangeRate,
		qs: { base, target, date: toPartnerDate(date) },
		itemIndex,
	});
	// base * rate = target; the rate is a decimal string unless asked otherwise.
	return toItems(shape([rate]), itemIndex);
}
