export { CLICK_REPORT_PATH, adSpaceIdFilter, merchantIdFilter, subIdFilter, clickItemFilterQuery } from './filters';
export { CLICK_PAGE_SIZE, readClickPage, readClickRange, tooManyClicksError, updatedAtRange } from './pages';
export type { ClickItem, ClickPage, ClickQuery, RangeRead } from './pages';
export { MAX_PERIOD_DAYS, checkPeriod, periodQueries, splitIntoWindows, todayUtc } from './periods';
export type { ClickPeriod, PeriodCheck } from './periods';
export { fetchClickReport, fetchClickReportWindows } from './returnAll';
export type { ClickReportRequest } from './returnAll';
export { answeredNoEarlierThan, estimateOffset, offsetBounds } from './serviceClock';
export type { ClockSample } from './serviceClock';
