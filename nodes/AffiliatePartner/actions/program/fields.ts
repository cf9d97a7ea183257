/**
 * The fields the Program operations share: the ad space, the program, and how programs are output.
 * Ad space and program are dropdowns in every version of the node, as the resource is new (no saved
 * workflow has text there); an expression can still give any ID.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { decimalsAsNumbersOption } from '../../../shared/numbers';
import { idField, idFieldName } from '../../../shared/partnerIds';
import type { ProgramShaping } from '../../../shared/partnerPrograms';
import { onePerActionRateOption } from '../../../shared/partnerPrograms';
import { listingAdSpacePrograms } from '../../../shared/partnerPrograms/loadOptions';
import { readBoolean, requireId } from '../../../shared/validation';
import { programIdField } from '../../helpers/fields';

const AD_SPACE_FIELD = idFieldName('adSpace', 'dropdown');
const PROGRAM_FIELD = idFieldName('program', 'dropdown');

/**
 * Ad Space, and Program when the operation is about one program: `ofAdSpace` lists the ad space's
 * programs (Get, Leave), otherwise the account's (Join: a program the ad space may not have yet).
 */
export const idFields = (withProgram: boolean, ofAdSpace = false): INodeProperties[] => [
	idField('adSpace', 'dropdown', {
		name: 'adSpaceId',
		required: true,
		textDescription: '',
		dropdownDescription: 'The ad space (website) whose programs these are',
	}),
	...(withProgram ? [ofAdSpace ? listingAdSpacePrograms(programIdField('dropdown')) : programIdField('dropdown')] : []),
];

export const readAdSpaceId = (context: IExecuteFunctions, itemIndex: number): string =>
	requireId(context, itemIndex, AD_SPACE_FIELD, context.getNodeParameter('adSpaceId', itemIndex));

export const readProgramId = (context: IExecuteFunctions, itemIndex: number): string =>
	requireId(context, itemIndex, PROGRAM_FIELD, context.getNodeParameter('programId', itemIndex));

export const programOutputOptions = (): INodeProperties =>
	optionsCollection([
		{
			...decimalsAsNumbersOption,
			description: `${decimalsAsNumbersOption.description} Here: the program's rating and trends (cr_trend, ecpc_trend, epc_trend) and the rates' size and price_s.`,
		},
		onePerActionRateOption,
	]);

/** How the programs are output; read before any request, so that a value that is no boolean is refused first. */
export function readProgramShaping(context: IExecuteFunctions, itemIndex: number): ProgramShaping {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		decimalsAsNumbers: readBoolean(context, itemIndex, 'Decimals as Numbers', options.decimalsAsNumbers),
		onePerActionRate: readBoolean(context, itemIndex, 'One Item per Action Rate', options.onePerActionRate),
	};
}
