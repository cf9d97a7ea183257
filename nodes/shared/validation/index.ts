/**
 * Checks of parameter values before anything is sent (README, Operations: "Bad input never
 * reaches the service"). An expression may yield any type where the field expects text or an ID,
 * so every helper checks the type first and says what it got, never "[object Object]".
 */
export type { ValidationContext } from './describe';
export { describeValue, quoted, received, thousands } from './describe';
export { fieldRefusal, invalidInput, isFieldRefusal } from './refusals';
export type { FieldChecks } from './fieldChecks';
export { fieldChecks } from './fieldChecks';
export { findControlCharacter, isEmptyInput, optionalText, readList, requireMaxLength, requireText, scalarText } from './text';
export {
	booleanFrom,
	optionalDate,
	optionalInstant,
	optionalId,
	optionalNumber,
	readBoolean,
	readIdList,
	requireAmount,
	requireChoice,
	requireDate,
	requireId,
	requireInstant,
	requireNumber,
} from './values';
export { CLICK_SUB_ID_MAX_LENGTH, optionalClickSubId } from './clickSubId';
