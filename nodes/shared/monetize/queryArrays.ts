/**
 * How a list filter goes into the query of the click service's coupon list. The record's only
 * client sends PHP-style indexed keys (`languageCodes[0]=en&languageCodes[1]=de`); what the server
 * expects is not shown (../shared/spec/published-api-facts.md, section 11). The indexed form is
 * sent: it is what a working client sends, and a server that parses queries the common way (PHP,
 * or Node's `qs`) reads it as a list even with one entry, where a lone repeated `languageCodes=en`
 * reads as a single text. docs/nodes.md (Click Report, Coupon) says so; a correction is this one line.
 */
import type { IDataObject } from 'n8n-workflow';

export type ArrayQueryForm = 'indexed' | 'repeat';

export const ARRAY_QUERY_FORM: ArrayQueryForm = 'indexed';

/**
 * Puts a list into a query in `form`. The transport sends an array value as repeated parameters
 * (`arrayFormat: 'repeat'`), so the indexed form is built here as keys of its own.
 */
export function putQueryArray(qs: IDataObject, name: string, values: readonly string[], form: ArrayQueryForm = ARRAY_QUERY_FORM): void {
	if (values.length === 0) return;
	if (form === 'repeat') {
		qs[name] = [...values];
		return;
	}
	values.forEach((value, index) => {
		qs[`${name}[${index}]`] = value;
	});
}

/** The list a query carries under `name` in either form, in order, or undefined when it carries none. */
export function queryArray(qs: IDataObject, name: string): string[] | undefined {
	const repeated = qs[name];
	if (repeated !== undefined) return (Array.isArray(repeated) ? repeated : [repeated]).map(String);
	const indexed: string[] = [];
	for (let index = 0; qs[`${name}[${index}]`] !== undefined; index++) indexed.push(String(qs[`${name}[${index}]`]));
	return indexed.length > 0 ? indexed : undefined;
}
