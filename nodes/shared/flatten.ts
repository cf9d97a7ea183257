import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** The option that turns nested records into columns a spreadsheet takes as they are. */
export const flattenOption: INodeProperties = {
	displayName: 'Flatten Nested Fields',
	name: 'flatten',
	type: 'boolean',
	default: false,
	description:
		'Whether to turn nested records into fields of their own, such as website: {ID, name} into website_id and website_name, so that each lands in its own column of a sheet',
};

const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * A copy of the record with every nested record's fields lifted to the top, joined to its key
 * with `_` at any depth (`{website: {id: 1}}` → `{website_id: 1}`). Lists stay as they are.
 * The records this is used on have no top-level field named like a lifted one (spec, 2.2).
 */
export function flattenRecord(record: IDataObject, prefix = ''): IDataObject {
	const flat: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const name = prefix ? `${prefix}_${key}` : key;
		if (isRecord(value)) Object.assign(flat, flattenRecord(value, name));
		else flat[name] = value;
	}
	return flat;
}
