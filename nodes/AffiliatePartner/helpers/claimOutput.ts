import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions';
import { flattenOption, flattenRecord } from '../../shared/flatten';
import { decimalStringsToNumbers, decimalsAsNumbersOption } from '../../shared/numbers';
import { readBoolean } from '../../shared/validation';

/** Appeal claims carry these amounts as decimal strings ("12.50"); lost orders carry numbers (spec, 2.2). */
const APPEAL_DECIMAL_FIELDS = ['order_price', 'estimated_reward', 'reward'];

export type ClaimKind = 'lostOrder' | 'appeal';

/** The Options of an operation that outputs claims: how the records are shaped. */
export function claimOutputOptions(kind: ClaimKind): INodeProperties {
	return optionsCollection(kind === 'appeal' ? [decimalsAsNumbersOption, flattenOption] : [flattenOption]);
}

/**
 * How the operation's Options shape its claims. Read it before the request: an option that is not
 * a boolean is refused before anything is sent (after a create, the claim would exist all the same).
 */
export function claimShaping(context: IExecuteFunctions, itemIndex: number, kind: ClaimKind): (records: IDataObject[]) => IDataObject[] {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const decimals = kind === 'appeal' && readBoolean(context, itemIndex, 'Decimals as Numbers', options.decimalsAsNumbers);
	const flatten = readBoolean(context, itemIndex, 'Flatten Nested Fields', options.flatten);
	return (records) => {
		let shaped = records;
		if (decimals) shaped = shaped.map((record) => decimalStringsToNumbers(record, APPEAL_DECIMAL_FIELDS));
		if (flatten) shaped = shaped.map((record) => flattenRecord(record));
		return shaped;
	};
}
