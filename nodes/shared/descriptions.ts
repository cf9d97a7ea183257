/**
 * Fields that many operations share. They carry no resource or operation: each operation file
 * lists the fields it shows and scopes them all at once with `updateDisplayOptions`.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export function returnAll(): INodeProperties {
	return {
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	};
}

/** Limit, shown while Return All is off; above `maxPerPage` the node reads several pages. */
export function limit(maxPerPage = 500): INodeProperties {
	return {
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		hint: `Above ${maxPerPage} the node reads several pages`,
		displayOptions: { show: { returnAll: [false] } },
	};
}

/** The Operation dropdown of one resource. */
export function operationSelector(
	resource: string,
	operations: INodePropertyOptions[],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations,
		default: defaultOperation,
	};
}

/** The Options collection of an operation: optional settings of how it reads or shapes its output. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/** The Filters collection of a list operation. */
export function filtersCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options,
	};
}
