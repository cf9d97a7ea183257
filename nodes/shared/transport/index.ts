export type { ApiName } from './apis';
export { apiRequest } from './request';
export type { ApiRequest, TransportContext } from './request';
export { fetchClickReport, fetchPartnerList, CLICK_PAGE_SIZE, PARTNER_MAX_PAGE_SIZE } from './pagination';
export type { ListRequest } from './pagination';
