/**
 * Fields that take an ad space's or a program's ID. In the versions before the dropdowns they are
 * text ("Program ID"); from then on dropdowns of the account's ad spaces and programs ("Program
 * Name or ID", loaded by getAdSpaces and getPrograms), to which an expression can still give any
 * ID. Both keep the parameter's name and hold the same value (the ID, or a list of IDs), read by
 * the same checks, named as the node's version shows the field (docs/nodes.md, Affiliate Partner).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { ValidationContext } from './validation';
import { byVersionRange } from './versionRanges';

export type IdInput = 'text' | 'dropdown';
export type IdSubject = 'adSpace' | 'program';

const SUBJECTS: Record<IdSubject, { label: string; loadOptionsMethod: string }> = {
	adSpace: { label: 'Ad Space', loadOptionsMethod: 'getAdSpaces' },
	program: { label: 'Program', loadOptionsMethod: 'getPrograms' },
};

/** "Program ID" as text, "Program Name or ID" as a dropdown; of several, "Program IDs" and "Program Names or IDs". */
export function idFieldName(subject: IdSubject, input: IdInput, several = false): string {
	const { label } = SUBJECTS[subject];
	if (input === 'text') return several ? `${label} IDs` : `${label} ID`;
	return several ? `${label} Names or IDs` : `${label} Name or ID`;
}

const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

interface IdFieldBase {
	name: string;
	required?: boolean;
	/** Several IDs: a list as text, a `multiOptions` dropdown. */
	several?: boolean;
	/** The text field's. */
	placeholder?: string;
	/** The text field's description, whole. */
	textDescription: string;
	/** What the dropdown picks, ending without a full stop ("The affiliate program (advcampaign)"). */
	dropdownDescription: string;
}

/** An ad space or program field as text, or as a dropdown of the account's: one (`options`) or several (`multiOptions`). */
export function idField(subject: IdSubject, input: IdInput, base: IdFieldBase): INodeProperties {
	const { name, required, several = false, placeholder } = base;
	const shared = { displayName: idFieldName(subject, input, several), name, ...(required ? { required: true } : {}) };
	if (input === 'text') {
		return { ...shared, type: 'string', default: '', ...(placeholder === undefined ? {} : { placeholder }), description: base.textDescription };
	}
	return {
		...shared,
		type: several ? 'multiOptions' : 'options',
		typeOptions: { loadOptionsMethod: SUBJECTS[subject].loadOptionsMethod },
		default: several ? [] : '',
		description: `${base.dropdownDescription}. Choose from the list, or specify ${several ? 'IDs' : 'an ID'} using an ${EXPRESSION_LINK}.`,
	};
}

/** The input the running node's version has, dropdowns being there from `dropdownsSince`. */
export function idInputOf(context: ValidationContext, dropdownsSince: number): IdInput {
	return context.getNode().typeVersion >= dropdownsSince ? 'dropdown' : 'text';
}

/**
 * The properties `make` gives, once with ID fields as text for the versions before
 * `dropdownsSince` and once as dropdowns from `dropdownsSince` on: same names, so a workflow keeps
 * its values.
 */
export function byIdInput(dropdownsSince: number, make: (input: IdInput) => INodeProperties[]): INodeProperties[] {
	return byVersionRange([dropdownsSince], (since) => make(since(dropdownsSince) ? 'dropdown' : 'text'));
}
