export type { ApiName } from './apis';
export { apiRequest } from './request';
export type { ApiRequest, TransportContext } from './request';
export {
	CLICK_PAGE_SIZE,
	PARTNER_MAX_PAGE_SIZE,
	fetchClickReport,
	fetchClickReportWindows,
	fetchPartnerList,
	readClickPage,
	readClickRange,
} from './pagination';
export type { ClickPage, ClickReportRequest, ListRequest } from './pagination';
