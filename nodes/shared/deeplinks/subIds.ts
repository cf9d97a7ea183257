/**
 * The sub IDs of a deeplink, `subid` and `subid1`…`subid4`, with the generator's own limits: at
 * most 50 characters, 120 for `subid4`, and never the sequence `%00`
 * (../shared/spec/published-api-facts.md, sections 3 and 12.11). They are stricter than the
 * statistics filters' 250, so they have their own table.
 */
import type { IDataObject } from 'n8n-workflow';

import { SUB_ID_FIELDS } from '../partnerStatistics/scopeFields';
import type { FieldChecks, ValidationContext } from '../validation';
import { invalidInput, optionalText } from '../validation';

export const DEEPLINK_SUB_ID_MAX_LENGTH = 50;
export const DEEPLINK_SUB_ID4_MAX_LENGTH = 120;

/** Each sub ID field (its parameter, query name and label, as the Action filters have them) with its limit. */
export const DEEPLINK_SUB_IDS = SUB_ID_FIELDS.map((field) => ({
	...field,
	max: field.query === 'subid4' ? DEEPLINK_SUB_ID4_MAX_LENGTH : DEEPLINK_SUB_ID_MAX_LENGTH,
}));

/** Where `%00` starts in a text (1-based), or undefined: the generator refuses the sequence in any value. */
export function percentNulAt(text: string): number | undefined {
	const index = text.indexOf('%00');
	return index < 0 ? undefined : index + 1;
}

/** The query names and values of the sub IDs given; every refusal, naming its field, kept in `checks`. */
export function readDeeplinkSubIds(context: ValidationContext, itemIndex: number, given: IDataObject, checks: FieldChecks): Record<string, string> {
	const subIds: Record<string, string> = {};
	for (const field of DEEPLINK_SUB_IDS) {
		// Length and control characters (a NUL among them), as every text field.
		const text = checks.read(() => optionalText(context, itemIndex, field.label, given[field.name], field.max));
		if (text === undefined) continue;
		const nulAt = percentNulAt(text);
		if (nulAt !== undefined) {
			checks.refuse(invalidInput(context, itemIndex, field.label, `must not hold "%00" (the service refuses it), found at character ${nulAt}`));
			continue;
		}
		subIds[field.query] = text;
	}
	return subIds;
}
