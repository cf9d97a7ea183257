import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions';
import { flattenOption, flattenRecord } from '../../shared/flatten';
import { decimalStringsToNumbers, decimalsAsNumbersOption } from '../../shared/numbers';

/** Appeal claims carry these amounts as decimal strings ("12.50"); lost orders carry numbers (spec, 2.2). */
const APPEAL_DECIMAL_FIELDS = ['order_price', 'estimated_reward', 'reward'];

export type ClaimKind = 'lostOrder' | 'appeal';

/** The Options of an operation that outputs claims: how the records are shaped. */
export function claimOutputOptions(kind: ClaimKind): INodeProperties {
	return optionsCollection(kind === 'appeal' ? [decimalsAsNumbersOption, flattenOption] : [flattenOption]);
}

/** The claims as the service sent them, or shaped as the operation's Options ask. */
export function claimRecords(context: IExecuteFunctions, itemIndex: number, records: IDataObject[], kind: ClaimKind): IDataObject[] {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	let shaped = records;
	if (kind === 'appeal' && options.decimalsAsNumbers === true) {
		shaped = shaped.map((record) => decimalStringsToNumbers(record, APPEAL_DECIMAL_FIELDS));
	}
	if (options.flatten === true) shaped = shaped.map((record) => flattenRecord(record));
	return shaped;
}
