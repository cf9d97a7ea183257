import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean } from './validation';

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

/**
 * What `options.decimalsAsNumbers` asks of the records: the named decimal-string fields as
 * numbers, or the records as the service sent them. Read it before the request, so that a value
 * that is not a boolean is refused before anything is sent.
 */
export function decimalsAsNumbers(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: string[],
): (records: IDataObject[]) => IDataObject[] {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (!readBoolean(context, itemIndex, 'Decimals as Numbers', options.decimalsAsNumbers)) return (records) => records;
	return (records) => records.map((record) => decimalStringsToNumbers(record, fields));
}
