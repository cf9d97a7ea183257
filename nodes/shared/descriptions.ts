import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** The Return All / Limit pair every list operation has. */
export function returnAllAndLimit(show: IDisplayOptions['show'], maxPerPage = 500): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			hint: `Above ${maxPerPage} the node reads several pages`,
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
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
export function optionsCollection(show: IDisplayOptions['show'], options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options,
	};
}
