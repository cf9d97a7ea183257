export { CONNECTION_STATUS_OPTIONS, HAS_TOOL_OPTIONS, ofConnectionStatusAsked, valuesOf } from './filters';
export { PROGRAM_DECIMAL_FIELDS, RATE_DECIMAL_FIELDS, actionRatesListed, onePerActionRateOption, shapePrograms } from './output';
export type { ProgramShaping } from './output';
export { membershipAnswerViolation, programAnswerViolation, programOfAnswer } from './answers';
export type { Membership } from './answers';
