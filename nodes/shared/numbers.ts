import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** The option that turns the API's decimal strings ("12.50") into numbers (12.5). */
export const decimalsAsNumbersOption: INodeProperties = {
	displayName: 'Decimals as Numbers',
	name: 'decimalsAsNumbers',
	type: 'boolean',
	default: false,
	description:
		'Whether to turn amounts the service sends as decimal strings (such as "12.50") into numbers. Off keeps the values exactly as the service sends them.',
};

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A copy of the record with the named fields converted when they are decimal strings. */
export function decimalStringsToNumbers(record: IDataObject, fields: string[]): IDataObject {
	const copy: IDataObject = { ...record };
	for (const field of fields) {
		const value = copy[field];
		if (typeof value === 'string' && DECIMAL.test(value.trim())) copy[field] = Number(value);
	}
	return copy;
}

/** The records as the service sent them, or with the named decimal-string fields as numbers when `options.decimalsAsNumbers` is on. */
export function applyDecimalsAsNumbers(
	context: IExecuteFunctions,
	itemIndex: number,
	records: IDataObject[],
	fields: string[],
): IDataObject[] {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.decimalsAsNumbers !== true) return records;
	return records.map((record) => decimalStringsToNumbers(record, fields));
}
