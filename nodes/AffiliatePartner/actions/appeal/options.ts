import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { applyDecimalsAsNumbers, decimalsAsNumbersOptions } from '../../../shared/numbers';

/** Appeal claims carry these amounts as decimal strings ("12.50"); lost orders carry numbers. */
const DECIMAL_FIELDS = ['order_price', 'estimated_reward', 'reward'];

export function appealOptions(show: IDisplayOptions['show']): INodeProperties {
	return decimalsAsNumbersOptions(show);
}

export function appealRecords(context: IExecuteFunctions, itemIndex: number, records: IDataObject[]): IDataObject[] {
	return applyDecimalsAsNumbers(context, itemIndex, records, DECIMAL_FIELDS);
}
