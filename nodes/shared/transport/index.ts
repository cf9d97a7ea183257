export type { ApiName } from './apis';
export { apiRequest } from './request';
export type { ApiRequest, TransportContext } from './request';
export { PARTNER_MAX_PAGE_SIZE, fetchPartnerList } from './partnerList';
export type { ListRequest } from './partnerList';
export {
	CLICK_PAGE_SIZE,
	fetchClickReport,
	fetchClickReportWindows,
	readClickPage,
	readClickRange,
} from './clickPages';
export type { ClickPage, ClickReportRequest } from './clickPages';
export { resolveAccount } from './account';
