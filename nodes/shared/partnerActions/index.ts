export { ACTION_STATUS_OPTIONS, actionFilters, readActionFilters } from './filters';
export { actionAnswersQuery } from './answerCheck';
export { ACTION_ORDER_BY, actionOrderByOption, onePerPositionOption, positionsListed, shapeActions } from './output';
export type { ActionShaping } from './output';
export { queryStampText, readWallClock, stampText, toServiceDateTime, toStampText } from './serviceTime';
export type { WallClock } from './serviceTime';
